import { BACKUP_CODE_COUNT, TWO_FACTOR_MESSAGES as M, twoFactorEnableAnswerSchema } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableTwoFactorCommand } from '../../src/cli/admin-commands.ts';
import { users } from '../../src/db/schema/index.ts';
import { TwoFactorTempTokens } from '../../src/services/auth/two-factor-temp-token.ts';
import { login, refreshCookie, signUp, uniqueEmail } from '../auth/auth-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { codeFor, enableTwoFactor, post, secretOf } from './two-factor-client.ts';

const password = 'correct horse battery';

describe('two-factor authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const loginRaw = (email: string) =>
    server.api('/api/auth/login', { method: 'POST', json: { email, password } });
  const pendingLogin = async (email: string) => {
    const res = await loginRaw(email);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { twoFAPending: boolean; tempToken: string };
    expect(body).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
    expect(refreshCookie(res)).toBeNull();
    return body.tempToken;
  };
  const verifyTemp = (json: unknown) => post(server, '/api/auth/2fa/verify-temp', undefined, json);
  const userOf = async (id: string) => (await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('sets up with a QR address and ten backup codes; the secret is encrypted and the codes hashed at rest', async () => {
    const me = await signUp(server);
    const res = await server.api('/api/auth/2fa/enable', { token: me.token });
    expect(res.status).toBe(200);
    const body = twoFactorEnableAnswerSchema.parse(await res.json());
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauthUrl).toContain(encodeURIComponent(me.user.email));
    expect(body.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    for (const code of body.backupCodes) expect(code).toMatch(/^[a-z0-9]{8}$/);
    expect(new Set(body.backupCodes).size).toBe(BACKUP_CODE_COUNT);

    const row = await userOf(me.user.id);
    const secret = secretOf(body.otpauthUrl);
    expect(row.twoFactorEnabled).toBe(false);
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpSecret).toMatch(/^v1:/);
    const stored = JSON.stringify(row.backupCodes);
    for (const code of body.backupCodes) expect(stored).not.toContain(code);

    // Not on until confirmed: login still answers a session.
    expect(((await (await loginRaw(me.user.email)).json()) as { token?: string }).token).toBeTruthy();
  });

  it('verify checks a code without spending it, so confirm may take the same code; then login asks for the second factor', async () => {
    const me = await signUp(server);
    const { otpauthUrl } = (await (await server.api('/api/auth/2fa/enable', { token: me.token })).json()) as {
      otpauthUrl: string;
    };
    const secret = secretOf(otpauthUrl);
    const wrong = await post(server, '/api/auth/2fa/verify', me.token, { token: '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: M.invalidCode });

    const code = await codeFor(secret);
    expect((await post(server, '/api/auth/2fa/verify', me.token, { token: code })).status).toBe(200);
    const confirm = await post(server, '/api/auth/2fa/confirm', me.token, { token: code });
    expect(confirm.status).toBe(200);
    const user = (await (await server.api('/api/user', { token: me.token })).json()) as {
      twoFactorEnabled: boolean;
    };
    expect(user.twoFactorEnabled).toBe(true);

    const again = await server.api('/api/auth/2fa/enable', { token: me.token });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: M.alreadyEnabled });
    await pendingLogin(me.user.email);
  });

  it('confirm refuses a wrong code and a missing setup', async () => {
    const me = await signUp(server);
    const none = await post(server, '/api/auth/2fa/confirm', me.token, { token: '123456' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: M.noSetup });
    await server.api('/api/auth/2fa/enable', { token: me.token });
    const wrong = await post(server, '/api/auth/2fa/confirm', me.token, { token: '123456' });
    expect(wrong.status).toBe(400);
    expect((await userOf(me.user.id)).twoFactorEnabled).toBe(false);
  });

  it('signs in with a code once: a replayed code, a reused tempToken and the tempToken as an access token are refused', async () => {
    const me = await signUp(server);
    const { secret } = await enableTwoFactor(server, me.token);
    const tempToken = await pendingLogin(me.user.email);
    expect((await server.api('/api/user', { token: tempToken })).status).toBe(401);

    const code = await codeFor(secret);
    const ok = await verifyTemp({ tempToken, token: code });
    expect(ok.status).toBe(200);
    const session = (await ok.json()) as { token: string; user: { id: string; twoFactorEnabled: boolean } };
    expect(session.user).toMatchObject({ id: me.user.id, twoFactorEnabled: true });
    expect(refreshCookie(ok)?.value).toBeTruthy();
    expect((await server.api('/api/user', { token: session.token })).status).toBe(200);

    const reused = await verifyTemp({ tempToken, token: await codeFor(secret, 1) });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ message: M.tempTokenUsed });

    const replay = await verifyTemp({ tempToken: await pendingLogin(me.user.email), token: code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ message: M.invalidCode });
    expect(refreshCookie(replay)).toBeNull();

    // The next step's code is still good, on a fresh sign-in attempt.
    const next = await verifyTemp({
      tempToken: await pendingLogin(me.user.email),
      token: await codeFor(secret, 1),
    });
    expect(next.status).toBe(200);
  });

  it('a wrong code leaves the sign-in attempt open for another try', async () => {
    const me = await signUp(server);
    const { secret } = await enableTwoFactor(server, me.token);
    const tempToken = await pendingLogin(me.user.email);
    const wrong = await verifyTemp({
      tempToken,
      token: '000000' === (await codeFor(secret)) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    expect((await verifyTemp({ tempToken, token: await codeFor(secret) })).status).toBe(200);
  });

  it('signs in with a backup code once; upper case and spaces around it are accepted', async () => {
    const me = await signUp(server);
    const { backupCodes } = await enableTwoFactor(server, me.token);
    const code = backupCodes[3]!;
    const ok = await verifyTemp({
      tempToken: await pendingLogin(me.user.email),
      backupCode: ` ${code.toUpperCase()} `.trim(),
    });
    expect(ok.status).toBe(200);
    const reuse = await verifyTemp({ tempToken: await pendingLogin(me.user.email), backupCode: code });
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ message: M.invalidBackupCode });
    const row = await userOf(me.user.id);
    expect(row.backupCodes!.filter((c) => c.used)).toHaveLength(1);
    expect(row.backupCodes!.find((c) => c.used)!.usedAt).toEqual(expect.any(String));
    expect(
      (await verifyTemp({ tempToken: await pendingLogin(me.user.email), backupCode: backupCodes[4] })).status,
    ).toBe(200);
  });

  it("refuses another user's tempToken, an expired one, a forged one and an access token in its place", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    const a = await enableTwoFactor(server, alice.token);
    const b = await enableTwoFactor(server, bob.token);
    const bobsTemp = await pendingLogin(bob.user.email);
    // Alice's valid code and backup code do not complete Bob's sign-in.
    expect((await verifyTemp({ tempToken: bobsTemp, token: await codeFor(a.secret) })).status).toBe(401);
    expect((await verifyTemp({ tempToken: bobsTemp, backupCode: a.backupCodes[0] })).status).toBe(401);

    const tokens = new TwoFactorTempTokens(server.ctx.config.secrets.jwtSecret);
    const expired = await tokens.sign(alice.user.id, Date.now() - 10 * 60_000);
    const forged = await new TwoFactorTempTokens('another secret').sign(alice.user.id);
    for (const tempToken of [expired, forged, alice.token, `${bobsTemp}x`, 'not-a-token']) {
      const res = await verifyTemp({ tempToken, token: await codeFor(a.secret) });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: M.invalidTempToken });
    }
    // Bob's own code still works on his attempt.
    expect((await verifyTemp({ tempToken: bobsTemp, token: await codeFor(b.secret) })).status).toBe(200);
  });

  it('concurrent second steps with one tempToken, or with one code, give exactly one session', async () => {
    const me = await signUp(server);
    const { secret, backupCodes } = await enableTwoFactor(server, me.token);
    const tempToken = await pendingLogin(me.user.email);
    const code = await codeFor(secret);
    const same = await Promise.all(Array.from({ length: 6 }, () => verifyTemp({ tempToken, token: code })));
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.filter((r) => r.status === 401)).toHaveLength(5);

    const temps = await Promise.all(Array.from({ length: 6 }, () => pendingLogin(me.user.email)));
    const spent = await Promise.all(
      temps.map((t) => verifyTemp({ tempToken: t, backupCode: backupCodes[0] })),
    );
    expect(spent.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await userOf(me.user.id)).backupCodes!.filter((c) => c.used)).toHaveLength(1);
  });

  it('disable needs a good code (spent like at sign-in), after which login answers a session again', async () => {
    const me = await signUp(server);
    const { secret, backupCodes } = await enableTwoFactor(server, me.token);
    const wrong = await post(server, '/api/auth/2fa/disable', me.token, { backupCode: 'zzzzzzzz' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: M.invalidBackupCode });
    const code = await codeFor(secret);
    expect((await verifyTemp({ tempToken: await pendingLogin(me.user.email), token: code })).status).toBe(
      200,
    );
    // The code was spent by the sign-in.
    expect((await post(server, '/api/auth/2fa/disable', me.token, { token: code })).status).toBe(400);
    expect(
      (await post(server, '/api/auth/2fa/disable', me.token, { backupCode: backupCodes[9] })).status,
    ).toBe(200);
    const row = await userOf(me.user.id);
    expect(row).toMatchObject({ twoFactorEnabled: false, totpSecret: null, backupCodes: null });
    expect((await login(server, me.user.email)).token).toBeTruthy();
    const off = await post(server, '/api/auth/2fa/disable', me.token, { token: '123456' });
    expect(off.status).toBe(400);
    expect(await off.json()).toMatchObject({ message: M.notEnabled });
  });

  it('regenerates backup codes for a good code: the old codes stop working, the answer carries the hashes', async () => {
    const me = await signUp(server);
    const { secret, backupCodes } = await enableTwoFactor(server, me.token);
    expect(
      (await post(server, '/api/auth/2fa/backup/regenerate', me.token, { token: '000001' })).status,
    ).toBe(400);
    const res = await post(server, '/api/auth/2fa/backup/regenerate', me.token, {
      token: await codeFor(secret),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      backupCodes: string[];
      backupCodesHash: { codeHash: string; used: boolean; usedAt: string | null }[];
    };
    expect(body.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(body.backupCodesHash).toHaveLength(BACKUP_CODE_COUNT);
    expect(
      body.backupCodesHash.every((c) => !c.used && c.usedAt === null && /^[0-9a-f]{64}$/.test(c.codeHash)),
    ).toBe(true);
    expect(
      (await verifyTemp({ tempToken: await pendingLogin(me.user.email), backupCode: backupCodes[0] })).status,
    ).toBe(401);
    expect(
      (await verifyTemp({ tempToken: await pendingLogin(me.user.email), backupCode: body.backupCodes[0] }))
        .status,
    ).toBe(200);
  });

  it('answers 400 for malformed bodies and 401 without a session', async () => {
    const me = await signUp(server);
    await enableTwoFactor(server, me.token);
    const tempToken = await pendingLogin(me.user.email);
    for (const json of [
      {},
      { tempToken },
      { tempToken, token: '12345' },
      { tempToken, token: 'abcdef' },
      { tempToken, token: 123456 },
      { tempToken, backupCode: 'short' },
      { tempToken, token: '123456', backupCode: 'abcdefgh' },
      { tempToken: 42, token: '123456' },
      { tempToken: 'x'.repeat(5000), token: '123456' },
    ]) {
      const res = await verifyTemp(json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    for (const path of [
      '/api/auth/2fa/verify',
      '/api/auth/2fa/confirm',
      '/api/auth/2fa/disable',
      '/api/auth/2fa/backup/regenerate',
    ]) {
      expect((await post(server, path, me.token, { token: [1] })).status).toBe(400);
      expect((await post(server, path, undefined, { token: '123456' })).status).toBe(401);
    }
    expect((await server.api('/api/auth/2fa/enable')).status).toBe(401);
  });

  it('the admin command turns two-factor off for an account', async () => {
    const me = await signUp(server);
    await enableTwoFactor(server, me.token);
    expect(await disableTwoFactorCommand(server.ctx.db, me.user.email.toUpperCase())).toBe(true);
    expect((await login(server, me.user.email)).token).toBeTruthy();
    expect(await disableTwoFactorCommand(server.ctx.db, me.user.email)).toBe(false);
    await expect(disableTwoFactorCommand(server.ctx.db, uniqueEmail('nobody'))).rejects.toThrow(/No user/);
  });
});

describe('two-factor rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TWO_FACTOR_MAX: '3', BAN_INTERVAL: '3', LOGIN_VIOLATION_SCORE: '1' },
    });
  });
  afterAll(() => server.stop());

  it('counts code attempts per account: past the limit 429 `logins`, and repeated refusals ban the address', async () => {
    const me = await signUp(server);
    await enableTwoFactor(server, me.token);
    const tempToken = (
      (await (
        await server.api('/api/auth/login', { method: 'POST', json: { email: me.user.email, password } })
      ).json()) as { tempToken: string }
    ).tempToken;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await post(server, '/api/auth/2fa/verify-temp', undefined, { tempToken, token: '000000' })).status,
      );
    // The right code of the confirmation does not count: three wrong ones are allowed.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = statuses.indexOf(429);
    expect(limited).toBe(3);
    // Three refused attempts reach BAN_INTERVAL: the address is banned with the catalogue's answer.
    expect(statuses.at(-1)).toBe(403);
    const banned = await server.api('/api/user', { token: me.token });
    expect(banned.status).toBe(403);
    expect(await banned.json()).toMatchObject({ type: 'ban' });
  });
});

