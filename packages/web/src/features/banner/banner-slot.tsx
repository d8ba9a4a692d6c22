import { lazy, Suspense } from 'react';
import { useBanner } from '../../api/startup-queries';
import { inDisplayWindow, useDismissedBanners } from './banner-visibility';

// The sanitiser only loads when there is a banner to show.
const BannerView = lazy(() => import('./banner-view'));

/** Shows the active banner (auth layout and shell) unless it is outside its window or dismissed. */
export function BannerSlot() {
  const { data: banner } = useBanner();
  const dismissed = useDismissedBanners((s) => s.ids);
  if (!banner || dismissed.includes(banner.bannerId) || !inDisplayWindow(banner)) return null;
  return (
    <Suspense fallback={null}>
      <BannerView banner={banner} />
    </Suspense>
  );
}
