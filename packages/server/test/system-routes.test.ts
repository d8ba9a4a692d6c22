import { BUILT_FEATURES } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBanner } from '../src/services/banners/banner-service.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

describe('system routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { APP_TITLE: 'Test Parley', CUSTOM_FOOTER: 'Footer' },
      yaml: 'interface:\n  customWelcome: Hello\n  memories: true\n  agents: true\n  sidePanel: true\n  presets: false\n  termsOfService:\n    modalAcceptance: true\n    modalContent: Be nice\n',
    });
  });
  afterAll(() => server.stop());

  it('answers /health', async () => {
    const res = await server.api('/health');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  });

  it('serves the startup configuration', async () => {
    const config = await (await server.api('/api/config')).json();
    expect(config).toMatchObject({
      appTitle: 'Test Parley',
      emailLoginEnabled: true,
      registrationEnabled: true,
      emailEnabled: false,
      socialLoginEnabled: false,
      sharedLinksEnabled: true,
      customFooter: 'Footer',
      interface: {
        customWelcome: 'Hello',
        termsOfService: { modalAcceptance: true },
        temporaryChatRetention: 720,
      },
    });
  });

  it('reports a feature flag true only for a built feature that parley.yaml leaves on', async () => {
    const { interface: flags } = (await (await server.api('/api/config')).json()) as {
      interface: Record<string, unknown>;
    };
    // Asked for in parley.yaml, but not built: reporting them would promise what does not exist.
    for (const [absent, built] of Object.entries(BUILT_FEATURES))
      if (!built) expect(flags[absent], absent).toBe(false);
    expect(flags.fileSearch).toBe(true);
    // Built, but this parley.yaml has no webSearch section: there is nothing to search with.
    expect(flags.webSearch).toBe(false);
    expect(flags.presets).toBe(false);
    for (const built of [
      'memories',
      'prompts',
      'bookmarks',
      'temporaryChat',
      'parameters',
      'endpointsMenu',
      'modelSelect',
      'sidePanel',
      'agents',
      'runCode',
      'artifacts',
      'multiConvo',
    ])
      expect(flags[built], built).toBe(true);
  });

  it('serves the active public banner sanitised, and nothing outside its window', async () => {
    expect(await (await server.api('/api/banner')).json()).toBeNull();
    await setBanner(server.ctx.db, {
      message: '<b>Hi</b><script>alert(1)</script><a href="javascript:x">x</a>',
      isPublic: true,
    });
    const banner = (await (await server.api('/api/banner')).json()) as { message: string };
    expect(banner.message).toBe('<b>Hi</b><a target="_blank" rel="noopener noreferrer">x</a>');
    await setBanner(server.ctx.db, {
      message: 'later',
      isPublic: true,
      displayFrom: new Date(Date.now() + 60_000),
    });
    expect(await (await server.api('/api/banner')).json()).toBeNull();
  });

  it('keeps non-public banners from anonymous callers', async () => {
    await setBanner(server.ctx.db, { message: 'members only', isPublic: false });
    expect(await (await server.api('/api/banner')).json()).toBeNull();
  });

  it('reports whether search is enabled', async () => {
    expect(await (await server.api('/api/search/enable')).json()).toBe(true);
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await server.api('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
