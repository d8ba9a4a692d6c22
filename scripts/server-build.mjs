// The server's production build: esbuild bundles packages/server/src (with the workspace packages
// it imports, which export TypeScript sources) into plain JavaScript in packages/server/dist;
// every npm dependency stays an import resolved from node_modules at run time. `npm start` and
// `npm run admin` call buildServerIfStale() so the compiled copy never lags the sources.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'packages/server');
export const SERVER_DIST = join(SERVER, 'dist');
const ENTRY_POINTS = { main: 'src/main.ts', admin: 'src/cli/admin.ts' };
/** Plain JavaScript the bundle loads by path (a worker thread starts with a bare module loader). */
const COPIED = [
  'src/db/pglite-worker.mjs',
  'src/db/prepared-statements.mjs',
  'src/services/context/token-count-worker.mjs',
  'src/services/context/bounded-token-count.mjs',
  'src/services/code-execution/code-run-child.mjs',
  'src/services/code-execution/code-run-js-files.mjs',
  'src/services/files/document-extract-worker.mjs',
  'src/services/files/zip-bounds.mjs',
];

/** What the bundle is made from: a change to any of these makes it stale. */
const SOURCES = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/schema/src',
  'packages/schema/package.json',
  'packages/llm-sim/src',
  'packages/llm-sim/package.json',
  'package-lock.json',
  'scripts/server-build.mjs',
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Stale when a bundle is missing or older than a source; never when the sources are absent (an image holds only dist). */
export function serverIsStale() {
  if (!existsSync(join(SERVER, 'src'))) return false;
  const outputs = [
    ...Object.keys(ENTRY_POINTS).map((n) => `${n}.mjs`),
    ...COPIED.map((p) => p.split('/').at(-1)),
  ];
  const oldest = Math.min(
    ...outputs.map((name) =>
      existsSync(join(SERVER_DIST, name)) ? statSync(join(SERVER_DIST, name)).mtimeMs : 0,
    ),
  );
  const newest = Math.max(
    ...SOURCES.map((p) => join(ROOT, p))
      .filter((p) => existsSync(p))
      .map(newestMtime),
  );
  return newest > oldest;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  mkdirSync(SERVER_DIST, { recursive: true });
  await build({
    absWorkingDir: SERVER,
    entryPoints: ENTRY_POINTS,
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // A module the server imports with import() (a provider's SDK, the MCP client, S3…) becomes
    // its own chunk, so the npm packages it imports load on first use instead of at start-up:
    // an idle server does not hold code it has not run. Chunks sit beside main.mjs because code
    // finds its workers (pglite-worker.mjs…) next to its own file; their names carry a content
    // hash and old ones are left in place, so a server already running never misses one it asks for.
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // Error stacks name the TypeScript sources.
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages load from node_modules as they would under tsx; only the workspace packages
        // (TypeScript sources) are compiled into the bundle.
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // esbuild answers through a service process of its own, which would otherwise live on beside the
  // server that `npm start` runs in this same process (about 70 MB for nothing).
  const { stop } = await import('esbuild');
  await stop();
  for (const file of COPIED) copyFileSync(join(SERVER, file), join(SERVER_DIST, file.split('/').at(-1)));
}

export async function buildServerIfStale() {
  if (!serverIsStale()) return false;
  console.log('Building the server…');
  await buildServer();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
