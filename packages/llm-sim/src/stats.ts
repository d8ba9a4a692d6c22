// Live counters a handler keeps, so tests and benchmarks can check for leaked streams, and so
// close() can wait for every generation to have stopped.
export interface SimStats {
  /** Generations in flight (streamed or not); must return to 0 once clients finish or leave. */
  activeStreams: number;
  /** Every request the handler received, whatever its outcome. */
  totalRequests: number;
}

export class StatsTracker {
  private activeStreams = 0;
  private totalRequests = 0;
  private idleWaiters: (() => void)[] = [];

  requestReceived(): void {
    this.totalRequests++;
  }

  streamStarted(): void {
    this.activeStreams++;
  }

  streamEnded(): void {
    this.activeStreams--;
    if (this.activeStreams > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once no generation is in flight. */
  whenIdle(): Promise<void> {
    if (this.activeStreams === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  snapshot(): SimStats {
    return { activeStreams: this.activeStreams, totalRequests: this.totalRequests };
  }
}
