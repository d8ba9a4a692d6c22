import type { PromptGroup } from '@parley/schema';
import { Check, Globe, History, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';

import { useHasPermission } from '../auth';
import { BackToList } from './back-to-list';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CategorySelect } from './prompt-fields';

import { usePromptsUi } from './prompts-store';
import { ShareButton } from './share-dialog';
import { useDeleteGroup, useUpdateGroup } from './use-prompt-mutations';
import { isSharedToAll, useInstanceProjectId } from './use-shared-to-all';

/** The editor's top: name (renamable), category, share, delete and the versions drawer button. */
export function EditorTitleBar({
  group,
  onOpenVersions,
}: {
  group: PromptGroup;
  onOpenVersions?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const canShare = useHasPermission('PROMPTS', 'SHARED_GLOBAL');
  const shared = isSharedToAll(group, useInstanceProjectId());
  const setLastCategory = usePromptsUi((s) => s.setLastCategory);
  const update = useUpdateGroup(group._id);
  const remove = useDeleteGroup(group._id, () => void navigate('/d/prompts', { replace: true }));
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="space-y-2">
      <BackToList />
      <div className="flex items-center gap-2">
        <NameEditor name={group.name} onSave={(name) => update.mutate({ name })} />
        {shared && (
          <Globe
            className="size-4 shrink-0 text-green-600 dark:text-green-400"
            aria-label={t('prompts.shared_to_all')}
            data-testid="editor-shared-globe"
          />
        )}
      </div>
      <div className="flex items-center gap-2 pt-1">
        <CategorySelect
          value={group.category}
          onChange={(category) => {
            setLastCategory(category);
            update.mutate({ category });
          }}
          className="min-w-0 flex-1 sm:w-48 sm:flex-none"
        />
        <div className="hidden flex-1 sm:block" />
        {onOpenVersions && (
          <Button
            variant="outline"
            size="sm"
            onClick={onOpenVersions}
            aria-label={t('prompts.versions')}
            data-testid="open-versions"
          >
            <History className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t('prompts.versions')}</span>
          </Button>
        )}
        {canShare && <ShareButton group={group} />}
        <Button
          variant="danger-outline"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={t('prompts.delete_prompt')}
          data-testid="delete-group"
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('prompts.delete_prompt')}
        description={t('prompts.delete_prompt_confirm', { name: group.name })}
        confirmLabel={t('com_ui_delete')}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
      />
    </div>
  );
}

function NameEditor({ name, onSave }: { name: string; onSave: (name: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const commit = () => {
    const next = draft.trim();
    setEditing(false);
    if (next && next !== name) onSave(next);
    else setDraft(name);
  };
  if (!editing) {
    return (
      <div className="group flex min-w-0 items-center gap-1">
        <h2 className="truncate text-xl font-semibold tracking-tight" data-testid="prompt-title">
          {name}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 opacity-70 group-hover:opacity-100"
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
          aria-label={t('prompts.rename')}
          data-testid="rename-prompt"
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex min-w-0 flex-1 items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        commit();
      }}
    >
      <input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setDraft(name);
            setEditing(false);
          }
        }}
        autoFocus
        aria-label={t('prompts.name_label')}
        data-testid="rename-input"
        className="h-9 min-w-0 flex-1 rounded-lg border border-accent bg-surface px-2.5 text-lg font-semibold outline-none ring-3 ring-accent/20"
      />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={t('prompts.save')}
        disabled={draft.trim() === ''}
      >
        <Check className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('com_ui_cancel')}
        onClick={() => {
          setDraft(name);
          setEditing(false);
        }}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </form>
  );
}
