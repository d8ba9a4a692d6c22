// The web app's files are served while their compressed copies are still being written (a first
// `npm start` writes them in the background once the server listens).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWebApp } from './web-app.ts';

describe('the web app before and after its compressed copies exist', () => {
  const dist = mkdtempSync(join(tmpdir(), 'parley-dist-'));
  const app = Fastify();
  const js = 'console.log("parley");\n'.repeat(50);
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-abc.js'), js);
    await installWebApp(app, true, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = () => app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br, gzip' } });

  it('serves a file without copies as it is to a client that accepts brotli', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('serves the brotli copy once it exists', async () => {
    writeFileSync(join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(js));
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });
});
