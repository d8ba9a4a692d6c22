import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_CONTENT_SECURITY_POLICY,
  appContentSecurityPolicy,
  inlineScriptHashes,
} from './security-headers.ts';
import { installWebApp } from './web-app.ts';

const THEME_SCRIPT = "\n  document.documentElement.classList.add('dark');\n";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('security headers', () => {
  let dist: string;
  const app = Fastify();
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'parley-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'worker-abc.js'), 'import("./chunk-def.js");');
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/health', async () => 'OK');
    app.get('/api/preview', async (_req, reply) =>
      reply
        .header('content-security-policy', 'sandbox allow-scripts')
        .type('text/html')
        .send('<p>own policy</p>'),
    );
    await installWebApp(app, true, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('hashes exactly the inline scripts', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([hashOf(THEME_SCRIPT)]);
  });

  it('the app page: scripts only from the app and its hashed inline script, no framing, no sniffing', async () => {
    const res = await app.inject({ url: '/c/new' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'self' ${hashOf(THEME_SCRIPT)}`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the app’s files get the app’s policy: a worker script’s policy is the worker’s own', async () => {
    const res = await app.inject({ url: '/assets/worker-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('API answers and errors deny everything', async () => {
    for (const url of ['/api/thing', '/api/nothing-here', '/api/thing?x=1']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a route with its own policy keeps it', async () => {
    const res = await app.inject({ url: '/api/preview' });
    expect(res.headers['content-security-policy']).toBe('sandbox allow-scripts');
  });

  it('allows Turnstile only when it is configured', () => {
    expect(appContentSecurityPolicy({ inlineScriptHashes: [] })).not.toContain('challenges.cloudflare.com');
    const withCheck = appContentSecurityPolicy({ inlineScriptHashes: [], turnstile: true });
    expect(withCheck).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(withCheck).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
  });

  it('allows Google Tag Manager and its beacons only when an analytics id is set', () => {
    const plain = appContentSecurityPolicy({ inlineScriptHashes: [] });
    expect(plain).not.toContain('googletagmanager');
    expect(plain).not.toContain('google-analytics');
    const withAnalytics = appContentSecurityPolicy({ inlineScriptHashes: [], analytics: true });
    expect(withAnalytics).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
    expect(withAnalytics).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(withAnalytics).toMatch(/img-src [^;]*https:\/\/\*\.google-analytics\.com/);
    // Still no inline script beyond the hashed ones.
    expect(withAnalytics).not.toContain("unsafe-inline' https://*.googletagmanager");
  });

  it('pictures come from this origin, data: and blob: only, plus the hosts the operator named', () => {
    const imgSrc = (policy: string) => /(?:^|; )img-src ([^;]*)/.exec(policy)?.[1];
    expect(imgSrc(appContentSecurityPolicy({ inlineScriptHashes: [] }))).toBe("'self' data: blob:");
    expect(
      imgSrc(appContentSecurityPolicy({ inlineScriptHashes: [], imageOrigins: ['https://icons.example'] })),
    ).toBe("'self' data: blob: https://icons.example");
  });
});
