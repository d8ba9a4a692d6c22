import { Plus } from 'lucide-react';
import { SearchField } from '../../components/ui/search-field';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { useHasPermission } from '../auth';
import { useFilterOptions } from './category-meta';
import { GroupListItem, GroupListSkeleton } from './group-list-item';
import { GroupPager } from './group-pager';
import { usePromptsUi } from './prompts-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useGroupPage } from './use-prompt-queries';
import { useInstanceProjectId } from './use-shared-to-all';

/** The name filter waits 850 ms; 10 skeleton rows while a page loads. */
export const NAME_FILTER_DEBOUNCE_MS = 850;
export const LIST_SKELETONS = 10;

/** The library's left pane: name and category filters, create button, groups, pager. */
export function GroupListPanel() {
  const { t } = useTranslation();
  const { groupId } = useParams();
  const ui = usePromptsUi();
  const canCreate = useHasPermission('PROMPTS', 'CREATE');
  const instanceProjectId = useInstanceProjectId();
  const [typed, setTyped] = useState(ui.nameFilter);
  const settled = useDebouncedValue(typed, NAME_FILTER_DEBOUNCE_MS);
  const setNameFilter = ui.setNameFilter;
  useEffect(() => setNameFilter(settled.trim()), [settled, setNameFilter]);

  const { data, isPending, isFetching } = useGroupPage({
    name: ui.nameFilter,
    category: ui.categoryFilter,
    pageSize: ui.pageSize,
    pageNumber: ui.pageNumber,
  });
  const groups = data?.promptGroups ?? [];
  const pages = Number(data?.pages ?? 1);

  return (
    <>
      <div className="space-y-2 border-b border-border p-3">
        <div className="flex gap-2">
          <SearchField
            value={typed}
            onChange={setTyped}
            label={t('prompts.filter_name')}
            testId="prompt-name-filter"
            className="min-w-0 flex-1"
          />
          {canCreate && (
            <Link
              to="/d/prompts/new"
              className={buttonClasses('primary', 'sm', 'h-9')}
              data-testid="create-prompt"
              aria-label={t('prompts.create')}
            >
              <Plus className="size-4" aria-hidden />
              <span className="hidden sm:inline">{t('prompts.create_short')}</span>
            </Link>
          )}
        </div>
        <CategoryFilter value={ui.categoryFilter} onChange={ui.setCategoryFilter} />
      </div>
      <ul
        className="min-h-0 flex-1 space-y-1 overflow-y-auto p-2"
        data-testid="group-list"
        aria-busy={isFetching}
      >
        {isPending && Array.from({ length: LIST_SKELETONS }, (_, i) => <GroupListSkeleton key={i} />)}
        {!isPending && groups.length === 0 && (
          <li className="px-3 py-10 text-center text-sm text-fg-muted" data-testid="group-list-empty">
            {t('prompts.no_prompts')}
          </li>
        )}
        {groups.map((group) => (
          <GroupListItem
            key={group._id}
            group={group}
            active={group._id === groupId}
            instanceProjectId={instanceProjectId}
          />
        ))}
      </ul>
      <GroupPager
        pageNumber={ui.pageNumber}
        pages={pages}
        pageSize={ui.pageSize}
        onPage={ui.setPageNumber}
        onPageSize={ui.setPageSize}
      />
    </>
  );
}

function CategoryFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  return (
    <Select
      value={value}
      options={options}
      onChange={onChange}
      ariaLabel={t('prompts.filter_category')}
      testId="prompt-category-filter"
    />
  );
}
