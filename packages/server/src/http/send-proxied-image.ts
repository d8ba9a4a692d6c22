import type { FastifyReply } from 'fastify';
import type { ProxiedImage } from '../services/images/image-cache.ts';

/** File name extensions of the proxied picture types, for the inline Content-Disposition. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/**
 * A proxied picture's answer: its type as its bytes proved it, never sniffed by the browser,
 * shown inline, loading and running nothing if opened as a document, readable by this origin
 * only, and cached by the reader's browser alone (it was fetched for a signed-in reader or a
 * share's viewers; no shared cache in between should keep it).
 */
export function sendProxiedImage(reply: FastifyReply, image: ProxiedImage): FastifyReply {
  return reply
    .header('Content-Type', image.type)
    .header('Content-Length', image.bytes.length)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('Content-Disposition', `inline; filename="image.${EXTENSIONS[image.type] ?? 'bin'}"`)
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Cache-Control', 'private, max-age=3600')
    .send(image.bytes);
}
