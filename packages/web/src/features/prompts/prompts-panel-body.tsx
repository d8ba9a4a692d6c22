import type { PromptGroup } from '@parley/schema';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SearchField } from '../../components/ui/search-field';
import { useHasPermission } from '../auth';
import { matchCommandGroups } from './command-match';
import { PromptCard } from './prompt-card';
import { PromptSummary } from './prompt-summary';
import { useAllGroups } from './use-prompt-queries';
import { useRunPrompt } from './use-run-prompt';

/** The side panel's prompt list: a name filter, the cards, a preview dialog and Create prompt. */
export default function PanelBody({ onSubmit }: { onSubmit: (text: string) => void }) {
  const { t } = useTranslation();
  const canCreate = useHasPermission('PROMPTS', 'CREATE');
  const { data, isPending } = useAllGroups();
  const [filter, setFilter] = useState('');
  const [preview, setPreview] = useState<PromptGroup | null>(null);
  const { run, dialog } = useRunPrompt(onSubmit);
  const groups = useMemo(() => matchCommandGroups(data ?? [], filter.trim()), [data, filter]);

  return (
    <>
      <div className="px-3 pb-2">
        <SearchField value={filter} onChange={setFilter} label={t('prompts.filter_name')} size="sm" />
      </div>
      <ul className="min-h-0 flex-1 space-y-2 overflow-y-auto px-3 py-1" data-testid="prompt-cards">
        {isPending &&
          Array.from({ length: 4 }, (_, i) => (
            <li
              key={i}
              className="h-16 animate-pulse rounded-xl bg-surface-sunken dark:bg-surface-muted"
              aria-hidden
            />
          ))}
        {!isPending && groups.length === 0 && (
          <li className="px-2 py-8 text-center text-sm text-fg-muted">{t('prompts.no_prompts')}</li>
        )}
        {groups.map((group) => (
          <PromptCard
            key={group._id}
            group={group}
            onRun={() => run(group)}
            onPreview={() => setPreview(group)}
          />
        ))}
      </ul>
      {canCreate && (
        <div className="border-t border-border p-3">
          <Link
            to="/d/prompts/new"
            className={buttonClasses('secondary', 'sm', 'w-full')}
            data-testid="panel-create-prompt"
          >
            <Plus className="size-4" aria-hidden />
            {t('prompts.create')}
          </Link>
        </div>
      )}
      <Dialog
        open={preview !== null}
        onOpenChange={(o) => !o && setPreview(null)}
        title={t('prompts.preview')}
        closeLabel={t('com_ui_close')}
        testId="prompt-preview-dialog"
        className="max-w-2xl"
      >
        <div className="min-h-0 overflow-y-auto px-6 pt-2 pb-6">
          {preview && <PromptSummary group={preview} titleLevel={3} />}
        </div>
      </Dialog>
      {dialog}
    </>
  );
}
