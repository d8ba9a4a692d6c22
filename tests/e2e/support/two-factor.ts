import { generate } from 'otplib';
import type { TestUser } from './fixtures.ts';

/** The code an authenticator app shows now for `secret`. */
export function totpCode(secret: string): Promise<string> {
  return generate({ secret });
}

async function call(baseURL: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Turns two-factor on for a registered account through the API; answers its secret and backup codes. */
export async function enableTwoFactorViaApi(
  baseURL: string,
  user: TestUser,
): Promise<{ secret: string; backupCodes: string[] }> {
  const { token } = await call(baseURL, '/api/auth/login', null, {
    email: user.email,
    password: user.password,
  });
  const setup = await call(baseURL, '/api/auth/2fa/enable', token as string);
  const secret = new URL(setup.otpauthUrl as string).searchParams.get('secret')!;
  await call(baseURL, '/api/auth/2fa/confirm', token as string, { token: await totpCode(secret) });
  return { secret, backupCodes: setup.backupCodes as string[] };
}
