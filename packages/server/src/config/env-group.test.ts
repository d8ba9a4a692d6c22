import { describe, expect, it } from 'vitest';
import { checkedServiceUrl, requiredWhenSet, setVariables } from './env-group.ts';

const RULE = { name: 'X_URL', example: 'http://x:1', credentialsGoTo: 'the key in X_KEY' };

describe('environment variable groups', () => {
  it('lists the set variables in the group order and words what is missing', () => {
    expect(setVariables({ B: '1', A: '' }, ['A', 'B', 'C'])).toEqual(['A', 'B']);
    expect(requiredWhenSet('C', ['A'])).toBe('C: required when A is set');
    expect(requiredWhenSet('C', ['A', 'B'])).toBe('C: required when A, B are set');
  });

  it('accepts an http(s) base address without its trailing slashes', () => {
    const problems: string[] = [];
    expect(checkedServiceUrl('https://x.example/v1//', RULE, problems)).toBe('https://x.example/v1');
    expect(checkedServiceUrl('http://x:1', RULE, problems)).toBe('http://x:1');
    expect(problems).toEqual([]);
  });

  it('names each refused address with its reason', () => {
    const problems: string[] = [];
    for (const bad of ['not a url', 'ftp://x', 'http://u:p@x', 'http://x/?a=1', 'http://x/#f'])
      expect(checkedServiceUrl(bad, RULE, problems)).toBeUndefined();
    expect(problems).toEqual([
      'X_URL: "not a url" is not a URL (e.g. http://x:1)',
      'X_URL: expected an http(s) URL, got "ftp:"',
      'X_URL: put the key in X_KEY, not in the URL',
      'X_URL: "http://x/?a=1" must not carry a query or fragment',
      'X_URL: "http://x/#f" must not carry a query or fragment',
    ]);
  });
});
