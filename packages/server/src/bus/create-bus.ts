import type { Bus } from './bus.ts';
import { MemoryBus } from './memory-bus.ts';
import { RedisBus } from './redis-bus.ts';

/** Redis when REDIS_URL is set (several instances), otherwise in-process. */
export function createBus(redisUrl: string | undefined): Bus {
  return redisUrl ? new RedisBus(redisUrl) : new MemoryBus();
}
