// Writes .gz and .br siblings for every text asset in dist so the server can send them as they
// are (@fastify/static preCompressed) instead of compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

let count = 0;
for await (const path of walk(DIST)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const body = await readFile(path);
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  await writeFile(
    `${path}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  count += 1;
}
console.log(`precompress: ${count} files → .gz and .br`);
