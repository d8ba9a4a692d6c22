// Writes .gz and .br siblings for every text asset in dist so the server can send them as they
// are (@fastify/static preCompressed) instead of compressing on each request.
//
// `npm run build` runs it after the bundles; `npm start` runs it in the background once the server
// listens, while the server already serves the uncompressed files (@fastify/static falls back to
// them). So a copy is written under a temporary name and renamed into place — never half-written
// when read — and a file whose copies are newer than itself is skipped.
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// The web app's dist, or the folder named as the first argument (the tests').
const DIST = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

function isFresh(path, copy) {
  return existsSync(copy) && statSync(copy).mtimeMs >= statSync(path).mtimeMs;
}

async function writeAtomically(path, body) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, path);
}

async function compress(path) {
  const body = await readFile(path);
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  await writeAtomically(`${path}.gz`, gz);
  await writeAtomically(`${path}.br`, br);
}

const pending = [];
for await (const path of walk(DIST)) {
  if (!COMPRESSIBLE.test(path)) continue;
  if (isFresh(path, `${path}.br`) && isFresh(path, `${path}.gz`)) continue;
  pending.push(path);
}
// Two files at a time: zlib works on libuv's thread pool, and this machine class has two cores.
for (let i = 0; i < pending.length; i += 2) await Promise.all(pending.slice(i, i + 2).map(compress));
if (pending.length > 0) console.log(`precompress: ${pending.length} files → .gz and .br`);
