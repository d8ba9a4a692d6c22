import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../config/env.ts';
import { ARTIFACT_HTML_POLICY } from '@parley/schema';
import { ARTIFACT_PREVIEW_PATH, artifactPreviewPolicy, installArtifactPreview } from './artifact-preview.ts';

/** The policy's directives by name, so a test can look at one directive's sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('the artifact preview page', () => {
  let dist: string;
  const apps: FastifyInstance[] = [];
  const serve = async (allowNetwork?: boolean) => {
    const app = Fastify();
    installArtifactPreview(app, dist, allowNetwork === undefined ? {} : { allowNetwork });
    apps.push(app);
    return app.inject({ url: ARTIFACT_PREVIEW_PATH });
  };
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'parley-preview-'));
    writeFileSync(join(dist, 'artifact-preview.html'), '<!doctype html><div id="root"></div>');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    rmSync(dist, { recursive: true, force: true });
  });

  it('by default has no network: nothing loads or connects beyond Parley’s own files', async () => {
    const res = await serve();
    expect(res.statusCode).toBe(200);
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(
        policy.get(name)!.some((s) => /^(https?|wss?):|\*/.test(s)),
        name,
      ).toBe(false);
    }
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('with the network allowed, https:/wss: only; plain http: and the rest stay closed', async () => {
    const res = await serve(true);
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy.get('connect-src')).toEqual(['https:', 'wss:']);
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(policy.get(name), name).toContain('https:');
      expect(policy.get(name), name).not.toContain('http:');
      expect(policy.get(name), name).not.toContain('*');
    }
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });

  it('requires Trusted Types, so every HTML string passes the preview page’s srcdoc check', async () => {
    for (const allowNetwork of [false, true]) {
      const policy = directives((await serve(allowNetwork)).headers['content-security-policy'] as string);
      expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
      // No 'allow-duplicates': artifact code cannot make a second policy of either name.
      expect(policy.get('trusted-types')).toEqual(['default', ARTIFACT_HTML_POLICY]);
    }
  });

  it('an explicit false is the default policy', async () => {
    const res = await serve(false);
    expect(res.headers['content-security-policy']).toBe(artifactPreviewPolicy({ allowNetwork: false }));
  });

  it('without a built preview page the path is not served', async () => {
    const app = Fastify();
    apps.push(app);
    installArtifactPreview(app, join(dist, 'missing'), { allowNetwork: true });
    expect((await app.inject({ url: ARTIFACT_PREVIEW_PATH })).statusCode).toBe(404);
  });
});

describe('ARTIFACTS_ALLOW_NETWORK', () => {
  const parse = (value: string | undefined) =>
    envSchema.parse(value === undefined ? {} : { ARTIFACTS_ALLOW_NETWORK: value }).ARTIFACTS_ALLOW_NETWORK;
  it('is off unless set to a yes, and a value that is not a yes or no stops the start', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(() => parse('https://cdn.example')).toThrow(/ARTIFACTS_ALLOW_NETWORK/);
    expect(() => parse('on')).toThrow(/ARTIFACTS_ALLOW_NETWORK/);
    expect(parse('true')).toBe(true);
    expect(parse('1')).toBe(true);
    expect(parse('yes')).toBe(true);
  });
});
