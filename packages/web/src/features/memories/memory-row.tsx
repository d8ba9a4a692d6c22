import type { CreateMemory, Memory } from '@parley/schema';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { MemoryForm } from './memory-form';

/**
 * One memory: key, value and tokens; with UPDATE permission it can be changed in place or
 * deleted (after a second click that confirms).
 */
export function MemoryRow(props: {
  memory: Memory;
  canUpdate: boolean;
  saving: boolean;
  saveError: string | null;
  onSave: (next: CreateMemory) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { memory } = props;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (editing) {
    return (
      <li className="px-3 py-3" data-testid="memory-row">
        <MemoryForm
          initial={{ key: memory.key, value: memory.value }}
          submitLabel={t('com_ui_save')}
          pending={props.saving}
          error={props.saveError}
          onSubmit={(next) => void props.onSave(next).then((saved) => saved && setEditing(false))}
          onCancel={() => setEditing(false)}
          testId="memory-edit-form"
        />
      </li>
    );
  }
  return (
    <li className="group flex items-start gap-3 px-3 py-2.5" data-testid="memory-row">
      <div className="min-w-0 flex-1">
        <p className="truncate font-mono text-[13px] font-medium text-fg" data-testid="memory-key">
          {memory.key}
        </p>
        <p className="text-sm break-words whitespace-pre-wrap text-fg-muted" data-testid="memory-value">
          {memory.value}
        </p>
        <p className="mt-0.5 text-[12px] text-fg-subtle">
          {t('memories.tokens', { count: memory.tokenCount })} ·{' '}
          {new Date(memory.updated_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
        </p>
      </div>
      {props.canUpdate && (
        <div className="flex shrink-0 items-center gap-1">
          {confirming ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t('com_ui_cancel')}
              </Button>
              <Button variant="danger" size="sm" onClick={props.onDelete} data-testid="memory-delete-confirm">
                {t('com_ui_delete')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('memories.edit', { key: memory.key })}
                onClick={() => setEditing(true)}
                data-testid="memory-edit"
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('memories.delete', { key: memory.key })}
                onClick={() => setConfirming(true)}
                data-testid="memory-delete"
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
