import type { Conversation } from '@parley/schema';
import { ArchiveRestore } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useOpenSubView } from '../../components/ui/dialog-sub-view';
import { DeleteDialog } from '../conversation-actions';
import {
  MANAGER_SEARCH_DEBOUNCE_MS,
  ManagerList,
  ManagerSearch,
  SettingsActionRow,
  ManagerDeleteButton,
} from '../../components/ui/manager-parts';
import { useConversationActions } from '../conversation-actions';
import { useDebouncedValue } from '../prompts';
import { useSearchEnabled } from '../search';
import { useArchivedConversations } from './archive-api';

/** Settings → General: the archived chats, opened as a page inside the settings dialog. */
export function ArchiveManagerRow() {
  const { t } = useTranslation();
  const openSubView = useOpenSubView();
  const open = () =>
    openSubView({
      title: t('com_nav_archived_chats'),
      content: <ArchiveManager />,
      testId: 'archive-manager',
    });
  return (
    <SettingsActionRow label={t('com_nav_archived_chats')}>
      <Button variant="secondary" size="sm" onClick={open} data-testid="archive-manage">
        {t('com_ui_manage')}
      </Button>
    </SettingsActionRow>
  );
}

function ArchiveManager() {
  const { t, i18n } = useTranslation();
  // Search in data tables follows the server's search-enabled flag, as the sidebar's does.
  const searchEnabled = useSearchEnabled();
  const [search, setSearch] = useState('');
  const applied = useDebouncedValue(searchEnabled ? search.trim() : '', MANAGER_SEARCH_DEBOUNCE_MS);
  const list = useArchivedConversations(applied);
  const { archive, remove } = useConversationActions();
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.conversations) ?? [], [list.data]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <>
      {searchEnabled && (
        <ManagerSearch
          value={search}
          onChange={setSearch}
          label={t('com_ui_search_archived')}
          testId="archive-search"
        />
      )}
      <ManagerList
        loading={list.isPending}
        rows={rows}
        rowKey={(c) => c.conversationId}
        paging={list}
        testId="archived-list"
        renderRow={(c) => (
          <div className="flex h-full items-center gap-2 px-3" data-testid="archived-row">
            <a
              href={`/c/${c.conversationId}`}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 flex-1 truncate text-sm text-fg hover:underline"
            >
              {c.title || t('com_ui_untitled')}
            </a>
            <span className="hidden shrink-0 text-xs text-fg-subtle sm:inline">
              {date.format(new Date(c.updatedAt))}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => void archive(c, false)}
              aria-label={t('com_ui_unarchive_named', { title: c.title })}
              data-testid="unarchive"
            >
              <ArchiveRestore className="size-4" aria-hidden />
            </Button>
            <ManagerDeleteButton title={c.title} onClick={() => setDeleting(c)} testId="archived-delete" />
          </div>
        )}
      />
      {deleting && (
        <DeleteDialog
          conversation={deleting}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
