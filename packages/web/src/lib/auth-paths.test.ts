import { describe, expect, it } from 'vitest';
import { authPathOf } from './auth-paths';

describe('authPathOf', () => {
  it('names each signed-out page, ignoring letter case and one trailing slash', () => {
    expect(authPathOf('/login')).toBe('/login');
    expect(authPathOf('/login/')).toBe('/login');
    expect(authPathOf('/Login/2FA')).toBe('/login/2fa');
    expect(authPathOf('/register')).toBe('/register');
    expect(authPathOf('/reset-password')).toBe('/reset-password');
    expect(authPathOf('/verify')).toBe('/verify');
    expect(authPathOf('/oauth/error')).toBe('/oauth/error');
  });

  it('leaves every other path to the signed-in app', () => {
    for (const path of [
      '/',
      '/c/new',
      '/c/login',
      '/search',
      '/share/abc',
      '/d/files',
      '/login/other',
      '/loginx',
      '/oauth/openid',
    ]) {
      expect(authPathOf(path)).toBeNull();
    }
  });
});
