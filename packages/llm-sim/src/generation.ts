// Runs one generation against an HTTP response, whatever the wire protocol: plays the units through
// the protocol's writer and guarantees that a client leaving stops the timer and is counted once.
import type { ServerResponse } from 'node:http';
import type { SimDefaults } from './pacing.ts';
import { playUnits } from './player.ts';
import { isBeingDropped } from './sse.ts';
import type { StatsTracker } from './stats.ts';
import type { Unit } from './units.ts';

export interface GenerationOptions {
  res: ServerResponse;
  units: readonly Unit[];
  pacing: SimDefaults;
  stats: StatsTracker;
  /**
   * Starts the protocol's rendering (headers) and returns its writer, which renders each batch and
   * ends or drops the response at the end. Only called when the client is still there.
   */
  createWriter(): (batch: Unit[]) => void;
}

export function runGeneration(options: GenerationOptions): void {
  const { res, stats } = options;
  // The client may already be gone (it left while its body was read): 'close' would never come.
  if (!res.socket || res.socket.destroyed) return;
  stats.streamStarted();
  const stop = new AbortController();
  // 'close' comes both after a normal end and when the client disconnects mid-stream. Listen before
  // playing: the first batch is written synchronously and may already end the response.
  res.once('close', () => {
    stop.abort();
    stats.streamEnded();
  });
  playUnits(options.units, {
    pacing: options.pacing,
    signal: stop.signal,
    onBatch: options.createWriter(),
    // A script without finish or disconnect still has to end the response.
    onDone: () => {
      if (!res.writableEnded && !isBeingDropped(res)) res.end();
    },
  });
}
