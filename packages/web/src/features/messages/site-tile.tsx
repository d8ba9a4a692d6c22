import { siteInitial } from './web-search-result';

/** A source's site as a small letter tile (no favicon is fetched from the site). */
export function SiteTile({ link, size = 'size-4' }: { link: string; size?: string }) {
  const { letter, hue } = siteInitial(link);
  return (
    <span
      className={`${size} inline-flex shrink-0 items-center justify-center rounded text-[10px] leading-none font-semibold text-white`}
      style={{ backgroundColor: `hsl(${hue} 50% 38%)` }}
      aria-hidden
      data-testid="site-tile"
    >
      {letter}
    </span>
  );
}
