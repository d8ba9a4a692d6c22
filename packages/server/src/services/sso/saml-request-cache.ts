import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Bus } from '../../bus/bus.ts';

/**
 * The ids of the SAML requests this service sent and not yet seen answered, kept in the Bus so
 * that any instance can check a response that another one asked for. node-saml consults it to
 * accept only a response to one of our requests (InResponseTo) and removes the id when the
 * response is accepted, so the same assertion cannot sign anyone in twice.
 */
export class SamlRequestCache implements CacheProvider {
  /** `bus` is asked on each use: the registry that owns this cache exists before the Bus does. */
  constructor(
    private readonly bus: () => Bus,
    private readonly ttlMs: number,
  ) {}

  private key(id: string): string {
    return `sso:saml-request:${id}`;
  }

  async saveAsync(id: string, value: string): Promise<CacheItem | null> {
    const createdAt = Date.now();
    const saved = await this.bus().setIfAbsent(this.key(id), value, this.ttlMs);
    return saved ? { value, createdAt } : null;
  }

  async getAsync(id: string): Promise<string | null> {
    return this.bus().get(this.key(id));
  }

  async removeAsync(id: string | null): Promise<string | null> {
    if (!id) return null;
    const value = await this.bus().get(this.key(id));
    await this.bus().del(this.key(id));
    return value;
  }
}
