import type { PromptGroup } from '@parley/schema';
import { BookOpen, PanelRightClose, Plus } from 'lucide-react';
import { SearchField } from '../../components/ui/search-field';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { readLocal, writeLocal } from '../../lib/local-storage';
import { useMediaQuery } from '../../lib/use-media-query';
import { useHasPermission } from '../auth';
import { matchCommandGroups } from './command-match';
import { PromptCard } from './prompt-card';
import { PromptSummary } from './prompt-summary';
import { CHAT_PANEL_HIDDEN_MEDIA } from './prompts-breakpoints';
import { usePromptsEnabled } from './use-prompt-access';
import { useAllGroups } from './use-prompt-queries';
import { useRunPrompt } from './use-run-prompt';

const OPEN_KEY = 'promptsPanelOpen';

/**
 * The chat-side prompt list (001 §2): a side panel of prompt cards, hidden on small screens and
 * without PROMPTS.USE. `onSubmit` sends a text into the chat.
 */
export function PromptsSidePanel({ onSubmit }: { onSubmit: (text: string) => void }) {
  const { t } = useTranslation();
  const hidden = useMediaQuery(CHAT_PANEL_HIDDEN_MEDIA);
  const enabled = usePromptsEnabled();
  const [open, setOpenState] = useState(() => readLocal(OPEN_KEY, false));
  const setOpen = (value: boolean) => {
    writeLocal(OPEN_KEY, value);
    setOpenState(value);
  };
  if (hidden || !enabled) return null;
  if (!open) {
    return (
      <div
        className="flex w-12 shrink-0 flex-col items-center border-s border-border py-3"
        data-testid="prompts-rail"
      >
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setOpen(true)}
          aria-label={t('prompts.open_panel')}
          title={t('prompts.title')}
          data-testid="open-prompts-panel"
        >
          <BookOpen className="size-5" aria-hidden />
        </Button>
      </div>
    );
  }
  return <PanelBody onSubmit={onSubmit} onCollapse={() => setOpen(false)} />;
}

function PanelBody({ onSubmit, onCollapse }: { onSubmit: (text: string) => void; onCollapse: () => void }) {
  const { t } = useTranslation();
  const canCreate = useHasPermission('PROMPTS', 'CREATE');
  const { data, isPending } = useAllGroups();
  const [filter, setFilter] = useState('');
  const [preview, setPreview] = useState<PromptGroup | null>(null);
  const { run, dialog } = useRunPrompt(onSubmit);
  const groups = useMemo(() => matchCommandGroups(data ?? [], filter.trim()), [data, filter]);

  return (
    <aside
      className="flex w-72 shrink-0 flex-col border-s border-border bg-surface-muted/50 dark:bg-surface-sunken"
      aria-label={t('prompts.title')}
      data-testid="prompts-side-panel"
    >
      <div className="flex h-14 items-center gap-2 px-3">
        <BookOpen className="size-4 text-fg-muted" aria-hidden />
        <h2 className="flex-1 text-sm font-semibold">{t('prompts.title')}</h2>
        <Link
          to="/d/prompts"
          className={buttonClasses('ghost', 'sm', 'h-7 px-2 text-xs')}
          data-testid="panel-manage"
        >
          {t('prompts.manage')}
        </Link>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onCollapse}
          aria-label={t('prompts.close_panel')}
        >
          <PanelRightClose className="size-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </div>
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
    </aside>
  );
}
