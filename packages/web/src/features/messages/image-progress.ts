import { IMAGE_PROGRESS, imageProgressDuration } from '@parley/schema';

/**
 * Where a picture's progress bar stands `elapsedMs` after the call started: from 0.1 towards 0.9
 * over `durationMs`, then held at 0.9 until the picture arrives.
 */
export function imageProgressAt(elapsedMs: number, durationMs: number): number {
  const { start, hold } = IMAGE_PROGRESS;
  if (elapsedMs <= 0) return start;
  return Math.min(hold, start + ((hold - start) * elapsedMs) / durationMs);
}

/** How long this call's bar takes to reach 0.9: the quality's duration plus up to 30 % at random. */
export function imageProgressDurationFor(quality: string | undefined, random: number): number {
  return imageProgressDuration(quality) * (1 + IMAGE_PROGRESS.randomExtra * random);
}

/** The label step a progress is at: 0 below 0.3, 1 from 0.3, 2 from 0.5, 3 from 0.7. */
export function imageProgressStep(progress: number): 0 | 1 | 2 | 3 {
  return IMAGE_PROGRESS.labelSteps.filter((step) => progress >= step).length as 0 | 1 | 2 | 3;
}

/** The `quality` a call asked for, read from its arguments (JSON text while it streams). */
export function qualityOf(args: unknown): string | undefined {
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  const quality = (value as { quality?: unknown } | null)?.quality;
  return typeof quality === 'string' ? quality : undefined;
}
