import { eq } from 'drizzle-orm';
import { Parser, type ReadEntry } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { cookieHeader, login, signUp, uniqueEmail, type LoggedIn } from '../auth/auth-client.ts';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../auth/smtp-capture.ts';
import { insertConversation, insertMessage } from '../conversations/fixtures.ts';

const password = 'correct horse battery';

/** Reads a .tar.gz answer into its files' texts by path. */
async function untar(res: Response): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const parser = new Parser({ gzip: true } as never);
  parser.on('entry', (entry: ReadEntry) => {
    const chunks: Buffer[] = [];
    entry.on('data', (c: Buffer) => chunks.push(c));
    entry.on('end', () => out.set(entry.path, Buffer.concat(chunks).toString('utf8')));
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('error', reject);
  });
  parser.end(Buffer.from(await res.arrayBuffer()));
  await done;
  return out;
}

describe('the account page’s calls without mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const patch = (s: LoggedIn, json: unknown) =>
    server.api('/api/user', { method: 'PATCH', token: s.token, json });

  it('PATCH /api/user changes name, username, language and the figures switch, and nothing else', async () => {
    const s = await signUp(server);
    expect(s.user).toMatchObject({ language: null, showAnswerFigures: null });
    const res = await patch(s, {
      name: 'New Name',
      username: 'newhandle',
      language: 'pt-BR',
      showAnswerFigures: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'New Name',
      username: 'newhandle',
      language: 'pt-BR',
      showAnswerFigures: false,
      email: s.user.email,
    });
    // A new browser reads the account's choices from GET /api/user.
    const fresh = await login(server, s.user.email);
    expect(fresh.user).toMatchObject({ language: 'pt-BR', showAnswerFigures: false });
    const cleared = await patch(s, { username: '', language: null, showAnswerFigures: null });
    expect(await cleared.json()).toMatchObject({
      username: null,
      language: null,
      showAnswerFigures: null,
      name: 'New Name',
    });
  });

  it('PATCH /api/user refuses bad input with 400 and a message, and strangers with 401', async () => {
    const s = await signUp(server);
    const cases: [unknown, RegExp][] = [
      [{}, /Nothing to change/],
      [{ name: 'ab' }, /at least 3/],
      [{ name: 'x'.repeat(81) }, /at most 80/],
      [{ username: 'a' }, /at least 2/],
      [{ language: 'not a language!' }, /language tag/],
      [{ showAnswerFigures: 'yes' }, /./],
      [{ role: 'ADMIN' }, /./],
      [{ email: 'other@example.com' }, /./],
    ];
    for (const [json, message] of cases) {
      const res = await patch(s, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, s.user.id));
    expect(row).toMatchObject({ role: 'USER', email: s.user.email, name: 'Test Person' });
    expect((await server.api('/api/user', { method: 'PATCH', json: { name: 'Nobody' } })).status).toBe(401);
  });

  it('POST /api/user/password needs the current password and ends every other session, not this one', async () => {
    const here = await signUp(server);
    const elsewhere = await login(server, here.user.email);
    const change = (json: unknown) =>
      server.api('/api/user/password', { method: 'POST', token: here.token, json });

    const wrong = await change({
      currentPassword: 'not it at all',
      password: 'brand new secret',
      confirm_password: 'brand new secret',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'The current password is not correct.' });
    for (const bad of [
      { password: 'brand new secret', confirm_password: 'brand new secret' },
      { currentPassword: password, password: 'short', confirm_password: 'short' },
      { currentPassword: password, password: 'brand new secret', confirm_password: 'different one' },
    ]) {
      expect((await change(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await server.api('/api/user', { token: elsewhere.token })).status).toBe(200);

    const ok = await change({
      currentPassword: password,
      password: 'brand new secret',
      confirm_password: 'brand new secret',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: expect.stringMatching(/other session/) });
    expect((await server.api('/api/user', { token: here.token })).status).toBe(200);
    expect((await server.api('/api/user', { token: elsewhere.token })).status).toBe(401);
    const refresh = await server.api('/api/auth/refresh', {
      method: 'POST',
      headers: cookieHeader(elsewhere.refresh),
    });
    // A revoked sign-in's refresh is refused (403, as the refresh route answers any invalid token).
    expect(refresh.status).toBe(403);
    await expect(login(server, here.user.email)).rejects.toThrow(/401|422|400/);
    expect((await login(server, here.user.email, 'brand new secret')).user.id).toBe(here.user.id);
    expect((await server.api('/api/user/password', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('an account without a password is told how to get one', async () => {
    const sso = await createTestUser(server);
    const res = await server.api('/api/user/password', {
      method: 'POST',
      token: sso.token,
      json: {
        currentPassword: 'anything',
        password: 'brand new secret',
        confirm_password: 'brand new secret',
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/no password here/) });
  });

  it('POST /api/user/email changes the address at once without mail, and refuses reserved, taken and bad ones', async () => {
    const s = await signUp(server);
    const other = await signUp(server);
    const move = (json: unknown) => server.api('/api/user/email', { method: 'POST', token: s.token, json });
    const cases: [unknown, number, RegExp][] = [
      [{ email: 'me@wallet.invalid', currentPassword: password }, 400, /reserved/],
      [{ email: 'me@anything.invalid', currentPassword: password }, 400, /reserved/],
      [{ email: 'not-an-address', currentPassword: password }, 400, /Invalid email/],
      [{ email: uniqueEmail(), currentPassword: 'wrong password' }, 400, /not correct/],
      [{ email: uniqueEmail() }, 400, /not correct/],
      [{ email: s.user.email.toUpperCase(), currentPassword: password }, 400, /already the address/],
      [{ email: other.user.email, currentPassword: password }, 409, /already used/],
    ];
    for (const [json, status, message] of cases) {
      const res = await move(json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const next = uniqueEmail('moved');
    const res = await move({ email: `  ${next.toUpperCase()} `, currentPassword: password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'changed', message: 'Email changed.' });
    expect((await login(server, next)).user).toMatchObject({
      id: s.user.id,
      email: next,
      pendingEmail: null,
    });
    await expect(login(server, s.user.email)).rejects.toThrow();
  });

  it('GET /api/user/export streams every conversation, prompt, preset, memory and the file list — the caller’s only', async () => {
    const s = await signUp(server);
    const stranger = await signUp(server);
    const mine = await insertConversation(server, s.user.id, { title: 'Trip to Lisbon' });
    await insertMessage(server, s.user.id, mine.conversationId, { text: 'Where to eat in Lisbon?' });
    const theirs = await insertConversation(server, stranger.user.id, { title: 'Not yours' });
    await insertMessage(server, stranger.user.id, theirs.conversationId, { text: 'secret of the stranger' });
    const call = (path: string, json: unknown) => server.api(path, { method: 'POST', token: s.token, json });
    const prompt = { prompt: { prompt: 'Summarise {{text}}' }, group: { name: 'Summary' } };
    expect((await call('/api/prompts', prompt)).ok).toBe(true);
    expect((await call('/api/presets', { title: 'Terse', endpoint: 'openAI', model: 'gpt-4o' })).ok).toBe(
      true,
    );
    expect((await call('/api/memories', { key: 'pet', value: 'A cat named Miso' })).ok).toBe(true);
    await server.ctx.db.insert(files).values({
      userId: s.user.id,
      filename: 'notes.txt',
      storageKey: 'k',
      type: 'text/plain',
      bytes: 12,
      source: 'local',
    });

    const res = await server.api('/api/user/export', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.tar\.gz"/);
    const archive = await untar(res);
    expect([...archive.keys()].sort()).toEqual(
      [
        'account.json',
        `conversations/${mine.conversationId}.json`,
        'files.json',
        'memories.json',
        'presets.json',
        'prompts.json',
      ].sort(),
    );
    expect(JSON.parse(archive.get('account.json')!)).toMatchObject({ id: s.user.id, email: s.user.email });
    const conversation = JSON.parse(archive.get(`conversations/${mine.conversationId}.json`)!);
    expect(conversation).toMatchObject({
      title: 'Trip to Lisbon',
      messages: [{ text: 'Where to eat in Lisbon?' }],
    });
    expect(JSON.parse(archive.get('prompts.json')!)).toMatchObject([
      { name: 'Summary', versions: [{ prompt: 'Summarise {{text}}' }] },
    ]);
    expect(JSON.parse(archive.get('presets.json')!)).toMatchObject([{ title: 'Terse' }]);
    expect(JSON.parse(archive.get('memories.json')!)).toMatchObject([
      { key: 'pet', value: 'A cat named Miso' },
    ]);
    expect(JSON.parse(archive.get('files.json')!)).toMatchObject([{ filename: 'notes.txt', bytes: 12 }]);
    expect([...archive.values()].join('\n')).not.toContain('secret of the stranger');
    expect((await server.api('/api/user/export')).status).toBe(401);
  });

  it('the export pages through many conversations without repeating or skipping any', async () => {
    const s = await signUp(server);
    const ids = new Set<string>();
    for (let i = 0; i < 230; i++)
      ids.add((await insertConversation(server, s.user.id, { title: `c${i}` })).conversationId);
    const archive = await untar(await server.api('/api/user/export', { token: s.token }));
    const exported = [...archive.keys()].filter((p) => p.startsWith('conversations/'));
    expect(exported).toHaveLength(230);
    expect(new Set(exported.map((p) => p.slice('conversations/'.length, -'.json'.length)))).toEqual(ids);
  });
});

describe('changing the address with mail on', () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({
      env: { ...smtp.env, ALLOW_UNVERIFIED_EMAIL_LOGIN: 'true', DOMAIN_CLIENT: 'http://web.test' },
    });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('keeps the old address until the link mailed to the new one is followed', async () => {
    const s = await signUp(server);
    const next = uniqueEmail('pending');
    const res = await server.api('/api/user/email', {
      method: 'POST',
      token: s.token,
      json: { email: next, currentPassword: password },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'verification_sent' });
    const me = (await (await server.api('/api/user', { token: s.token })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ email: s.user.email, pendingEmail: next });

    const mail = await smtp.next(next);
    expect(mail.text).toMatch(/Subject: Confirm your new email/);
    const link = linkIn(mail, 'http://web.test/verify');
    const wrong = await server.api('/api/user/verify', {
      method: 'POST',
      json: { email: next, token: 'nope' },
    });
    expect(wrong.status).toBe(400);
    const ok = await server.api('/api/user/verify', {
      method: 'POST',
      json: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
    expect(ok.status).toBe(200);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, s.user.id));
    expect(row).toMatchObject({ email: next, pendingEmail: null, emailVerified: true, emailProof: 'mail' });
  });

  it('answers a taken address like a free one and mails nobody', async () => {
    const s = await signUp(server);
    const other = await signUp(server);
    const res = await server.api('/api/user/email', {
      method: 'POST',
      token: s.token,
      json: { email: other.user.email, currentPassword: password },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'verification_sent' });
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, s.user.id));
    expect(row).toMatchObject({ email: s.user.email, pendingEmail: null });
  });
});
