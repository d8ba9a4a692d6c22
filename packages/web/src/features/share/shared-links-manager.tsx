import type { SharedLink } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, MessageSquare, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useOpenSubView } from '../../components/ui/dialog-sub-view';
import {
  MANAGER_SEARCH_DEBOUNCE_MS,
  ManagerList,
  ManagerSearch,
  SettingsActionRow,
  ManagerDeleteButton,
} from '../../components/ui/manager-parts';
import { useDebouncedValue } from '../prompts';
import { useSearchEnabled } from '../search';
import { showToast } from '../toasts';
import { validShareIds } from './bulk-delete';
import { shareApi, shareKeys, useSharedLinks } from './share-api';

/** Settings → Data controls: the shared-links manager, opened as a page inside the settings dialog. */
export function SharedLinksRow() {
  const { t } = useTranslation();
  const openSubView = useOpenSubView();
  const open = () =>
    openSubView({
      title: t('com_nav_shared_links'),
      content: <SharedLinksManager />,
      testId: 'shared-links-manager',
    });
  return (
    <SettingsActionRow label={t('com_nav_shared_links')}>
      <Button variant="secondary" size="sm" onClick={open} data-testid="shared-links-manage">
        {t('com_ui_manage')}
      </Button>
    </SettingsActionRow>
  );
}

function SharedLinksManager() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  // Search in data tables follows the server's search-enabled flag, as the sidebar's does.
  const searchEnabled = useSearchEnabled();
  const [search, setSearch] = useState('');
  const applied = useDebouncedValue(searchEnabled ? search.trim() : '', MANAGER_SEARCH_DEBOUNCE_MS);
  const list = useSharedLinks(applied);
  const links = useMemo(() => list.data?.pages.flatMap((p) => p.links) ?? [], [list.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const toggle = (shareId: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(shareId)) next.add(shareId);
      return next;
    });

  const deleteLinks = async (items: Pick<SharedLink, 'shareId'>[]) => {
    const ids = validShareIds(items);
    if (ids.length === 0) {
      showToast(t('com_ui_no_valid_items'), 'warning');
      return;
    }
    setPending(true);
    const results = await Promise.allSettled(ids.map((id) => shareApi.remove(id)));
    setPending(false);
    setSelected(new Set());
    void client.invalidateQueries({ queryKey: shareKeys.all });
    if (results.some((r) => r.status === 'rejected')) showToast(t('com_ui_bulk_delete_error'), 'error');
    else showToast(t('com_ui_shared_link_delete_success'));
  };

  const allChecked = links.length > 0 && links.every((l) => selected.has(l.shareId));
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="flex-1">
          {searchEnabled && (
            <ManagerSearch
              value={search}
              onChange={setSearch}
              label={t('com_ui_search_shared_links')}
              testId="shared-links-search"
            />
          )}
        </div>
        <Button
          variant="danger-outline"
          size="sm"
          className="h-9 self-end sm:self-auto"
          loading={pending}
          onClick={() => void deleteLinks(links.filter((l) => selected.has(l.shareId)))}
          data-testid="shared-links-bulk-delete"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('com_ui_delete_selected', { count: selected.size })}
        </Button>
      </div>
      <ManagerList
        loading={list.isPending}
        rows={links}
        rowKey={(link) => link.shareId}
        paging={list}
        testId="shared-links-list"
        header={
          <div className="flex h-10 shrink-0 items-center gap-3 border-b border-border bg-surface-muted/60 px-3 text-xs font-medium text-fg-muted">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={() => setSelected(allChecked ? new Set() : new Set(links.map((l) => l.shareId)))}
              aria-label={t('com_ui_select_all')}
            />
            <span className="flex-1">{t('com_ui_title')}</span>
            <span className="hidden sm:inline">{t('com_ui_date')}</span>
            <span className="w-16" />
          </div>
        }
        renderRow={(link) => (
          <div className="flex h-full items-center gap-3 px-3" data-testid="shared-link-row">
            <input
              type="checkbox"
              checked={selected.has(link.shareId)}
              onChange={() => toggle(link.shareId)}
              aria-label={t('com_ui_select_named', { title: link.title })}
            />
            <a
              href={`/share/${link.shareId}`}
              target="_blank"
              rel="noreferrer"
              className="flex min-w-0 flex-1 items-center gap-1.5 text-sm text-fg hover:underline"
            >
              <span className="truncate">{link.title || t('com_ui_untitled')}</span>
              <ExternalLink className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />
            </a>
            <span className="hidden shrink-0 text-xs text-fg-subtle sm:inline">
              {date.format(new Date(link.createdAt))}
            </span>
            <a
              href={`/c/${link.conversationId}`}
              target="_blank"
              rel="noreferrer"
              className="flex size-8 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg"
              aria-label={t('com_ui_open_conversation')}
            >
              <MessageSquare className="size-4" aria-hidden />
            </a>
            <ManagerDeleteButton
              title={link.title}
              onClick={() => void deleteLinks([link])}
              testId="shared-link-delete"
            />
          </div>
        )}
      />
    </>
  );
}
