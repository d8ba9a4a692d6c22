import { describe, expect, it } from 'vitest';
import { unreviewedAdvisories } from './audit-report.mjs';

// The shape `npm audit --json` (npm 10) gives: each vulnerable package, with the advisories that
// make it so (objects) or the packages it is vulnerable through (strings).
const report = {
  vulnerabilities: {
    tar: {
      via: [
        {
          source: 1001,
          title: 'Arbitrary file write',
          url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
          severity: 'high',
        },
      ],
    },
    'some-wrapper': { via: ['tar'] },
  },
};

describe('unreviewedAdvisories', () => {
  it('fails on an advisory nobody has reviewed, once, under the package that has it', () => {
    expect(unreviewedAdvisories(report, {})).toEqual([
      'tar (high): Arbitrary file write — https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
    ]);
  });

  it('passes an advisory listed with its review', () => {
    expect(unreviewedAdvisories(report, { 'GHSA-aaaa-bbbb-cccc': 'not reachable: …' })).toEqual([]);
  });

  it('passes a clean report', () => {
    expect(unreviewedAdvisories({ vulnerabilities: {} }, {})).toEqual([]);
  });
});
