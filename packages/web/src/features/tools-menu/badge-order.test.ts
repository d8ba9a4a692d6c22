import { describe, expect, it } from 'vitest';
import { insertIndexAt, moveBy, moveTo } from './badge-order';

describe('badge order', () => {
  it('inserts after every badge whose middle is left of the pointer', () => {
    const middles = [50, 150, 250];
    expect(insertIndexAt(10, middles)).toBe(0);
    expect(insertIndexAt(100, middles)).toBe(1);
    expect(insertIndexAt(200, middles)).toBe(2);
    expect(insertIndexAt(900, middles)).toBe(3);
    expect(insertIndexAt(100, [])).toBe(0);
  });

  it('moves an item to an index among the others, clamped to the ends', () => {
    expect(moveTo(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'b', 99)).toEqual(['a', 'c', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'b', -5)).toEqual(['b', 'a', 'c']);
    expect(moveTo(['a', 'b', 'c'], 'b', Number.NaN)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list alone for an item it does not hold', () => {
    const list = ['a', 'b'];
    const moved = moveTo(list, 'z', 0);
    expect(moved).toEqual(['a', 'b']);
    expect(moved).not.toBe(list);
    expect(moveBy(list, 'z', 1)).toEqual(['a', 'b']);
  });

  it('steps one place left or right and stops at the ends', () => {
    expect(moveBy(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
  });
});
