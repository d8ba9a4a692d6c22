import type { PromptGroup } from '@parley/schema';
import { clsx } from 'clsx';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../store/auth-store';
import { CategoryIcon } from './category-meta';
import { isSharedToAll } from './use-shared-to-all';

/** One group in the library list: category icon, name, green globe when shared, description. */
export function GroupListItem({
  group,
  active,
  instanceProjectId,
}: {
  group: PromptGroup;
  active: boolean;
  instanceProjectId: string | undefined;
}) {
  const { t } = useTranslation();
  const userId = useAuth((s) => s.user?.id);
  const shared = isSharedToAll(group, instanceProjectId);
  const summary = group.oneliner || group.productionPrompt?.prompt || '';
  return (
    <li>
      <Link
        to={`/d/prompts/${group._id}`}
        aria-current={active ? 'page' : undefined}
        data-testid="group-item"
        className={clsx(
          'flex gap-3 rounded-xl border px-3 py-2.5 transition-colors',
          active
            ? 'border-accent/40 bg-accent-soft'
            : 'border-transparent hover:border-border hover:bg-surface dark:hover:bg-surface-muted',
        )}
      >
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface shadow-sm ring-1 ring-border dark:bg-surface-raised">
          <CategoryIcon category={group.category} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="truncate text-sm font-medium text-fg">{group.name}</span>
            {shared && (
              <Globe
                className="size-3.5 shrink-0 text-green-600 dark:text-green-400"
                aria-label={t('prompts.shared_to_all')}
                data-testid="shared-globe"
              />
            )}
            {group.command && (
              <span className="ms-auto shrink-0 font-mono text-[11px] text-fg-subtle">/{group.command}</span>
            )}
          </span>
          <span className="mt-0.5 line-clamp-1 text-[13px] text-fg-muted">
            {summary || t('prompts.no_description')}
          </span>
          {group.author !== userId && group.authorName && (
            <span className="mt-0.5 block truncate text-[11px] text-fg-subtle">
              {t('prompts.by_author', { name: group.authorName })}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

export function GroupListSkeleton() {
  return (
    <li className="flex gap-3 px-3 py-2.5" data-testid="group-skeleton" aria-hidden>
      <span className="size-8 shrink-0 animate-pulse rounded-lg bg-surface-sunken dark:bg-surface-raised" />
      <span className="flex-1 space-y-2 pt-1">
        <span className="block h-3 w-2/3 animate-pulse rounded bg-surface-sunken dark:bg-surface-raised" />
        <span className="block h-2.5 w-5/6 animate-pulse rounded bg-surface-sunken dark:bg-surface-raised" />
      </span>
    </li>
  );
}
