import type { Bus } from '../../bus/bus.ts';

/**
 * A running generation's hold on its lane's lock. The lock is taken with a short lifetime and
 * renewed while the generation runs here, a few times per lifetime, so that when this instance
 * dies (nothing renews any more) the conversation is free again within one lifetime, not after a
 * long fixed timeout. A renewal after a lapse (a stall, a restarted Redis) takes the lock back
 * when nobody else took it; when another generation holds it, the lease is lost and `onLost`
 * runs once, so two generations never carry on in one conversation.
 */
export class GenerationLease {
  private timer: NodeJS.Timeout | null = null;
  private lost = false;

  constructor(
    private readonly bus: Bus,
    private readonly key: string,
    private readonly holder: string,
    private readonly ttlMs: number,
    private readonly handlers: { onLost: () => void; onError: (err: unknown) => void },
  ) {}

  /** Renews now and then every third of the lifetime, until `stop`. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.renew(), this.ttlMs / 3);
    this.timer.unref();
    return this.renew();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async renew(): Promise<void> {
    try {
      if (this.lost || (await this.bus.renew(this.key, this.holder, this.ttlMs))) return;
      this.lost = true;
      this.stop();
      this.handlers.onLost();
    } catch (err) {
      // The Bus is unreachable for a moment: the next renewal tries again within the lifetime.
      this.handlers.onError(err);
    }
  }
}
