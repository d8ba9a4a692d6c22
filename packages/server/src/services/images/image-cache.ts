/** A picture the proxy fetched and checked: its type (from its bytes) and the bytes. */
export interface ProxiedImage {
  type: string;
  bytes: Buffer;
}

interface Entry {
  image: ProxiedImage;
  storedAt: number;
}

export interface ImageCacheOptions {
  /** The most bytes of pictures held at once; the least recently used go first. */
  maxBytes: number;
  /** How long a picture is served without fetching it again. */
  ttlMs: number;
  now?: () => number;
}

/**
 * The image proxy's memory of pictures it fetched, by address: least recently used out first,
 * bounded in total bytes, each entry fresh for `ttlMs`. In memory rather than on disk: the
 * bytes are attacker-chosen, a restart simply fetches again, and nothing under DATA_DIR needs a
 * sweep or a size check.
 */
export class ImageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: ImageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(url: string): ProxiedImage | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.remove(url);
    if (this.now() - entry.storedAt > this.options.ttlMs) return undefined;
    // Map keeps insertion order: put back at the end as the most recently used.
    this.entries.set(url, entry);
    this.bytes += entry.image.bytes.length;
    return entry.image;
  }

  set(url: string, image: ProxiedImage): void {
    this.remove(url);
    // A picture larger than the whole cache would only push everything else out.
    if (image.bytes.length > this.options.maxBytes) return;
    this.entries.set(url, { image, storedAt: this.now() });
    this.bytes += image.bytes.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  private remove(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.bytes -= entry.image.bytes.length;
  }
}
