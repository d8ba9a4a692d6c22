import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query';
import { GroupListPanel } from './group-list-panel';
import { LIST_COLLAPSE_MEDIA } from './prompts-breakpoints';
import { usePromptPermissionRedirect } from './use-prompt-access';

/**
 * /d/prompts: the group list beside the detail pane. On narrow screens only one shows:
 * the list on the index, the detail when a prompt (or the new form) is open.
 */
export default function PromptsPage() {
  const { t } = useTranslation();
  const { allowed, checking } = usePromptPermissionRedirect('USE');
  const narrow = useMediaQuery(LIST_COLLAPSE_MEDIA);
  const detailOpen = Boolean(useMatch('/d/prompts/:groupId'));

  if (checking) return null;
  if (!allowed) {
    return (
      <p className="m-auto px-6 text-center text-sm text-fg-muted" data-testid="prompts-not-allowed">
        {t('prompts.not_allowed')}
      </p>
    );
  }
  const showList = !narrow || !detailOpen;
  const showDetail = !narrow || detailOpen;
  return (
    <div className="flex min-h-0 flex-1">
      {showList && (
        <aside
          className={clsx(
            'flex min-h-0 flex-col bg-surface-muted/60 dark:bg-surface-sunken',
            narrow ? 'w-full' : 'w-[340px] shrink-0 border-e border-border',
          )}
          aria-label={t('prompts.list_label')}
          data-testid="group-list-panel"
        >
          <GroupListPanel />
        </aside>
      )}
      {showDetail && (
        <section className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="prompt-detail-pane">
          <Outlet />
        </section>
      )}
    </div>
  );
}
