import { describe, expect, it } from 'vitest';
import { escapeFilterValue, searchFilter } from './ldap-filter.ts';

describe('LDAP search filter', () => {
  it('escapes the five characters with a meaning in a filter', () => {
    expect(escapeFilterValue('a*b(c)d\\e\0f')).toBe('a\\2ab\\28c\\29d\\5ce\\00f');
  });

  it('leaves ordinary names, addresses and non-ASCII letters alone', () => {
    expect(escapeFilterValue('ada.lovelace@example.org')).toBe('ada.lovelace@example.org');
    expect(escapeFilterValue('Zoë Ωmega')).toBe('Zoë Ωmega');
  });

  it('fills every placeholder and wraps a bare filter', () => {
    expect(searchFilter(undefined, 'ada@example.org')).toBe('(mail=ada@example.org)');
    expect(searchFilter('(|(uid={{username}})(mail={{username}}))', 'ada')).toBe('(|(uid=ada)(mail=ada))');
  });

  it('cannot be widened or rewritten by what the person types', () => {
    expect(searchFilter('uid={{username}}', '*')).toBe('(uid=\\2a)');
    expect(searchFilter('(&(objectClass=person)(uid={{username}}))', 'x)(uid=*')).toBe(
      '(&(objectClass=person)(uid=x\\29\\28uid=\\2a))',
    );
  });
});
