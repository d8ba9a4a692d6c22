import type { Bus, BusHandler } from './bus.ts';

interface Entry<T> {
  value: T;
  expiresAt: number | null;
}

/** How often expired keys nobody reads again are dropped: they outlive their TTL by up to this. */
export const MEMORY_BUS_SWEEP_MS = 60_000;

/** The in-process Bus: one server instance, no dependencies. */
export class MemoryBus implements Bus {
  private readonly channels = new Map<string, Set<BusHandler>>();
  private readonly values = new Map<string, Entry<string | number | string[] | Set<string>>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Expired keys are dropped lazily on read; the sweep only bounds memory for keys never read again.
    this.sweeper = setInterval(() => this.sweep(), MEMORY_BUS_SWEEP_MS);
    this.sweeper.unref();
  }

  async publish(channel: string, message: string): Promise<void> {
    for (const handler of [...(this.channels.get(channel) ?? [])]) {
      try {
        handler(message);
      } catch {
        // A failing subscriber must not break the publisher or the other subscribers.
      }
    }
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
    };
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const entry = this.live(key);
    if (!entry) {
      this.values.set(key, { value: by, expiresAt: this.now() + ttlMs });
      return by;
    }
    entry.value = Number(entry.value) + by;
    return entry.value;
  }

  async ttl(key: string): Promise<number> {
    const entry = this.live(key);
    if (!entry) return 0;
    return entry.expiresAt === null ? Number.POSITIVE_INFINITY : Math.max(0, entry.expiresAt - this.now());
  }

  async get(key: string): Promise<string | null> {
    const entry = this.live(key);
    return entry ? String(entry.value) : null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.values.set(key, { value, expiresAt: ttlMs ? this.now() + ttlMs : null });
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async renew(key: string, value: string, ttlMs: number): Promise<boolean> {
    const entry = this.live(key);
    if (entry && entry.value !== value) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async del(key: string): Promise<void> {
    this.values.delete(key);
  }

  async append(key: string, value: string, ttlMs?: number): Promise<number> {
    const entry = this.live(key);
    const list = entry && Array.isArray(entry.value) ? entry.value : [];
    list.push(value);
    this.values.set(key, { value: list, expiresAt: ttlMs ? this.now() + ttlMs : null });
    return list.length;
  }

  async range(key: string, start: number): Promise<string[]> {
    const entry = this.live(key);
    return entry && Array.isArray(entry.value) ? entry.value.slice(start) : [];
  }

  async addMember(key: string, member: string): Promise<void> {
    const entry = this.live(key);
    const set = entry?.value instanceof Set ? entry.value : new Set<string>();
    set.add(member);
    if (!entry) this.values.set(key, { value: set, expiresAt: null });
  }

  async removeMember(key: string, member: string): Promise<void> {
    const entry = this.live(key);
    if (!(entry?.value instanceof Set)) return;
    entry.value.delete(member);
    if (entry.value.size === 0) this.values.delete(key);
  }

  async members(key: string): Promise<string[]> {
    const entry = this.live(key);
    return entry?.value instanceof Set ? [...entry.value] : [];
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.channels.clear();
    this.values.clear();
  }

  private live(key: string): Entry<string | number | string[] | Set<string>> | undefined {
    const entry = this.values.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    for (const key of this.values.keys()) this.live(key);
  }
}
