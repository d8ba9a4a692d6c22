import { Suspense } from 'react';
import { lazyArea } from '../../components/ui/lazy-area';
import { useBanner } from '../../api/startup-queries';
import { inDisplayWindow, useDismissedBanners } from './banner-visibility';

// The sanitiser only loads when there is a banner to show.
const BannerView = lazyArea(
  () => import('./banner-view'),
  () => null,
).Area;

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
