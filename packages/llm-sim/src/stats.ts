// Live counters a handler keeps, so tests and benchmarks can check for leaked streams.
export interface SimStats {
  /** Generations in flight (streamed or not); must return to 0 once clients finish or leave. */
  activeStreams: number;
  /** Every request the handler received, whatever its outcome. */
  totalRequests: number;
}

export function createStats(): SimStats {
  return { activeStreams: 0, totalRequests: 0 };
}
