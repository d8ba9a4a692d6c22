/**
 * Answers kept for a few seconds per key, for reads that every request would otherwise repeat
 * (the caller's session, the roles, the caller's memories). What is kept is the load's promise, so
 * concurrent requests for one key share one read; a load that fails is not kept. The owner drops
 * a key when it changes what the key stands for; another instance of the server sees the change
 * when the answer expires, which bounds how stale an answer can be.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => PromiseLike<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    // A full map is emptied rather than scanned: entries live seconds, so little is lost.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    // Promise.resolve: a query builder is a thenable that runs its statement on every `then`;
    // this runs it once and keeps the one answer.
    const value = Promise.resolve(load());
    const entry = { value, until: now + this.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every key that starts with `prefix` (e.g. all of one user's sessions). */
  forgetPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
