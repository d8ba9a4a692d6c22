import { describe, expect, it } from 'vitest';
import { engineRefusals, treeProblems } from './dependency-check.mjs';

describe('the offline dependency check', () => {
  it("passes npm ls's problems on, and a clean tree has none", () => {
    expect(treeProblems({ name: 'parley' })).toEqual([]);
    expect(treeProblems({ problems: ['missing: zod@4.1.0, required by @parley/schema'] })).toEqual([
      'missing: zod@4.1.0, required by @parley/schema',
    ]);
  });

  it('names a server dependency whose engines refuse a supported Node.js release', () => {
    const manifests = [
      { name: 'ok', version: '1.0.0', engines: { node: '>=18' } },
      { name: 'no-engines', version: '1.0.0' },
      { name: 'too-new', version: '2.0.0', engines: { node: '>=24' } },
      { name: 'old-only', version: '0.1.0', engines: { node: '^20.19.0 || ^22.12.0' } },
    ];
    expect(engineRefusals(manifests, ['22.12.0', '24.22.3', '26.12.1'])).toEqual([
      'too-new@2.0.0 needs Node.js ">=24", refusing 22.12.0',
      'old-only@0.1.0 needs Node.js "^20.19.0 || ^22.12.0", refusing 24.22.3',
      'old-only@0.1.0 needs Node.js "^20.19.0 || ^22.12.0", refusing 26.12.1',
    ]);
  });
});
