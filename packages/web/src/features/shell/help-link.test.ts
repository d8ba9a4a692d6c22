import { describe, expect, it } from 'vitest';
import { helpLinkOf } from './help-link';

describe('helpLinkOf', () => {
  it('links an http(s) help page', () => {
    expect(helpLinkOf('https://help.example.org/faq')).toBe('https://help.example.org/faq');
    expect(helpLinkOf('http://intranet/help')).toBe('http://intranet/help');
  });
  it('shows no item when unset, "/", or not a web address', () => {
    expect(helpLinkOf(undefined)).toBeNull();
    expect(helpLinkOf('')).toBeNull();
    expect(helpLinkOf('/')).toBeNull();
    expect(helpLinkOf('javascript:alert(1)')).toBeNull();
    expect(helpLinkOf('not a url')).toBeNull();
  });
});
