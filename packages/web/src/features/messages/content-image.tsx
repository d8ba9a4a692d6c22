import { ImageFile, type MessageFile } from '../files';
import { ownFilePath, type ContentPart } from '@parley/schema';

/**
 * Where a picture part points, if the page may show it: Parley's own file routes (exactly: a
 * shared conversation's stored path must not make its viewer's browser call another API route)
 * and inline pictures only (the content security policy allows no other image source anyway).
 */
export function imageSource(part: ContentPart): string | null {
  const file = part.image_file as { filepath?: unknown } | undefined;
  const url = part.image_url as { url?: unknown } | string | undefined;
  const src = part.type === 'image_file' ? file?.filepath : typeof url === 'string' ? url : url?.url;
  if (typeof src !== 'string') return null;
  if (src.startsWith('/')) return ownFilePath(src);
  return /^data:image\/(png|jpeg|gif|webp);base64,/i.test(src) ? src : null;
}

/**
 * A picture an answer contains (a tool's generated image, say). A stored file is fetched with the
 * session and opens the viewer; an inline picture is shown as it is.
 */
export function ContentImage({ part }: { part: ContentPart }) {
  const src = imageSource(part);
  if (!src) return null;
  const file = (part.image_file ?? {}) as MessageFile & { width?: unknown; height?: unknown };
  if (part.type === 'image_file' && src.startsWith('/'))
    return <ImageFile file={{ ...file, type: file.type ?? 'image/png' }} large />;
  return (
    <img
      src={src}
      alt=""
      width={typeof file.width === 'number' ? file.width : undefined}
      height={typeof file.height === 'number' ? file.height : undefined}
      className="my-2 h-auto max-h-96 max-w-full rounded-xl border border-border object-contain"
      loading="lazy"
      data-testid="content-image"
    />
  );
}
