import { startSimulator, type SimServer } from '@parley/llm-sim';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instanceSettings, users } from '../../src/db/schema/index.ts';
import { applyInstanceSettings } from '../../src/services/setup/instance-settings-config.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { refreshCookie } from '../auth/auth-client.ts';

const admin = {
  name: 'Ada Admin',
  email: 'ada@example.com',
  password: 'correct horse battery',
  confirm_password: 'correct horse battery',
  appTitle: 'Home AI',
};

describe('first-run setup', () => {
  let sim: SimServer;
  let server: TestServer | undefined;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  const start = async (env: Record<string, string> = {}, yaml?: string) => {
    server = await startTestServer({ env: { DEMO_ENDPOINT: 'true', ...env }, yaml });
    return server;
  };

  it('is offered while there is no account, creates the administrator, signs them in and then closes', async () => {
    const s = await start();
    expect(await (await s.api('/api/setup')).json()).toEqual({
      required: true,
      appTitle: 'Parley',
      fixedBy: { providers: {} },
    });
    expect(await (await s.api('/api/config')).json()).toMatchObject({ setupRequired: true });

    const res = await s.api('/api/setup', { method: 'POST', json: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { role: string; email: string }; token: string };
    expect(body.user).toMatchObject({ role: 'ADMIN', email: 'ada@example.com' });
    expect(refreshCookie(res)?.value).toBeTruthy();
    expect((await s.api('/api/user', { token: body.token })).status).toBe(200);

    const config = (await (await s.api('/api/config')).json()) as Record<string, unknown>;
    expect(config.setupRequired).toBeUndefined();
    expect(config.appTitle).toBe('Home AI');
    expect(await (await s.api('/api/setup')).json()).toMatchObject({ required: false, appTitle: 'Home AI' });
    const [row] = await s.ctx.db.select().from(instanceSettings);
    expect(row).toMatchObject({ appTitle: 'Home AI', provider: null });

    const again = await s.api('/api/setup', {
      method: 'POST',
      json: { ...admin, email: 'mallory@example.com' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: expect.stringMatching(/already set up/) });
    const check = await s.api('/api/setup/provider-check', {
      method: 'POST',
      json: { kind: 'openAI', apiKey: 'sk-x', baseURL: `${sim.url}/v1` },
    });
    expect(check.status).toBe(409);
    expect(await s.ctx.db.select().from(users)).toHaveLength(1);
  });

  it('two setups at once make one administrator; the other gets 409', async () => {
    const s = await start();
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s.api('/api/setup', { method: 'POST', json: { ...admin, email: `racer${i}@example.com` } }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await s.ctx.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('ADMIN');
  });

  it('refuses bad input with 400 and a message, creating nothing', async () => {
    const s = await start();
    const cases: [unknown, RegExp][] = [
      [{ ...admin, email: 'not-an-address' }, /Invalid email/],
      [{ ...admin, email: 'x@wallet.invalid' }, /reserved/],
      [{ ...admin, password: 'short', confirm_password: 'short' }, /at least 8/],
      [{ ...admin, confirm_password: 'something else' }, /do not match/],
      [{ ...admin, appTitle: '' }, /Instance name is required/],
      [{ ...admin, appTitle: 'x'.repeat(81) }, /at most 80/],
      [{ ...admin, provider: { kind: 'mistral', apiKey: 'k' } }, /openAI, anthropic or google/],
      [{ ...admin, provider: { kind: 'openAI', apiKey: 'k', baseURL: 'ftp://x' } }, /http or https/],
      ['not json at all', /./],
    ];
    for (const [json, message] of cases) {
      const res = await s.api('/api/setup', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await s.ctx.db.select().from(users)).toHaveLength(0);
  });

  it('checks a provider key against the provider, and a refused key saves nothing', async () => {
    const s = await start();
    const good = { kind: 'openAI', apiKey: 'sk-good', baseURL: `${sim.url}/v1` };
    const ok = await s.api('/api/setup/provider-check', { method: 'POST', json: good });
    expect(await ok.json()).toMatchObject({ ok: true });
    const badKey = { ...good, apiKey: 'sk-invalid' };
    const refused = await s.api('/api/setup/provider-check', { method: 'POST', json: badKey });
    expect(await refused.json()).toMatchObject({ ok: false, message: expect.stringMatching(/401/) });

    const res = await s.api('/api/setup', { method: 'POST', json: { ...admin, provider: badKey } });
    expect(res.status).toBe(400);
    expect(await s.ctx.db.select().from(users)).toHaveLength(0);
    expect(await s.ctx.db.select().from(instanceSettings)).toHaveLength(0);
  });

  it('a provider added at setup replaces the Demo at once, is stored encrypted, and applies at the next start', async () => {
    const s = await start();
    const names = () => s.engines.chat.endpoints.endpoints.map((e) => e.name);
    expect(names()).toEqual(['Demo']);
    const provider = { kind: 'openAI', apiKey: 'sk-setup-secret', baseURL: `${sim.url}/v1` };
    const res = await s.api('/api/setup', { method: 'POST', json: { ...admin, provider } });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const after = (await (await s.api('/api/endpoints', { token })).json()) as Record<string, unknown>;
    expect(Object.keys(after)).toContain('openAI');
    expect(Object.keys(after)).not.toContain('Demo');
    expect(names()).toEqual(['openAI']);
    const [row] = await s.ctx.db.select().from(instanceSettings);
    expect(JSON.stringify(row)).not.toContain('sk-setup-secret');
    expect(row?.provider).toMatchObject({ kind: 'openAI', baseURL: `${sim.url}/v1` });
    // What a restart does with the saved row: a fresh configuration gets the key back.
    const { env } = s.ctx.config;
    const fresh = {
      ...s.ctx.config,
      appTitle: 'Parley',
      env: { ...env, OPENAI_API_KEY: undefined, OPENAI_REVERSE_PROXY: undefined },
    };
    expect(applyInstanceSettings(fresh, row!)).toBe(true);
    expect(fresh.env.OPENAI_API_KEY).toBe('sk-setup-secret');
    expect(fresh.appTitle).toBe('Home AI');
  });

  it('the environment wins over what setup saves, and the status says which variable', async () => {
    const s = await start({
      APP_TITLE: 'From Env',
      OPENAI_API_KEY: 'sk-env',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
    });
    const status = await (await s.api('/api/setup')).json();
    expect(status).toEqual({
      required: true,
      appTitle: 'From Env',
      fixedBy: { appTitle: 'APP_TITLE', providers: { openAI: 'OPENAI_API_KEY' } },
    });
    // The fixed provider is not even checked: its key would never be used.
    const provider = { kind: 'openAI', apiKey: 'sk-invalid', baseURL: `${sim.url}/v1` };
    const res = await s.api('/api/setup', { method: 'POST', json: { ...admin, provider } });
    expect(res.status).toBe(200);
    expect(((await (await s.api('/api/config')).json()) as { appTitle: string }).appTitle).toBe('From Env');
    const [row] = await s.ctx.db.select().from(instanceSettings);
    expect(row).toMatchObject({ appTitle: 'Home AI', provider: null });
  });

  it('is off where the account it makes could never sign in (e-mail login off)', async () => {
    const s = await start({ ALLOW_EMAIL_LOGIN: 'false' });
    expect(await (await s.api('/api/setup')).json()).toMatchObject({ required: false });
    const res = await s.api('/api/setup', { method: 'POST', json: admin });
    expect(res.status).toBe(403);
    expect(await s.ctx.db.select().from(users).where(eq(users.email, admin.email))).toHaveLength(0);
  });
});
