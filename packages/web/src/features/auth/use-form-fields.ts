import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from './validation';

/**
 * Minimal form state for the account pages: values, which fields were edited and left, and the
 * translated errors that are visible (those fields, or all after a submit attempt).
 */
export function useFormFields<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [dirty, setDirty] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => validate(values), [validate, values]);

  const visible = useMemo(() => {
    const out: Partial<Record<F, string>> = {};
    for (const field of Object.keys(errors) as F[]) {
      const error = errors[field];
      if (error && (submitted || touched[field])) out[field] = t(error.key, error.values);
    }
    return out;
  }, [errors, submitted, touched, t]);

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    error: visible[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
    },
    // Leaving a field the user never typed in is not a mistake yet: no message for it.
    onBlur: () => {
      if (dirty[field]) setTouched((s) => ({ ...s, [field]: true }));
    },
  });

  /** Marks the form as submitted; true when it has no errors. */
  const attemptSubmit = () => {
    setSubmitted(true);
    return Object.keys(errors).length === 0;
  };

  // The submit button is disabled while errors stand after a submit attempt; before the
  // first attempt it stays enabled so that clicking it reveals every message at once.
  const blocked = submitted && Object.keys(errors).length > 0;
  return { values, bind, attemptSubmit, blocked };
}
