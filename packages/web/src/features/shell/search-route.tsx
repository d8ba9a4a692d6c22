import { useTranslation } from 'react-i18next';
import { ChatTopBar } from '../top-bar';

/** /search — the results view's frame; the search feature lists matching messages in it. */
export default function SearchRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ChatTopBar loading={false} />
      <section
        data-slot="search-results"
        aria-label={t('com_ui_search_results')}
        className="mx-auto w-full max-w-3xl flex-1 overflow-y-auto px-4"
      />
    </div>
  );
}
