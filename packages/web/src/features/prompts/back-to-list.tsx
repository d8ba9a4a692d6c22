import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query';
import { LIST_COLLAPSE_MEDIA } from './prompts-breakpoints';

/** On narrow screens the list is hidden behind a prompt: this link leads back to it. */
export function BackToList() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_COLLAPSE_MEDIA);
  if (!narrow) return null;
  return (
    <Link
      to="/d/prompts"
      className="-ms-1 inline-flex items-center gap-0.5 rounded-md px-1 py-0.5 text-sm text-fg-muted hover:text-fg"
      data-testid="back-to-list"
    >
      <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      {t('prompts.all_prompts')}
    </Link>
  );
}
