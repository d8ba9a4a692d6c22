import { AppError, badRequest, forbidden } from '../../errors/app-error.ts';
import { sniffType } from '../files/sniff-type.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { RefusedUrlError } from '../net/refused-url-error.ts';
import { readBounded } from '../web-search/upstream-call.ts';
import { ImageCache, type ProxiedImage } from './image-cache.ts';

/**
 * Picture formats the proxy passes on: raster formats a browser shows as a picture and never
 * runs. SVG is not among them: it is a document that can carry script and links.
 */
export const PROXIED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
]);

export interface ImageProxyOptions {
  http: GuardedHttpClient;
  /** The largest picture fetched; a larger one is refused. */
  maxBytes?: number;
  /** How long one fetch, body included, may take. */
  timeoutMs?: number;
  cache?: ImageCache;
}

export const IMAGE_PROXY_DEFAULTS = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 10_000,
  cacheBytes: 64 * 1024 * 1024,
  cacheTtlMs: 60 * 60_000,
};

/**
 * Fetches pictures that answers link from other hosts, so a reader's browser never calls those
 * hosts itself (an address in an answer can carry data out to its host, and would see every
 * reader's IP address). Every fetch goes through the guarded client: no private or loopback
 * address, neither directly nor by a redirect. Only a raster picture is passed on, proved twice:
 * by the type the host declares and by the file's first bytes. Size and time are bounded, and
 * fetched pictures are kept in memory (ImageCache), a fetch of the same address in flight shared.
 */
export class ImageProxy {
  private readonly http: GuardedHttpClient;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly cache: ImageCache;
  private readonly inFlight = new Map<string, Promise<ProxiedImage>>();

  constructor(options: ImageProxyOptions) {
    this.http = options.http;
    this.maxBytes = options.maxBytes ?? IMAGE_PROXY_DEFAULTS.maxBytes;
    this.timeoutMs = options.timeoutMs ?? IMAGE_PROXY_DEFAULTS.timeoutMs;
    this.cache =
      options.cache ??
      new ImageCache({ maxBytes: IMAGE_PROXY_DEFAULTS.cacheBytes, ttlMs: IMAGE_PROXY_DEFAULTS.cacheTtlMs });
  }

  /** The checked picture at `url`, from the cache when it holds it; AppError when refused. */
  async image(url: string): Promise<ProxiedImage> {
    const key = cacheKeyOf(url);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const running = this.inFlight.get(key);
    if (running) return running;
    const fetching = this.fetchChecked(key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, fetching);
    const image = await fetching;
    this.cache.set(key, image);
    return image;
  }

  private async fetchChecked(url: string): Promise<ProxiedImage> {
    const host = new URL(url).host;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await this.http.fetch(url, {
        headers: { accept: [...PROXIED_IMAGE_TYPES].join(', ') },
        signal: timeout,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw badRequest(`The picture at ${host} could not be loaded (HTTP ${response.status}).`);
      }
      const declared = declaredType(response);
      if (!declared || !PROXIED_IMAGE_TYPES.has(declared)) {
        await response.body?.cancel().catch(() => undefined);
        throw notAPicture(host, declared);
      }
      const length = Number(response.headers.get('content-length') ?? NaN);
      if (length > this.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw this.tooLarge(host);
      }
      const { bytes, complete } = await readBounded(response, this.maxBytes);
      if (!complete) throw this.tooLarge(host);
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const sniffed = await sniffType(body.subarray(0, 4100), 'image');
      if (!sniffed || !PROXIED_IMAGE_TYPES.has(sniffed)) throw notAPicture(host, sniffed);
      return { type: sniffed, bytes: body };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof RefusedUrlError) throw forbidden(error.message);
      if (timeout.aborted)
        throw badRequest(`The picture at ${host} did not arrive within ${this.timeoutMs / 1000} s.`);
      throw badRequest(`The picture at ${host} could not be loaded.`);
    }
  }

  private tooLarge(host: string): AppError {
    return new AppError(
      'payload_too_large',
      `The picture at ${host} is larger than ${Math.round(this.maxBytes / 1024 / 1024)} MB.`,
    );
  }
}

/** The address as the cache and the fetch know it; a malformed one is refused. */
function cacheKeyOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
    parsed.hash = '';
    return parsed.href;
  } catch {
    throw badRequest('url must be an http:// or https:// address');
  }
}

/** Names some servers use for JPEG instead of image/jpeg. */
const JPEG_ALIASES = new Set(['image/jpg', 'image/pjpeg']);

function declaredType(response: Response): string | null {
  const header = response.headers.get('content-type');
  const type = header ? header.split(';')[0]!.trim().toLowerCase() : null;
  return type && JPEG_ALIASES.has(type) ? 'image/jpeg' : type;
}

function notAPicture(host: string, type: string | null): AppError {
  if (type === 'image/svg+xml' || type === 'application/xml' || type === 'text/xml')
    return new AppError(
      'unsupported_media_type',
      `The picture at ${host} is an SVG drawing, which is not loaded: it can carry scripts and links.`,
    );
  return new AppError(
    'unsupported_media_type',
    `What ${host} answered is not a PNG, JPEG, GIF, WebP or AVIF picture${type ? ` (${type})` : ''}.`,
  );
}
