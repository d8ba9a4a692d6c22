/** How strong a new password looks, from too short to strong. */
export type PasswordStrength = 'short' | 'weak' | 'fair' | 'strong';

/** The server's minimum length for a password. */
const MIN_LENGTH = 8;

/**
 * A hint, not a rule (the server only requires eight characters): length counts most, then the
 * kinds of characters mixed in; a password made of one repeated character or a plain run such as
 * "12345678" or "abcdefgh" is weak whatever its length.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_LENGTH) return 'short';
  if (isMonotonous(password)) return 'weak';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
  const score = (password.length >= 12 ? 2 : 0) + (password.length >= 16 ? 1 : 0) + (kinds - 1);
  if (score >= 4) return 'strong';
  if (score >= 2) return 'fair';
  return 'weak';
}

/** One character repeated, or each character one more or one less than the one before. */
function isMonotonous(password: string): boolean {
  const codes = [...password].map((c) => c.toLowerCase().charCodeAt(0));
  const steps = new Set(codes.slice(1).map((code, i) => code - codes[i]!));
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) <= 1);
}
