import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PERMISSION_FLAG } from './permission-flag.ts';

describe('the permission flag code runs start with', () => {
  it('is one the running Node.js accepts, so a run does not stop at start with "bad option"', () => {
    const child = spawnSync(process.execPath, [PERMISSION_FLAG, '-e', 'process.exit(0)'], {
      encoding: 'utf8',
    });
    expect(child.stderr).not.toContain('bad option');
    expect(child.status).toBe(0);
  });

  it('actually turns the permission model on (a file read outside what is allowed fails)', () => {
    const child = spawnSync(
      process.execPath,
      [PERMISSION_FLAG, '-e', "require('node:fs').readFileSync('/etc/hostname')"],
      { encoding: 'utf8' },
    );
    expect(child.status).not.toBe(0);
    expect(child.stderr).toMatch(/ERR_ACCESS_DENIED/);
  });
});
