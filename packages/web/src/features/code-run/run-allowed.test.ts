import { describe, expect, it } from 'vitest';
import { runAllowed } from './run-allowed';

const allowed = { inAnswer: true, runCodeFeature: true, rolePermits: true, lang: 'python' };

describe('runAllowed', () => {
  it('shows Run for a runnable block in an answer when feature and role allow it', () => {
    expect(runAllowed(allowed)).toBe(true);
  });

  it('hides Run from a role without RUN_CODE.USE', () => {
    expect(runAllowed({ ...allowed, rolePermits: false })).toBe(false);
  });

  it('hides Run outside answers, with the feature off, or for a language the server does not run', () => {
    expect(runAllowed({ ...allowed, inAnswer: false })).toBe(false);
    expect(runAllowed({ ...allowed, runCodeFeature: false })).toBe(false);
    expect(runAllowed({ ...allowed, lang: 'cobol' })).toBe(false);
  });
});
