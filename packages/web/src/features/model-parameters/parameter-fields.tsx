import { X } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coerceParam, controlsFor, type ParamControl } from './param-ranges';

const FIELD =
  'w-full rounded-lg border border-border bg-surface px-2.5 py-1.5 text-sm outline-none focus:border-accent';

/** The part of a chat setup or agent that picks the parameter controls: endpoint and model. */
export interface ParameterSetup {
  endpoint: string;
  endpointType?: string | null;
  model: string;
  [parameter: string]: unknown;
}

/**
 * The controls of a setup's model parameters with their ranges, without the popover around them
 * (the agent builder shows them in its form). `omit` leaves out parameters a caller sets elsewhere.
 */
export function ParameterFields<T extends ParameterSetup>({
  setup,
  onChange,
  omit = [],
}: {
  setup: T;
  onChange: (setup: T) => void;
  omit?: readonly string[];
}) {
  const controls = controlsFor(setup.endpoint, setup.endpointType, setup.model).filter(
    (c) => !omit.includes(c.key),
  );
  const set = (control: ParamControl, raw: unknown) => {
    const next: ParameterSetup = { ...setup };
    const value = coerceParam(control, raw);
    if (value === undefined) delete next[control.key];
    else next[control.key] = value;
    onChange(next as T);
  };
  return (
    <div className="space-y-4">
      {controls.map((control) => (
        <ControlRow
          key={control.key}
          control={control}
          value={setup[control.key]}
          onChange={(v) => set(control, v)}
        />
      ))}
    </div>
  );
}

function ControlRow({
  control,
  value,
  onChange,
}: {
  control: ParamControl;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`com_endpoint_${control.key}`);
  switch (control.kind) {
    case 'slider': {
      const current = typeof value === 'number' ? value : control.default;
      return (
        <div>
          <div className="mb-1 flex items-center justify-between gap-2">
            <label htmlFor={id} className="text-[13px] font-medium">
              {label}
            </label>
            <input
              type="number"
              aria-label={label}
              value={typeof value === 'number' ? value : ''}
              placeholder={String(control.default)}
              min={control.min}
              max={control.max}
              step={control.step}
              onChange={(e) => onChange(e.target.value)}
              className="h-7 w-24 rounded-md border border-border bg-surface px-2 text-end text-xs tabular-nums outline-none focus:border-accent"
              data-testid={`param-${control.key}`}
            />
          </div>
          <input
            id={id}
            type="range"
            min={control.min}
            max={control.max}
            step={control.step}
            value={current}
            onChange={(e) => onChange(Number(e.target.value))}
            className="w-full accent-[var(--accent)]"
          />
        </div>
      );
    }
    case 'number':
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-[13px] font-medium">
            {label}
          </label>
          <input
            id={id}
            type="number"
            min={control.min}
            max={control.max}
            value={typeof value === 'number' ? value : ''}
            placeholder={t('com_endpoint_system_default')}
            onChange={(e) => onChange(e.target.value)}
            className={FIELD}
          />
        </div>
      );
    case 'switch':
      return (
        <div className="flex items-center justify-between">
          <label htmlFor={id} className="text-[13px] font-medium">
            {label}
          </label>
          <Switch.Root
            id={id}
            checked={typeof value === 'boolean' ? value : control.default}
            onCheckedChange={onChange}
            className="relative h-5 w-9 rounded-full bg-border-strong data-[state=checked]:bg-accent"
          >
            <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[18px]" />
          </Switch.Root>
        </div>
      );
    case 'text':
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-[13px] font-medium">
            {label}
          </label>
          {control.multiline ? (
            <textarea
              id={id}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.target.value)}
              rows={3}
              className={`${FIELD} resize-y`}
            />
          ) : (
            <input
              id={id}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.target.value)}
              className={FIELD}
            />
          )}
        </div>
      );
    case 'tags':
      return (
        <TagsRow
          label={label}
          max={control.max}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
        />
      );
  }
}

/** Stop sequences: 0 to 4 tags, Enter adds, × removes. */
function TagsRow({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-1.5 rounded-lg border border-border bg-surface p-1.5">
        {value.map((tag, i) => (
          <span
            key={`${tag}-${i}`}
            className="inline-flex items-center gap-1 rounded-md bg-surface-muted px-2 py-0.5 text-xs"
          >
            {tag}
            <button
              type="button"
              aria-label={t('com_ui_remove')}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        {value.length < max && (
          <input
            id={id}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && draft.trim()) {
                e.preventDefault();
                onChange([...value, draft]);
                setDraft('');
              }
            }}
            placeholder={t('com_endpoint_stop_placeholder')}
            className="min-w-24 flex-1 bg-transparent px-1 text-sm outline-none"
          />
        )}
      </div>
    </div>
  );
}
