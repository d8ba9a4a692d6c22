import { PASSKEY_MESSAGES, type Passkey } from '@parley/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { refreshCookie, signUp, type LoggedIn } from '../auth/auth-client.ts';
import { enableTwoFactor } from '../two-factor/two-factor-client.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const ORIGIN = 'http://localhost:5173';
const RP_ID = 'localhost';

interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

describe('passkeys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DOMAIN_CLIENT: ORIGIN } });
  });
  afterAll(() => server.stop());

  const post = (path: string, json: unknown, token?: string) =>
    server.api(path, { method: 'POST', json, token });
  const registrationOptions = async (token: string) => {
    const res = await post('/api/auth/passkeys/registration/options', {}, token);
    expect(res.status).toBe(200);
    return (await res.json()) as CreationOptions;
  };
  const signInOptions = async () => {
    const res = await post('/api/auth/passkeys/authentication/options', {});
    expect(res.status).toBe(200);
    return (await res.json()) as { challenge: string; rpId: string; userVerification: string };
  };
  const signInWith = async (response: unknown) => post('/api/auth/passkeys/authentication', { response });

  /** A fresh account with one registered passkey. */
  async function withPasskey(
    name?: string,
  ): Promise<{ me: LoggedIn; key: SoftAuthenticator; passkey: Passkey }> {
    const me = await signUp(server);
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const res = await post(
      '/api/auth/passkeys/registration',
      { name, response: key.register(await registrationOptions(me.token)) },
      me.token,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return { me, key, passkey: (await res.json()) as Passkey };
  }

  it('offers options bound to the configured site, asking for a discoverable, verified key', async () => {
    const me = await signUp(server);
    const options = await registrationOptions(me.token);
    expect(options.rp.id).toBe('localhost');
    expect(options.user.name).toBe(me.user.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const signIn = await signInOptions();
    expect(signIn.rpId).toBe('localhost');
    expect(signIn.userVerification).toBe('required');
  });

  it('registers a passkey, lists it, and signs in with it (session and refresh cookie)', async () => {
    const { me, key, passkey } = await withPasskey('Laptop');
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    const list = await server.api('/api/auth/passkeys', { token: me.token });
    expect(((await list.json()) as { passkeys: Passkey[] }).passkeys.map((p) => p.id)).toEqual([passkey.id]);

    const res = await signInWith(key.assert(await signInOptions()));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string }; token: string };
    expect(body.user.id).toBe(me.user.id);
    expect(refreshCookie(res)?.value).toBeTruthy();
    const who = await server.api('/api/user', { token: body.token });
    expect(who.status).toBe(200);

    const after = await server.api('/api/auth/passkeys', { token: me.token });
    expect(((await after.json()) as { passkeys: Passkey[] }).passkeys[0]?.lastUsedAt).not.toBeNull();
  });

  it('names unnamed passkeys in turn, keeps several, renames and removes them', async () => {
    const me = await signUp(server);
    const keys = [new SoftAuthenticator(ORIGIN, RP_ID), new SoftAuthenticator(ORIGIN, RP_ID)];
    const made: Passkey[] = [];
    for (const key of keys) {
      const options = await registrationOptions(me.token);
      const res = await post(
        '/api/auth/passkeys/registration',
        { response: key.register(options) },
        me.token,
      );
      made.push((await res.json()) as Passkey);
    }
    expect(made.map((p) => p.name)).toEqual(['Passkey 1', 'Passkey 2']);
    // The second registration's options exclude the first key.
    expect((await registrationOptions(me.token)).excludeCredentials?.map((c) => c.id)).toEqual(
      keys.map((k) => k.id),
    );

    const renamed = await server.api(`/api/auth/passkeys/${made[0]!.id}`, {
      method: 'PATCH',
      json: { name: '  Phone  ' },
      token: me.token,
    });
    expect(await renamed.json()).toMatchObject({ id: made[0]!.id, name: 'Phone' });
    for (const name of ['', '   ', 'x'.repeat(65), 42]) {
      const bad = await server.api(`/api/auth/passkeys/${made[0]!.id}`, {
        method: 'PATCH',
        json: { name },
        token: me.token,
      });
      expect(bad.status).toBe(400);
    }

    const removed = await server.api(`/api/auth/passkeys/${made[1]!.id}`, {
      method: 'DELETE',
      token: me.token,
    });
    expect(removed.status).toBe(200);
    const list = (await (await server.api('/api/auth/passkeys', { token: me.token })).json()) as {
      passkeys: Passkey[];
    };
    expect(list.passkeys.map((p) => p.name)).toEqual(['Phone']);
  });

  it('satisfies two-factor: no code is asked after a passkey sign-in', async () => {
    const { me, key } = await withPasskey();
    await enableTwoFactor(server, me.token);
    const password = await post('/api/auth/login', {
      email: me.user.email,
      password: 'correct horse battery',
    });
    expect(await password.json()).toMatchObject({ twoFAPending: true });
    const res = await signInWith(key.assert(await signInOptions()));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: me.user.id }, token: expect.any(String) });
  });

  it('are only for accounts that sign in with a password', async () => {
    const me = await signUp(server);
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const response = key.register(await registrationOptions(me.token));
    await server.ctx.db.execute(sql`update users set provider = 'openid' where id = ${me.user.id}`);
    const options = await post('/api/auth/passkeys/registration/options', {}, me.token);
    expect(options.status).toBe(400);
    expect(await options.json()).toMatchObject({ message: PASSKEY_MESSAGES.localOnly });
    const res = await post('/api/auth/passkeys/registration', { response }, me.token);
    expect(res.status).toBe(400);
    expect(await (await server.api('/api/auth/passkeys', { token: me.token })).json()).toEqual({
      passkeys: [],
    });
  });

  it('refuses everything without a session except signing in', async () => {
    expect((await server.api('/api/auth/passkeys')).status).toBe(401);
    expect((await post('/api/auth/passkeys/registration/options', {})).status).toBe(401);
    expect((await post('/api/auth/passkeys/registration', {})).status).toBe(401);
    expect((await server.api('/api/auth/passkeys/x', { method: 'DELETE' })).status).toBe(401);
  });

  describe('bad input', () => {
    it('refuses an answer to a challenge the server never issued, or issued for sign-in', async () => {
      const me = await signUp(server);
      const key = new SoftAuthenticator(ORIGIN, RP_ID);
      const options = await registrationOptions(me.token);
      const forged = key.register({ ...options, challenge: Buffer.from('made up').toString('base64url') });
      const res = await post('/api/auth/passkeys/registration', { response: forged }, me.token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'This passkey request has expired or was already used. Please try again.',
      });

      const signIn = await signInOptions();
      const crossed = await post(
        '/api/auth/passkeys/registration',
        { response: key.register({ ...options, challenge: signIn.challenge }) },
        me.token,
      );
      expect(crossed.status).toBe(400);
      // A sign-in answer to a registration challenge is refused the same way.
      const other = await withPasskey();
      expect((await signInWith(other.key.assert(await registrationOptions(me.token)))).status).toBe(400);
    });

    it("refuses another person's registration challenge", async () => {
      const alice = await signUp(server);
      const bob = await signUp(server);
      const key = new SoftAuthenticator(ORIGIN, RP_ID);
      const alicesOptions = await registrationOptions(alice.token);
      const res = await post(
        '/api/auth/passkeys/registration',
        { response: key.register(alicesOptions) },
        bob.token,
      );
      expect(res.status).toBe(400);
      // The challenge was Alice's: she can still use it (Bob's attempt did not burn it).
      const hers = await post(
        '/api/auth/passkeys/registration',
        { response: key.register(alicesOptions) },
        alice.token,
      );
      expect(hers.status).toBe(200);
    });

    it('refuses a replayed sign-in answer and a replayed registration', async () => {
      const { me, key } = await withPasskey();
      const answer = key.assert(await signInOptions());
      expect((await signInWith(answer)).status).toBe(200);
      const replay = await signInWith(answer);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({
        message: 'This passkey request has expired or was already used. Please try again.',
      });

      const again = new SoftAuthenticator(ORIGIN, RP_ID);
      const registration = again.register(await registrationOptions(me.token));
      expect(
        (await post('/api/auth/passkeys/registration', { response: registration }, me.token)).status,
      ).toBe(200);
      expect(
        (await post('/api/auth/passkeys/registration', { response: registration }, me.token)).status,
      ).toBe(400);
    });

    it('refuses a counter that does not move forward (a cloned key)', async () => {
      const { key } = await withPasskey();
      expect((await signInWith(key.assert(await signInOptions(), { counter: 5 }))).status).toBe(200);
      const cloned = await signInWith(key.assert(await signInOptions(), { counter: 5 }));
      expect(cloned.status).toBe(401);
      expect(await cloned.json()).toMatchObject({ message: 'The passkey could not be verified.' });
      expect((await signInWith(key.assert(await signInOptions(), { counter: 3 }))).status).toBe(401);
      expect((await signInWith(key.assert(await signInOptions(), { counter: 6 }))).status).toBe(200);
    });

    it("refuses another person's credential id, a foreign user handle and a bad signature", async () => {
      const alice = await withPasskey();
      const bob = await withPasskey();
      // Bob's key signs, but claims Alice's credential id: the signature does not match her key.
      const claimed = bob.key.assert(await signInOptions());
      const asAlice = { ...claimed, id: alice.key.id, rawId: alice.key.id };
      expect((await signInWith(asAlice)).status).toBe(401);
      // Alice's key with Bob's user handle.
      const handle = alice.key.assert(await signInOptions());
      const foreign = { ...handle, response: { ...handle.response, userHandle: bob.key.userHandle } };
      expect((await signInWith(foreign)).status).toBe(401);
      // A flipped signature byte.
      const good = alice.key.assert(await signInOptions());
      const sig = Buffer.from(good.response.signature, 'base64url');
      sig[sig.length - 1]! ^= 1;
      const flipped = { ...good, response: { ...good.response, signature: sig.toString('base64url') } };
      expect((await signInWith(flipped)).status).toBe(401);
      // Another person's passkey id in the settings routes is not found.
      for (const init of [{ method: 'PATCH', json: { name: 'Mine now' } }, { method: 'DELETE' }]) {
        const res = await server.api(`/api/auth/passkeys/${alice.passkey.id}`, {
          ...init,
          token: bob.me.token,
        });
        expect(res.status).toBe(404);
      }
      expect((await signInWith(alice.key.assert(await signInOptions()))).status).toBe(200);
    });

    it('refuses another origin, relying party, ceremony type and an unverified key', async () => {
      const me = await signUp(server);
      const key = new SoftAuthenticator(ORIGIN, RP_ID);
      const reg = (bend: Parameters<SoftAuthenticator['register']>[1]) =>
        registrationOptions(me.token).then((o) =>
          post('/api/auth/passkeys/registration', { response: key.register(o, bend) }, me.token),
        );
      expect((await reg({ origin: 'https://evil.example' })).status).toBe(400);
      expect((await reg({ type: 'webauthn.get' })).status).toBe(400);
      expect((await reg({ unverified: true })).status).toBe(400);
      const elsewhere = new SoftAuthenticator(ORIGIN, 'evil.example');
      const o = await registrationOptions(me.token);
      expect(
        (await post('/api/auth/passkeys/registration', { response: elsewhere.register(o) }, me.token)).status,
      ).toBe(400);

      const { key: good } = await withPasskey();
      expect(
        (await signInWith(good.assert(await signInOptions(), { origin: 'https://evil.example' }))).status,
      ).toBe(401);
      expect((await signInWith(good.assert(await signInOptions(), { unverified: true }))).status).toBe(401);
    });

    it('refuses malformed attestations and answers with a clear 4xx, never 500', async () => {
      const me = await signUp(server);
      const key = new SoftAuthenticator(ORIGIN, RP_ID);
      const options = await registrationOptions(me.token);
      const honest = key.register(options);
      const cases: unknown[] = [
        null,
        'text',
        { response: null },
        { response: { ...honest, type: 'password' } },
        { response: { ...honest, response: { ...honest.response, attestationObject: 'not base64url!' } } },
        { response: { ...honest, id: 42 } },
      ];
      for (const body of cases) {
        const res = await post('/api/auth/passkeys/registration', body, me.token);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      // Well-formed base64url that is not CBOR, and CBOR of the wrong shape.
      for (const attestationObject of ['AAAA', Buffer.from([0xa1, 0x61, 0x61, 0x01]).toString('base64url')]) {
        const fresh = key.register(await registrationOptions(me.token));
        const res = await post(
          '/api/auth/passkeys/registration',
          { response: { ...fresh, response: { ...fresh.response, attestationObject } } },
          me.token,
        );
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ message: 'The passkey could not be verified.' });
      }
      // Client data that is not JSON.
      const garbled = { ...honest, response: { ...honest.response, clientDataJSON: 'bm90IGpzb24' } };
      expect((await post('/api/auth/passkeys/registration', { response: garbled }, me.token)).status).toBe(
        400,
      );
      expect((await signInWith({ ...key.assert(options), response: { clientDataJSON: 'x' } })).status).toBe(
        400,
      );
    });

    it('refuses a huge body before reading it', async () => {
      const me = await signUp(server);
      const huge = { response: { id: 'a'.repeat(200_000) } };
      const reg = await post('/api/auth/passkeys/registration', huge, me.token);
      expect(reg.status).toBe(413);
      const signIn = await signInWith(huge.response);
      expect(signIn.status).toBe(413);
      // Long fields inside the limit are refused by the schema.
      const key = new SoftAuthenticator(ORIGIN, RP_ID);
      const long = key.register(await registrationOptions(me.token));
      const res = await post(
        '/api/auth/passkeys/registration',
        { response: { ...long, id: 'a'.repeat(5000) } },
        me.token,
      );
      expect(res.status).toBe(400);
    });

    it('refuses a removed passkey and a key registered twice', async () => {
      const { me, key, passkey } = await withPasskey();
      // The same authenticator again (another account, or the same): the id is taken.
      const other = await signUp(server);
      const dup = await post(
        '/api/auth/passkeys/registration',
        { response: key.register(await registrationOptions(other.token)) },
        other.token,
      );
      expect(dup.status).toBe(409);
      expect(
        (await server.api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE', token: me.token })).status,
      ).toBe(200);
      const res = await signInWith(key.assert(await signInOptions()));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'This passkey is not registered with Parley.' });
      expect(
        (await server.api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE', token: me.token })).status,
      ).toBe(404);
    });

    it('refuses an expired challenge', async () => {
      const { key } = await withPasskey();
      const options = await signInOptions();
      await server.ctx.db.execute(
        sql`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = ${options.challenge}`,
      );
      expect((await signInWith(key.assert(options))).status).toBe(400);
    });

    it('refuses a banned account', async () => {
      const { me, key } = await withPasskey();
      await server.ctx.db.execute(
        sql`update users set banned_until = now() + interval '1 day' where id = ${me.user.id}`,
      );
      expect((await signInWith(key.assert(await signInOptions()))).status).toBe(403);
    });
  });
});
