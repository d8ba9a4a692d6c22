// Plays units over time. One timer per stream at a time: each tick emits every unit that is due
// as one batch (one socket write), then re-arms for the next one. That keeps hundreds of concurrent
// streams cheap even at high token rates.
import type { SimDefaults } from './pacing.ts';
import { isPaced, type Unit } from './units.ts';

/** Below this, ticks would cost more than they add; units due meanwhile go out together. */
const MIN_TICK_MS = 10;

export interface PlayOptions {
  pacing: SimDefaults;
  /** Aborting stops playback at once: the pending timer is cleared and no further batch is delivered. */
  signal: AbortSignal;
  /** Receives each due batch, in order. */
  onBatch(batch: Unit[]): void;
  /** Called once after the last batch (not after an abort). */
  onDone(): void;
}

export function playUnits(units: readonly Unit[], options: PlayOptions): void {
  const { signal } = options;
  const dueAt = scheduleUnits(units, options.pacing);
  const startedAt = performance.now();
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  const cancel = (): void => clearTimeout(timer);

  const tick = (): void => {
    const elapsed = performance.now() - startedAt;
    const batch: Unit[] = [];
    while (next < units.length && dueAt[next]! <= elapsed) batch.push(units[next++]!);
    if (batch.length > 0) options.onBatch(batch);
    if (signal.aborted) return;
    if (next < units.length) {
      timer = setTimeout(tick, Math.max(MIN_TICK_MS, dueAt[next]! - elapsed));
      return;
    }
    signal.removeEventListener('abort', cancel);
    options.onDone();
  };

  if (signal.aborted) return;
  signal.addEventListener('abort', cancel, { once: true });
  // The first tick runs now, so units due at 0 (an error answer, a leading finish) are immediate.
  tick();
}

/**
 * When each unit is due, in ms from the start: paced unit n at firstTokenDelay + n / rate. A
 * tool-call header goes out with the first argument piece after it; the other unpaced units (finish,
 * error, disconnect) go out with the paced unit before them, or at once when nothing precedes them.
 */
export function scheduleUnits(units: readonly Unit[], pacing: SimDefaults): number[] {
  const interval = Number.isFinite(pacing.tokensPerSecond) ? 1000 / pacing.tokensPerSecond : 0;
  let paced = 0;
  let previous = 0;
  const dueAt = units.map((unit) => {
    if (!isPaced(unit)) return previous;
    previous = pacing.firstTokenDelayMs + paced++ * interval;
    return previous;
  });
  for (let index = units.length - 2; index >= 0; index--) {
    if (units[index]!.type === 'tool-call-start') dueAt[index] = dueAt[index + 1]!;
  }
  return dueAt;
}
