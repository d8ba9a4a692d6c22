import { ImageIcon, ImageOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useImageShareId } from './remote-image-scope';
import { trustImageHost, useTrustedImageHost } from './trusted-image-hosts';
import { useProxiedImage } from './use-proxied-image';

/**
 * A picture on another origin (http or https) as an absolute address and its host; null for
 * this origin's pictures and data:. A protocol-relative `//host/…` address counts as remote too.
 */
export function remotePictureOf(src: string | undefined): { href: string; host: string } | null {
  if (!src) return null;
  try {
    const url = new URL(src, window.location.href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === window.location.origin ? null : { href: url.href, host: url.host };
  } catch {
    return null;
  }
}

/**
 * A Markdown picture. One on another host is never requested by the browser: it is loaded
 * through Parley's image proxy, at once (`interface.remoteImages: allow`), after the reader asks
 * for it or trusted its host (`ask`, the default), or not at all (`block`). Until then a
 * placeholder names the host, so the reader sees where the answer wanted to send them.
 */
export function MarkdownImage({ node: _node, src, alt, title }: ComponentProps<'img'> & { node?: unknown }) {
  const url = typeof src === 'string' ? src : undefined;
  const remote = remotePictureOf(url);
  if (!remote) return <img src={url} alt={alt ?? ''} title={title} />;
  return <RemoteImage url={remote.href} host={remote.host} alt={alt ?? ''} />;
}

function RemoteImage({ url, host, alt }: { url: string; host: string; alt: string }) {
  const { t } = useTranslation();
  const mode = useStartupConfig().data?.interface.remoteImages ?? 'ask';
  const trusted = useTrustedImageHost(host);
  const [loadOnce, setLoadOnce] = useState(false);
  const shareId = useImageShareId();
  const wanted = mode === 'allow' || (mode === 'ask' && (trusted || loadOnce));
  const image = useProxiedImage(url, shareId, wanted);
  if (image.status === 'ready') {
    return <img src={image.src} alt={alt} className="max-w-full rounded-lg" data-testid="remote-image" />;
  }
  const failed = image.status === 'failed';
  return (
    <span
      className="my-1 inline-flex max-w-full flex-col gap-2 rounded-xl border border-dashed border-border-strong bg-surface-muted/60 px-3.5 py-3 align-top text-sm"
      data-testid="remote-image-placeholder"
      data-host={host}
    >
      <span className="flex min-w-0 items-center gap-2 text-fg">
        {failed || mode === 'block' ? (
          <ImageOff className="size-4 shrink-0 text-fg-muted" aria-hidden />
        ) : (
          <ImageIcon className="size-4 shrink-0 text-fg-muted" aria-hidden />
        )}
        <span className="min-w-0 font-medium break-all">{t('com_ui_remote_image_from', { host })}</span>
      </span>
      {alt && <span className="line-clamp-2 text-xs text-fg-muted">{alt}</span>}
      {mode === 'block' && <span className="text-xs text-fg-muted">{t('com_ui_remote_image_blocked')}</span>}
      {failed && <span className="text-xs text-danger">{t('com_ui_remote_image_failed')}</span>}
      {image.status === 'loading' && <Spinner className="size-4 text-fg-muted" />}
      {mode === 'ask' && image.status === 'idle' && (
        <span className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClasses('secondary', 'sm')}
            onClick={() => setLoadOnce(true)}
            data-testid="remote-image-load"
          >
            {t('com_ui_remote_image_load')}
          </button>
          <button
            type="button"
            className={buttonClasses('ghost', 'sm', 'min-w-0')}
            onClick={() => trustImageHost(host)}
            data-testid="remote-image-always"
          >
            <span className="truncate">{t('com_ui_remote_image_always', { host })}</span>
          </button>
        </span>
      )}
    </span>
  );
}
