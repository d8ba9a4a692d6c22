/**
 * Everything several server instances must share goes through a Bus: generation job events,
 * rate-limit counters, bans and title waits. Two implementations: in-process (one instance,
 * the default) and Redis (REDIS_URL, any number of instances).
 */
export type BusHandler = (message: string) => void;

export interface Bus {
  /** Delivers `message` to every current subscriber of `channel`, on every instance. */
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is active; the returned function unsubscribes. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;

  /**
   * Adds `by` (default 1) to a counter that expires `ttlMs` after its first increment; returns
   * the new value.
   */
  incr(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Milliseconds until `key` expires, or 0 when it does not exist. */
  ttl(key: string): Promise<number>;

  get(key: string): Promise<string | null>;
  /** Sets `key`; with `ttlMs` it expires. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets `key` only if it does not exist; true when it was set. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /**
   * A lease kept alive: while `key` holds `value` its expiry is reset to `ttlMs`; a lapsed key is
   * taken again with `value`. False when another value holds it (the lease was lost to another
   * holder, which keeps it).
   */
  renew(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;

  /** Appends to a list (e.g. a job's event log) and refreshes its expiry; returns the new length. */
  append(key: string, value: string, ttlMs?: number): Promise<number>;
  /** Items from `start` (inclusive) to the end. */
  range(key: string, start: number): Promise<string[]>;

  /** Adds `member` to a set (e.g. the running generation jobs, which any instance may sweep). */
  addMember(key: string, member: string): Promise<void>;
  removeMember(key: string, member: string): Promise<void>;
  /** The set's members, in no particular order. */
  members(key: string): Promise<string[]>;

  close(): Promise<void>;
}
