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

/** The picture size a call asks for when its arguments name none (the image tools' own default). */
export const DEFAULT_IMAGE_CALL_SIZE = { width: 1024, height: 1024 } as const;

/**
 * The size a call asked for, read from its `size` argument written "WxH" (`1536x1024`), so the
 * placeholder has the picture's shape while it is made; 1024x1024 when absent or unreadable
 * (`auto`, a half-streamed value).
 */
export function sizeOf(args: unknown): { width: number; height: number } {
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return DEFAULT_IMAGE_CALL_SIZE;
    }
  }
  const size = (value as { size?: unknown } | null)?.size;
  const match = typeof size === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(size.trim()) : null;
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return width > 0 && height > 0 ? { width, height } : DEFAULT_IMAGE_CALL_SIZE;
}
