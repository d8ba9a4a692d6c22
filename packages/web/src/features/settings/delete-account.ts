/** The delete confirmation unlocks only when the typed e-mail matches (case-insensitive, trimmed). */
export function emailConfirmed(typed: string, email: string | undefined): boolean {
  if (!email) return false;
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
