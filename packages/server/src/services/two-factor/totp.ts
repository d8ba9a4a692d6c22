import { onFirstUse } from '../../on-first-use.ts';

/** otplib, imported when someone first sets up or uses two-factor sign-in rather than at start. */
const loadOtplib = onFirstUse(() => import('otplib'));

/** One TOTP step is 30 seconds; a code of the step before or after is still accepted (clock drift). */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A fresh base32 secret (20 random bytes, as authenticator apps expect). */
export async function newTotpSecret(): Promise<string> {
  const { generateSecret } = await loadOtplib();
  return generateSecret();
}

/** The otpauth:// address the setup dialog shows as a QR code. */
export async function totpUri(secret: string, account: string, issuer: string): Promise<string> {
  const { generateURI } = await loadOtplib();
  return generateURI({ issuer, label: account, secret });
}

/**
 * The time step a 6-digit code belongs to, or null when it matches none of the accepted steps.
 * `afterStep` refuses codes of that step and earlier (a code already used).
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep?: number | null,
  epochSeconds = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const { verify } = await loadOtplib();
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: epochSeconds,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep != null ? { afterTimeStep: afterStep } : {}),
    });
    // The functional API also types HOTP answers; a TOTP check always carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
