import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { PAGE_SIZES } from './prompts-store';

/** Previous/next pagination with the page size. */
export function GroupPager(props: {
  pageNumber: number;
  pages: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const { pageNumber, pageSize } = props;
  const pages = Math.max(1, props.pages);
  return (
    <div className="flex items-center gap-1 border-t border-border px-2 py-2" data-testid="group-pager">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={pageNumber <= 1}
        onClick={() => props.onPage(pageNumber - 1)}
        aria-label={t('prompts.previous_page')}
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      </Button>
      <span className="min-w-16 text-center text-xs text-fg-muted tabular-nums" data-testid="page-indicator">
        {t('prompts.page_of', { page: pageNumber, pages })}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={pageNumber >= pages}
        onClick={() => props.onPage(pageNumber + 1)}
        aria-label={t('prompts.next_page')}
      >
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
      </Button>
      <div className="flex-1" />
      <label className="flex items-center gap-1.5 text-xs text-fg-muted">
        {t('prompts.page_size')}
        <Select
          size="sm"
          value={String(pageSize)}
          options={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
          onChange={(v) => props.onPageSize(Number(v))}
          testId="page-size"
        />
      </label>
    </div>
  );
}
