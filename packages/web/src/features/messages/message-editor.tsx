import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The key the shortcuts take with them: Cmd on Apple systems, Ctrl elsewhere (both work). */
function modifierKeyName(): string {
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl';
}

/**
 * Inline edit: Save and submit, Save only, Cancel. Escape cancels; Ctrl/Cmd+Enter saves
 * and submits; Ctrl/Cmd+S saves. Answers have no submit (they are edited in place).
 */
export function MessageEditor({
  initial,
  canSubmit,
  onSave,
  onSubmit,
  onCancel,
}: {
  initial: string;
  canSubmit: boolean;
  onSave: (text: string) => void;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const empty = text.trim() === '';

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 480)}px`;
  }, [text]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (mod && e.key === 'Enter' && !empty) {
      e.preventDefault();
      if (canSubmit) onSubmit(text);
      else onSave(text);
    } else if (mod && (e.key === 's' || e.key === 'S') && !empty) {
      e.preventDefault();
      onSave(text);
    }
  };

  return (
    <div
      className="w-full rounded-2xl border border-border-strong bg-surface p-2 shadow-sm"
      data-testid="message-editor"
    >
      <textarea
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('com_ui_edit_message')}
        className="block max-h-[480px] w-full resize-none bg-transparent px-2 py-1.5 text-[1em] outline-none"
        rows={1}
      />
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
          onClick={() => onSave(text)}
          data-testid="edit-save"
        >
          {t('com_ui_save')}
        </Button>
        {canSubmit && (
          <Button size="sm" disabled={empty} onClick={() => onSubmit(text)} data-testid="edit-submit">
            {t('com_ui_save_submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
