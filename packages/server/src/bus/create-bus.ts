import type { Bus } from './bus.ts';
import { MemoryBus } from './memory-bus.ts';

/**
 * Redis when REDIS_URL is set (several instances), otherwise in-process. The Redis client loads
 * only when it is used, so a single instance does not hold it in memory.
 */
export async function createBus(redisUrl: string | undefined): Promise<Bus> {
  if (!redisUrl) return new MemoryBus();
  const { RedisBus } = await import('./redis-bus.ts');
  return new RedisBus(redisUrl);
}
