import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus.ts';

/** INCRBY that sets the expiry only on the first increment, atomically. */
const INCR_WITH_TTL = `local v = redis.call('INCRBY', KEYS[1], ARGV[2])
if v == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

/** Bus.renew: resets the expiry while the key holds the value, takes it when absent, atomically. */
const RENEW_LEASE = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/**
 * The Bus on Redis (REDIS_URL): what one instance publishes, counts or stores, every other
 * instance sees. Pub/sub needs a connection of its own, so there are two.
 */
export class RedisBus implements Bus {
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<BusHandler>>();

  constructor(
    url: string,
    private readonly prefix = 'parley:',
  ) {
    const options = { maxRetriesPerRequest: 3, lazyConnect: false };
    this.commands = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    // Connection errors surface on the commands that fail; an unhandled 'error' event must not
    // crash the process while ioredis reconnects.
    this.commands.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of [...(this.handlers.get(channel.slice(this.prefix.length)) ?? [])]) {
        try {
          handler(message);
        } catch {
          // One failing subscriber must not starve the others.
        }
      }
    });
  }

  private key(name: string): string {
    return this.prefix + name;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.commands.publish(this.key(channel), message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      await this.subscriber.subscribe(this.key(channel));
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(this.key(channel)).catch(() => undefined);
      }
    };
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    return Number(await this.commands.eval(INCR_WITH_TTL, 1, this.key(key), String(ttlMs), String(by)));
  }

  async ttl(key: string): Promise<number> {
    const ms = await this.commands.pttl(this.key(key));
    if (ms === -2) return 0;
    return ms === -1 ? Number.POSITIVE_INFINITY : ms;
  }

  async get(key: string): Promise<string | null> {
    return this.commands.get(this.key(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs) await this.commands.set(this.key(key), value, 'PX', ttlMs);
    else await this.commands.set(this.key(key), value);
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const result = ttlMs
      ? await this.commands.set(this.key(key), value, 'PX', ttlMs, 'NX')
      : await this.commands.set(this.key(key), value, 'NX');
    return result === 'OK';
  }

  async renew(key: string, value: string, ttlMs: number): Promise<boolean> {
    return Number(await this.commands.eval(RENEW_LEASE, 1, this.key(key), value, String(ttlMs))) === 1;
  }

  async del(key: string): Promise<void> {
    await this.commands.del(this.key(key));
  }

  async append(key: string, value: string, ttlMs?: number): Promise<number> {
    const k = this.key(key);
    const pipeline = this.commands.multi().rpush(k, value);
    if (ttlMs) pipeline.pexpire(k, ttlMs);
    const results = await pipeline.exec();
    const [error, length] = results?.[0] ?? [new Error('append failed'), 0];
    if (error) throw error;
    return Number(length);
  }

  async range(key: string, start: number): Promise<string[]> {
    return this.commands.lrange(this.key(key), start, -1);
  }

  async addMember(key: string, member: string): Promise<void> {
    await this.commands.sadd(this.key(key), member);
  }

  async removeMember(key: string, member: string): Promise<void> {
    await this.commands.srem(this.key(key), member);
  }

  async members(key: string): Promise<string[]> {
    return this.commands.smembers(this.key(key));
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.subscriber.quit(), this.commands.quit()]);
  }
}
