import { Check, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { HighlightedPrompt } from './highlighted-prompt';
import { textAreaClasses } from './prompt-fields';
import { VariableChips } from './variable-chips';

/**
 * The prompt text of the shown version. Edit opens a text box; leaving edit mode hands the text
 * to `onLeaveEdit`, which saves a new version only if it changed.
 */
export function PromptTextCard(props: {
  text: string;
  caption: string;
  saving: boolean;
  onLeaveEdit: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(props.text);
  const area = useRef<HTMLTextAreaElement>(null);

  // Another version selected: show its text.
  useEffect(() => {
    if (!editing) setDraft(props.text);
  }, [props.text, editing]);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.max(el.scrollHeight + 2, 160)}px`;
  }, [draft, editing]);

  const toggle = () => {
    if (editing) {
      setEditing(false);
      props.onLeaveEdit(draft);
      return;
    }
    setEditing(true);
    requestAnimationFrame(() => area.current?.focus());
  };

  return (
    <section
      className="rounded-2xl border border-border bg-surface-raised shadow-sm"
      data-testid="prompt-text-card"
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        <h3 className="text-sm font-semibold whitespace-nowrap">{t('prompts.text_label')}</h3>
        <span className="min-w-0 truncate text-xs text-fg-subtle" data-testid="shown-version">
          {props.caption}
        </span>
        <div className="flex-1" />
        <Button
          variant={editing ? 'primary' : 'ghost'}
          size="sm"
          onClick={toggle}
          loading={props.saving}
          disabled={editing && draft.trim() === ''}
          data-testid={editing ? 'finish-edit' : 'edit-prompt-text'}
        >
          {editing ? <Check className="size-4" aria-hidden /> : <Pencil className="size-4" aria-hidden />}
          {editing ? t('prompts.done') : t('prompts.edit')}
        </Button>
      </div>
      <div className="p-4">
        {editing ? (
          <textarea
            ref={area}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-label={t('prompts.text_label')}
            data-testid="prompt-text-editor"
            className={`${textAreaClasses} border-border-strong`}
          />
        ) : (
          <button
            type="button"
            onClick={toggle}
            className="block w-full rounded-lg text-start hover:bg-surface-muted/60"
            aria-label={t('prompts.edit')}
          >
            <HighlightedPrompt text={props.text} className="min-h-24 p-1" />
          </button>
        )}
        <VariableChips text={editing ? draft : props.text} />
      </div>
    </section>
  );
}