describe('two-factor rate limits count wrong codes only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TWO_FACTOR_MAX: '3' } });
  });
  afterAll(() => server.stop());

  it('counts only wrong codes: enabling, two sign-ins and new backup codes in one sitting pass', async () => {
    const me = await signUp(server);
    const { secret, backupCodes } = await enableTwoFactor(server, me.token); // right check 1
    const signIn = async (code: Record<string, string>) => {
      const pending = (await (
        await server.api('/api/auth/login', { method: 'POST', json: { email: me.user.email, password } })
      ).json()) as { tempToken: string };
      return post(server, '/api/auth/2fa/verify-temp', undefined, { tempToken: pending.tempToken, ...code });
    };
    // Each code is good once, so each check uses another time step or a backup code.
    expect((await signIn({ token: await codeFor(secret, -1) })).status).toBe(200); // 2
    expect((await signIn({ token: await codeFor(secret, 0) })).status).toBe(200); // 3
    const regenerated = await post(server, '/api/auth/2fa/backup/regenerate', me.token, {
      token: await codeFor(secret, 1),
    }); // 4: over TWO_FACTOR_MAX 3 had right codes counted
    expect(regenerated.status).toBe(200);
    expect((await signIn({ backupCode: backupCodes[0]! })).status).toBe(401); // replaced: wrong, counts
    const fresh = ((await regenerated.json()) as { backupCodes: string[] }).backupCodes;
    expect((await signIn({ backupCode: fresh[0]! })).status).toBe(200); // 5
    expect((await signIn({ backupCode: fresh[1]! })).status).toBe(200); // 6
  });
});
