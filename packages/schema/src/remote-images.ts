import { z } from 'zod';

/**
 * What the web app does with a picture a model's answer links from another host (parley.yaml's
 * `interface.remoteImages`): `allow` loads it through Parley's image proxy, `ask` shows a
 * placeholder naming the host until the reader chooses to load it, `block` shows the placeholder
 * only. The reader's browser never calls the other host itself in any mode.
 */
export const REMOTE_IMAGE_MODES = ['allow', 'ask', 'block'] as const;
export type RemoteImagesMode = (typeof REMOTE_IMAGE_MODES)[number];
export const DEFAULT_REMOTE_IMAGES_MODE: RemoteImagesMode = 'ask';

/** The longest picture address the proxy accepts (longer ones are data smuggled in a query). */
export const MAX_IMAGE_URL_LENGTH = 4096;

/** GET /api/images/proxy and GET /api/share/{shareId}/images: the picture's address. */
export const imageProxyQuerySchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(MAX_IMAGE_URL_LENGTH, `url must be at most ${MAX_IMAGE_URL_LENGTH} characters`)
    .regex(/^https?:\/\//i, 'url must be an http:// or https:// address'),
});

/** The proxy's address for a remote picture: a shared conversation's own, or the signed-in one. */
export function proxiedImagePath(url: string, shareId?: string): string {
  const query = `url=${encodeURIComponent(url)}`;
  return shareId ? `/api/share/${encodeURIComponent(shareId)}/images?${query}` : `/api/images/proxy?${query}`;
}
