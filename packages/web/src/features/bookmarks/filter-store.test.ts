import { describe, expect, it } from 'vitest';
import { toggled, useFilterStore } from './filter-store';

describe('bookmark filter', () => {
  it('toggles a tag in and out', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('follows a renamed tag and drops a deleted one', () => {
    useFilterStore.setState({ selected: ['a', 'b'] });
    useFilterStore.getState().rename('a', 'c');
    expect(useFilterStore.getState().selected).toEqual(['c', 'b']);
    useFilterStore.getState().rename('b', '');
    expect(useFilterStore.getState().selected).toEqual(['c']);
  });
});
