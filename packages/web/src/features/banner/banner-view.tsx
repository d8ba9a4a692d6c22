import type { Banner } from '@parley/schema';
import DOMPurify from 'dompurify';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissedBanners } from './banner-visibility';

/** The banner strip. The server already sanitises; the client sanitises again before rendering. */
export default function BannerView({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const dismiss = useDismissedBanners((s) => s.dismiss);
  const html = useMemo(() => DOMPurify.sanitize(banner.message, { ADD_ATTR: ['target'] }), [banner.message]);
  return (
    <div
      role="region"
      aria-label={t('com_app_banner')}
      data-testid="banner"
      className="relative flex items-center justify-center gap-3 border-b border-accent/20 bg-accent-soft px-10 py-2.5 text-center text-sm text-fg"
    >
      <div
        className="min-w-0 [&_a]:font-medium [&_a]:text-accent [&_a]:underline"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <button
        type="button"
        onClick={() => dismiss(banner.bannerId)}
        aria-label={t('com_app_dismiss_banner')}
        className="absolute end-2 top-1/2 -translate-y-1/2 rounded-md p-1.5 text-fg-muted hover:bg-surface/60 hover:text-fg"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
