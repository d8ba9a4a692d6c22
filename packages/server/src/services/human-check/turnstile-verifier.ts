import { z } from 'zod';
import type { AppConfig } from '../../config/app-config.ts';
import { forbidden } from '../../errors/app-error.ts';

/** Cloudflare's verification endpoint; TURNSTILE_VERIFY_URL replaces it (a stand-in in tests). */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const HUMAN_CHECK_FAILED = 'The human check failed. Please try again.';
/** How long the provider may take before the sign-in is refused rather than left hanging. */
const VERIFY_TIMEOUT_MS = 5_000;

const siteverifyAnswer = z.object({ success: z.boolean() });

/** Whether answers are verified with the provider: a `turnstile` section and the secret. */
export function humanCheckEnforced(config: Pick<AppConfig, 'env' | 'yaml'>): boolean {
  return Boolean(config.yaml.turnstile && config.env.TURNSTILE_SECRET_KEY);
}

/**
 * Refuses the request unless the provider confirms the human-check answer `token`. Does nothing
 * without both a `turnstile` section and TURNSTILE_SECRET_KEY: without the secret nothing can be
 * verified. A provider that is down or answers nonsense counts as a failed check (fail closed).
 */
export async function assertHumanCheckPassed(
  config: Pick<AppConfig, 'env' | 'yaml'>,
  token: unknown,
  remoteIp: string,
): Promise<void> {
  const secret = config.env.TURNSTILE_SECRET_KEY;
  if (!config.yaml.turnstile || !secret) return;
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) {
    throw forbidden(HUMAN_CHECK_FAILED);
  }
  if (
    !(await verifyWithProvider(
      config.env.TURNSTILE_VERIFY_URL ?? TURNSTILE_VERIFY_URL,
      secret,
      token,
      remoteIp,
    ))
  ) {
    throw forbidden(HUMAN_CHECK_FAILED);
  }
}

async function verifyWithProvider(
  url: string,
  secret: string,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      redirect: 'error',
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!res.ok) return false;
    const answer = siteverifyAnswer.safeParse(await res.json());
    return answer.success && answer.data.success;
  } catch {
    return false;
  }
}
