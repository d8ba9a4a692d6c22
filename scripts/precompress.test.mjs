// The web app's precompression (packages/web/scripts/precompress.mjs), which `npm start` runs in
// the background while the server already serves the files.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = new URL('../packages/web/scripts/precompress.mjs', import.meta.url).pathname;
const run = (dir) => execFileSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });

describe('precompress', () => {
  let dist;
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes .br and .gz beside each text asset, leaving no temporary file', () => {
    dist = mkdtempSync(join(tmpdir(), 'parley-precompress-'));
    mkdirSync(join(dist, 'assets'));
    const js = 'export const x = 1;\n'.repeat(200);
    writeFileSync(join(dist, 'assets', 'app-abc.js'), js);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><p>hi</p>');
    writeFileSync(join(dist, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(run(dist)).toContain('2 files');
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-abc.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-abc.js.gz'))).toString()).toBe(js);
    expect(existsSync(join(dist, 'assets', 'logo.png.br'))).toBe(false);
    expect(readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('skips files whose copies are up to date and redoes one that changed after its copies', () => {
    dist = mkdtempSync(join(tmpdir(), 'parley-precompress-'));
    writeFileSync(join(dist, 'a.js'), 'let a = 1;');
    writeFileSync(join(dist, 'b.js'), 'let b = 2;');
    run(dist);
    expect(run(dist)).toBe('');
    writeFileSync(join(dist, 'b.js'), 'let b = 3;');
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, 'b.js'), later, later);
    expect(run(dist)).toContain('1 files');
    expect(brotliDecompressSync(readFileSync(join(dist, 'b.js.br'))).toString()).toBe('let b = 3;');
  });
});
