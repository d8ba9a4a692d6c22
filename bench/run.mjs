// `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) one after another.
// Each benchmark prints one JSON line of figures on stdout; this runner passes them through.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') || f.endsWith('.bench.mjs'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

if (files.length === 0) {
  console.error(wanted.length ? `no benchmark matches ${wanted.join(', ')}` : 'no benchmarks in bench/');
  process.exit(1);
}
let failed = false;
for (const file of files) {
  console.error(`# ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
