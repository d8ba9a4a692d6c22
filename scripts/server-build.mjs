// The server's production build: esbuild bundles packages/server/src (with the workspace packages
// it imports, which export TypeScript sources) into plain JavaScript in packages/server/dist;
// every npm dependency stays an import resolved from node_modules at run time. `npm start` and
// `npm run admin` call buildServerIfStale() so the compiled copy never lags the sources.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertNoMissingReferences, filesFoundByUrl, filesNeededBy } from './relative-references.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'packages/server');
export const SERVER_DIST = join(SERVER, 'dist');
const ENTRY_POINTS = { main: 'src/main.ts', admin: 'src/cli/admin.ts' };
/**
 * Plain JavaScript the bundle loads by path, shipped beside it as it is (a worker thread or a child
 * process starts with a bare module loader, so these are not bundled): every file a source of the
 * server finds with new URL('./x.mjs', import.meta.url), and every relative file those import, as
 * relative-references.mjs reads them. Derived from the sources, so a new import cannot be left out.
 */
function copiedFiles() {
  const sources = readdirSync(join(SERVER, 'src'), { recursive: true })
    .filter((name) => /\.(ts|mjs)$/.test(name) && !/\.test\.(ts|mjs)$/.test(name))
    .map((name) => join(SERVER, 'src', name));
  return filesNeededBy(filesFoundByUrl(sources));
}

/** Each copied file keeps its name in dist: two sources of one name would overwrite each other. */
function assertDistinctNames(files) {
  const byName = new Map();
  for (const file of files) {
    const name = basename(file);
    if (byName.has(name))
      throw new Error(
        `Two files the server needs beside its bundle share the name ${name}: ${byName.get(name)} and ${file}`,
      );
    byName.set(name, file);
  }
}

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
  'scripts/relative-references.mjs',
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
    ...copiedFiles().map((p) => basename(p)),
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
  // A referenced file that does not exist in the sources either is left to the check below, which
  // names the file that refers to it.
  const copied = copiedFiles().filter((file) => existsSync(file));
  assertDistinctNames(copied);
  for (const file of copied) copyFileSync(file, join(SERVER_DIST, basename(file)));
  // A file in dist that refers to one the build did not ship would fail only when a user reaches
  // it (a document upload, a code run); the build fails here instead, naming it.
  assertNoMissingReferences(SERVER_DIST);
}

export async function buildServerIfStale() {
  if (!serverIsStale()) return false;
  console.log('Building the server…');
  await buildServer();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildServer();
  } catch (err) {
    // The message says what is missing and where; a stack of this script would only hide it.
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
