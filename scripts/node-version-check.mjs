// Which Node.js versions Parley runs on, read from the root package.json's `engines.node` (one
// place to change it). Kept to syntax and modules every Node.js since 12 understands, so that an
// old Node reaches the message below instead of failing on something it cannot parse.
import { readFileSync } from 'node:fs';

/** `engines.node` of the root package.json, e.g. ">=22.12". */
export function requiredNodeRange() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return manifest.engines.node;
}

function parts(version) {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
}

/**
 * Null when `current` (e.g. "20.20.2") satisfies `range`, otherwise the message a person reads.
 * Only the `>=MAJOR.MINOR[.PATCH]` form is used in engines, so only it is understood.
 */
export function unsupportedNodeMessage(current, range) {
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match) throw new Error(`engines.node must read ">=X.Y", not "${range}"`);
  const need = parts(match[1]);
  const have = parts(current);
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return (
        `Parley needs Node.js ${match[1]} or newer; this is Node.js ${current.replace(/^v/, '')}.\n` +
        'Install Node.js 24 LTS (the version Parley is tested on) and run the command again. ' +
        'In this repository, scripts/node24 runs any command on it, e.g. `scripts/node24 npm start`.'
      );
    }
  }
  return null;
}
