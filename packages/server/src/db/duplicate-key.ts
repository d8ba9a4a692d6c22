/** A unique violation (SQLSTATE 23505), as PostgreSQL and PGlite report it, wrapped or not. */
export function isDuplicateKey(error: unknown): boolean {
  for (
    let e = error;
    e instanceof Error || (e && typeof e === 'object');
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}
