import { describe, expect, it } from 'vitest';
import { keepRowKey, rowKeyOf } from './row-keys';

describe('row keys', () => {
  it('a message keeps its first row key through id changes', () => {
    expect(rowKeyOf('temp-user')).toBe('temp-user');
    keepRowKey('server-user', 'temp-user');
    expect(rowKeyOf('server-user')).toBe('temp-user');
    keepRowKey('again', 'server-user');
    expect(rowKeyOf('again')).toBe('temp-user');
    keepRowKey('same', 'same');
    expect(rowKeyOf('same')).toBe('same');
  });
  it('a message whose row was keyed by its new id already keeps that key (no rebuilt row)', () => {
    // The saved answer reached the list (a refetch) before the stream's final named it.
    expect(rowKeyOf('saved-answer')).toBe('saved-answer');
    keepRowKey('saved-answer', 'placeholder');
    expect(rowKeyOf('saved-answer')).toBe('saved-answer');
  });
  it('an id that has an alias keeps it when another run names it again (a late re-attach)', () => {
    keepRowKey('answer', 'streamed-placeholder');
    keepRowKey('answer', 'resume-placeholder');
    expect(rowKeyOf('answer')).toBe('streamed-placeholder');
  });
  it('forgets the oldest aliases past its bound', () => {
    keepRowKey('first-new', 'first-old');
    for (let i = 0; i < 600; i += 1) keepRowKey(`n${i}`, `o${i}`);
    expect(rowKeyOf('first-new')).toBe('first-new');
    expect(rowKeyOf('n599')).toBe('o599');
  });
});
