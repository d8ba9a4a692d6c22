import { generate } from 'otplib';
import type { TestServer } from '../helpers/test-server.ts';

/** The base32 secret inside an otpauth:// address. */
export function secretOf(otpauthUrl: string): string {
  const secret = new URL(otpauthUrl).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUrl}`);
  return secret;
}

/** The code an authenticator app shows `stepsAhead` time steps from now. */
export function codeFor(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

export function post(server: TestServer, path: string, token: string | undefined, json: unknown) {
  return server.api(path, { method: 'POST', token, json });
}

/** Sets two-factor up for a signed-in account; answers its secret and backup codes. */
export async function enableTwoFactor(
  server: TestServer,
  token: string,
): Promise<{ secret: string; backupCodes: string[] }> {
  const res = await server.api('/api/auth/2fa/enable', { token });
  if (res.status !== 200) throw new Error(`enable failed: ${res.status} ${await res.text()}`);
  const { otpauthUrl, backupCodes } = (await res.json()) as { otpauthUrl: string; backupCodes: string[] };
  const secret = secretOf(otpauthUrl);
  const confirm = await post(server, '/api/auth/2fa/confirm', token, { token: await codeFor(secret) });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${await confirm.text()}`);
  return { secret, backupCodes };
}
