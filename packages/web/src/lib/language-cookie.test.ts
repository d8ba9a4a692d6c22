import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLanguageCookie } from './language-cookie';

afterEach(() => vi.unstubAllGlobals());

describe('readLanguageCookie', () => {
  it('reads the lang cookie among others', () => {
    vi.stubGlobal('document', { cookie: 'theme=dark; lang=pt-BR; other=1' });
    expect(readLanguageCookie()).toBe('pt-BR');
  });

  it('answers undefined without the cookie, or for a value that does not decode', () => {
    vi.stubGlobal('document', { cookie: 'theme=dark' });
    expect(readLanguageCookie()).toBeUndefined();
    vi.stubGlobal('document', { cookie: 'lang=%E0%A4%A' });
    expect(readLanguageCookie()).toBeUndefined();
  });

  it('answers undefined where cookies cannot be read: no document, or a frame that refuses them', () => {
    // Unit tests import the settings store, which reads the cookie, outside a browser.
    expect(typeof document).toBe('undefined');
    expect(readLanguageCookie()).toBeUndefined();
    vi.stubGlobal('document', {
      get cookie(): string {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    });
    expect(readLanguageCookie()).toBeUndefined();
  });
});
