import { describe, expect, it } from 'vitest';
import { validShareIds } from './bulk-delete';

describe('validShareIds', () => {
  it('keeps only non-empty share ids', () => {
    expect(
      validShareIds([{ shareId: 'a' }, { shareId: '' }, { shareId: '  ' }, {}, { shareId: null }]),
    ).toEqual(['a']);
  });
  it('gives nothing when no item is valid', () => {
    expect(validShareIds([{ shareId: '' }])).toEqual([]);
  });
});
