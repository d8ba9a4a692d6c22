import { ImageFile, type MessageFile } from '../files';
import { DEFAULT_IMAGE_SIZE, ownFilePath, type ContentPart } from '@parley/schema';

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
 * The size a picture part is laid out at before it loads: the size stored with it, else the
 * fallback of 1080 wide by 1920 high (a portrait screen), so the answer keeps its place while the
 * picture arrives instead of jumping when it does.
 */
export function imagePartSize(part: ContentPart): { width: number; height: number } {
  const file = (part.image_file ?? {}) as { width?: unknown; height?: unknown };
  const known = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;
  return {
    width: known(file.width) ? (file.width as number) : DEFAULT_IMAGE_SIZE.width,
    height: known(file.height) ? (file.height as number) : DEFAULT_IMAGE_SIZE.height,
  };
}

/**
 * A picture an answer contains (a tool's generated image, say). A stored file is fetched with the
 * session and opens the viewer; an inline picture is shown as it is.
 */
export function ContentImage({ part }: { part: ContentPart }) {
  const src = imageSource(part);
  if (!src) return null;
  const file = (part.image_file ?? {}) as MessageFile;
  const size = imagePartSize(part);
  if (part.type === 'image_file' && src.startsWith('/'))
    return <ImageFile file={{ ...file, ...size, type: file.type ?? 'image/png' }} large />;
  return (
    <img
      src={src}
      alt=""
      width={size.width}
      height={size.height}
      className="my-2 h-auto max-h-96 max-w-full rounded-xl border border-border object-contain"
      loading="lazy"
      data-testid="content-image"
    />
  );
}
