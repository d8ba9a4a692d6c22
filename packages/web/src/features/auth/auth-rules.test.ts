import { describe, expect, it } from 'vitest';
import { initialNavVisible } from '../../store/nav-store-rules';
import { emailConfirmed } from '../settings';
import { lockoutWait, loginErrorKey } from './login-error';
import { oauthErrorMessage } from './oauth-error';
import {
  isCompleteCode,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateUsernameLogin,
} from './validation';

describe('login error mapping', () => {
  it('maps each status to its message', () => {
    expect(loginErrorKey(429)).toBe('com_auth_error_login_rl');
    expect(loginErrorKey(403)).toBe('com_auth_error_login_ban');
    expect(loginErrorKey(500)).toBe('com_auth_error_login_server');
    // An unreachable directory (LDAP) is the server's trouble, not wrong details.
    expect(loginErrorKey(502)).toBe('com_auth_error_login_server');
    expect(loginErrorKey(422)).toBe('com_auth_error_login_unverified');
    expect(loginErrorKey(401)).toBe('com_auth_error_login');
    expect(loginErrorKey(undefined)).toBe('com_auth_error_login');
  });
});

describe('lockout wait', () => {
  it('names the retryAfter seconds in the largest fitting unit, rounded up', () => {
    expect(lockoutWait({ retryAfter: 45 })).toEqual({ key: 'com_auth_wait_seconds', count: 45 });
    expect(lockoutWait({ retryAfter: 61 })).toEqual({ key: 'com_auth_wait_minutes', count: 2 });
    expect(lockoutWait({ retryAfter: 7200 })).toEqual({ key: 'com_auth_wait_hours', count: 2 });
  });
  it('names nothing without a usable retryAfter', () => {
    expect(lockoutWait({ message: 'Too many' })).toBeNull();
    expect(lockoutWait({ retryAfter: 'soon' })).toBeNull();
    expect(lockoutWait({ retryAfter: -1 })).toBeNull();
    expect(lockoutWait(null)).toBeNull();
  });
});

describe('form rules', () => {
  it('a directory asked by username takes any name; the e-mail form wants an address', () => {
    const login = { email: 'ada', password: 'secret' };
    expect(validateUsernameLogin(login)).toEqual({});
    expect(validateLogin(login).email?.key).toBe('com_auth_email_pattern');
    expect(validateUsernameLogin({ email: ' ', password: '' })).toEqual({
      email: { key: 'com_auth_field_required' },
      password: { key: 'com_auth_password_required' },
    });
  });

  const valid = {
    name: 'Ada Lovelace',
    username: '',
    email: 'ada@example.com',
    password: 'password1',
    confirm_password: 'password1',
  };

  it('accepts a valid registration with an empty optional username', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('enforces lengths and the matching confirmation', () => {
    const errors = validateRegister({
      ...valid,
      name: 'Al',
      username: 'x',
      password: 'short',
      confirm_password: 'other',
    });
    expect(errors.name).toEqual({ key: 'com_auth_field_min_length', values: { length: 3 } });
    expect(errors.username).toEqual({ key: 'com_auth_field_min_length', values: { length: 2 } });
    expect(errors.password?.key).toBe('com_auth_password_min_length');
    expect(errors.confirm_password?.key).toBe('com_auth_password_not_match');
    expect(
      validateRegister({ ...valid, password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }).password
        ?.key,
    ).toBe('com_auth_password_max_length');
  });

  it('checks the forgot-password e-mail shape', () => {
    expect(validateForgotPassword({ email: 'a@b' }).email?.key).toBe('com_auth_email_pattern');
    expect(validateForgotPassword({ email: 'a@b.c' })).toEqual({});
  });

  it('accepts 6-digit codes or 8-character backup codes', () => {
    expect(isCompleteCode('123456', false)).toBe(true);
    expect(isCompleteCode('12345a', false)).toBe(false);
    expect(isCompleteCode('abcd1234', true)).toBe(true);
    expect(isCompleteCode('abcd123', true)).toBe(false);
  });
});

describe('account deletion lock', () => {
  it('unlocks only for the same e-mail, case-insensitive and trimmed', () => {
    expect(emailConfirmed('  ADA@Example.com ', 'ada@example.com')).toBe(true);
    expect(emailConfirmed('ada@example.org', 'ada@example.com')).toBe(false);
    expect(emailConfirmed('', undefined)).toBe(false);
  });
});

describe('oauth error page text', () => {
  const t = (key: string) => `t:${key}`;
  it('translates known codes and spells out unknown ones', () => {
    expect(oauthErrorMessage('invalid_state', t)).toBe('t:com_auth_oauth_error_invalid_state');
    expect(oauthErrorMessage('access_denied_by_user', t)).toBe('access denied by user');
    expect(oauthErrorMessage(null, t)).toBe('t:com_auth_oauth_error_generic');
  });
  it("knows every code the server's external sign-in sends, and no inherited names", () => {
    expect(oauthErrorMessage('email_not_verified', t)).toBe('t:com_auth_oauth_error_email_not_verified');
    expect(oauthErrorMessage('role_required', t)).toBe('t:com_auth_oauth_error_role_required');
    expect(oauthErrorMessage('account_not_linked', t)).toBe('t:com_auth_oauth_error_account_not_linked');
    expect(oauthErrorMessage('constructor', t)).toBe('constructor');
  });
});

describe('first mobile load rule', () => {
  it('starts closed on a phone without a stored value, and keeps stored values', () => {
    expect(initialNavVisible(null, true)).toEqual({ visible: false, persist: true });
    expect(initialNavVisible(null, false)).toEqual({ visible: true, persist: false });
    expect(initialNavVisible(true, true)).toEqual({ visible: true, persist: false });
    expect(initialNavVisible(false, false)).toEqual({ visible: false, persist: false });
  });
});
