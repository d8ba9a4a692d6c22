import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { EditablePart } from './editable-parts';

/** The key the shortcuts take with them: Cmd on Apple systems, Ctrl elsewhere (both work). */
function modifierKeyName(): string {
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl';
}

/**
 * Inline edit: Save and submit, Save only, Cancel. Escape cancels; Ctrl/Cmd+Enter saves
 * and submits; Ctrl/Cmd+S saves. Answers have no submit (they are edited in place). Each text or
 * think part of the message has its own box (think parts labelled as thoughts), so reasoning is
 * kept, or edited, apart from the text; the text is required.
 */
export function MessageEditor({
  parts,
  canSubmit,
  onSave,
  onSubmit,
  onCancel,
}: {
  parts: readonly EditablePart[];
  canSubmit: boolean;
  /** The new text of each part, in the order of `parts`. */
  onSave: (texts: string[]) => void;
  onSubmit: (texts: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(() => parts.map((p) => p.text));
  const empty = parts.every((p, i) => p.type !== 'text' || texts[i]!.trim() === '');

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (mod && e.key === 'Enter' && !empty) {
      e.preventDefault();
      if (canSubmit) onSubmit(texts);
      else onSave(texts);
    } else if (mod && (e.key === 's' || e.key === 'S') && !empty) {
      e.preventDefault();
      onSave(texts);
    }
  };
  const focusLast = parts.findLastIndex((p) => p.type === 'text');

  return (
    <div
      className="w-full rounded-2xl border border-border-strong bg-surface p-2 shadow-sm"
      data-testid="message-editor"
    >
      {parts.map((part, i) => (
        <PartBox
          key={part.index ?? 'text'}
          value={texts[i]!}
          focus={i === focusLast}
          label={part.type === 'think' ? t('com_ui_thoughts') : null}
          ariaLabel={part.type === 'think' ? t('com_ui_thoughts') : t('com_ui_edit_message')}
          onChange={(value) => setTexts((all) => all.map((v, j) => (j === i ? value : v)))}
          onKeyDown={onKeyDown}
        />
      ))}
      <div className="flex flex-wrap items-center justify-end gap-2 px-1 pt-1">
        <span className="me-auto hidden text-xs text-fg-subtle sm:inline" data-testid="edit-hint">
          {t(canSubmit ? 'com_ui_edit_hint' : 'com_ui_edit_hint_save_only', { mod: modifierKeyName() })}
        </span>
        <Button variant="ghost" size="sm" onClick={onCancel} data-testid="edit-cancel">
          {t('com_ui_cancel')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={empty}
          onClick={() => onSave(texts)}
          data-testid="edit-save"
        >
          {t('com_ui_save')}
        </Button>
        {canSubmit && (
          <Button size="sm" disabled={empty} onClick={() => onSubmit(texts)} data-testid="edit-submit">
            {t('com_ui_save_submit')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** One part's box: grows with its text up to 480 px; the text box takes the focus on opening. */
function PartBox({
  value,
  focus,
  label,
  ariaLabel,
  onChange,
  onKeyDown,
}: {
  value: string;
  focus: boolean;
  label: string | null;
  ariaLabel: string;
  onChange: (value: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !focus) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    // Only when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 480)}px`;
  }, [value]);
  return (
    <>
      {label && <div className="px-2 pt-1 text-xs font-medium text-fg-subtle">{label}</div>}
      <textarea
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={ariaLabel}
        className={`block max-h-[480px] w-full resize-none bg-transparent px-2 py-1.5 outline-none ${label ? 'text-sm text-fg-muted' : 'text-[1em]'}`}
        rows={1}
        data-testid={label ? 'edit-thoughts' : undefined}
      />
    </>
  );
}
