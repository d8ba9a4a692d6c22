import { describe, expect, it } from 'vitest';
import { domainAllowed } from './allowed-domains.ts';

describe('actions.allowedDomains', () => {
  it('allows every domain when the list is empty', () => {
    expect(domainAllowed('api.example.com', [])).toBe(true);
  });

  it('matches exact hosts and subdomains of wildcard entries only', () => {
    const allowed = ['api.example.com', '*.example.org'];
    expect(domainAllowed('API.example.com', allowed)).toBe(true);
    expect(domainAllowed('other.example.com', allowed)).toBe(false);
    expect(domainAllowed('a.b.example.org', allowed)).toBe(true);
    expect(domainAllowed('example.org', allowed)).toBe(false);
    expect(domainAllowed('evilexample.org', allowed)).toBe(false);
    expect(domainAllowed('example.org.evil.com', allowed)).toBe(false);
  });
});
