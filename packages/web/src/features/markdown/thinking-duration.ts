/** How long reasoning took, in whole units for its label ("Thought for 12 s", "… 2 min 5 s"). */
export type ThoughtDuration = { minutes: number; seconds: number };

/**
 * The time a model spent reasoning, rounded to whole seconds; anything shorter than a second
 * counts as one (the label never says "0 s"). Null when the time is unknown or not a duration.
 */
export function thoughtDuration(ms: unknown): ThoughtDuration | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.max(1, Math.round(ms / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}
