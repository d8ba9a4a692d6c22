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
  it('forgets the oldest aliases past its bound', () => {
    keepRowKey('first-new', 'first-old');
    for (let i = 0; i < 600; i += 1) keepRowKey(`n${i}`, `o${i}`);
    expect(rowKeyOf('first-new')).toBe('first-new');
    expect(rowKeyOf('n599')).toBe('o599');
  });
});
