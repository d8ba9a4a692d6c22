// Small guards for walking untyped JSON request bodies.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A positive integer limit: undefined when absent, null when present but unusable. */
export function positiveInteger(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined;
  return Number.isInteger(value) && (value as number) > 0 ? (value as number) : null;
}

/** Tool results may be strings or any JSON; behaviours read them as text. */
export function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}
