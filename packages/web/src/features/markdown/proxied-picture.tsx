import { useImageShareId } from './remote-image-scope';
import { useProxiedImage } from './use-proxied-image';

/**
 * A picture from another host the reader asked for by what they did (a web search's picture
 * results), loaded at once but through Parley's image proxy, never by the browser from that host
 * (the page's img-src allows no other host). An empty frame while loading or when refused.
 */
export function ProxiedPicture({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const image = useProxiedImage(url, useImageShareId(), true);
  if (image.status !== 'ready')
    return <span className={className} aria-hidden data-testid="proxied-picture-empty" />;
  return <img src={image.src} alt={alt} className={className} data-testid="proxied-picture" />;
}
