import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requiredNodeRange, unsupportedNodeMessage } from './node-version-check.mjs';

describe('the supported Node.js versions', () => {
  it('are 22.12 and newer, as package.json says', () => {
    expect(requiredNodeRange()).toBe('>=22.12');
  });

  it('accepts the version needed and any newer one', () => {
    for (const v of ['22.12.0', 'v22.23.5', '24.0.0', '24.22.3', '26.12.1']) {
      expect(unsupportedNodeMessage(v, '>=22.12')).toBeNull();
    }
  });

  it('refuses older ones with a message naming the version needed and the one running', () => {
    const message = unsupportedNodeMessage('20.20.2', '>=22.12');
    expect(message).toContain('Node.js 22.12 or newer');
    expect(message).toContain('this is Node.js 20.20.2');
    expect(unsupportedNodeMessage('22.11.9', '>=22.12')).not.toBeNull();
    expect(unsupportedNodeMessage('v18.0.0', '>=22.12')).not.toBeNull();
  });

  it('refuses an engines range it would not understand rather than passing everything', () => {
    expect(() => unsupportedNodeMessage('24.0.0', '^22 || ^24')).toThrow(/engines\.node/);
  });

  // These machines carry Node 20 as the system Node while tests run on 24: `npm start` on it must
  // stop with the message before building or importing anything that needs a newer Node.
  const systemNode = '/usr/bin/node';
  const systemVersion = existsSync(systemNode)
    ? spawnSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
    : '';
  it.runIf(systemVersion && unsupportedNodeMessage(systemVersion, requiredNodeRange()))(
    `npm start on the system's Node.js ${systemVersion} stops at once with that message`,
    () => {
      const root = fileURLToPath(new URL('..', import.meta.url));
      for (const script of ['scripts/start.mjs', 'scripts/admin.mjs']) {
        const run = spawnSync(systemNode, [script], { cwd: root, encoding: 'utf8', timeout: 20_000 });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain(`this is Node.js ${systemVersion}`);
        expect(run.stdout).not.toContain('Building');
      }
    },
  );
});
