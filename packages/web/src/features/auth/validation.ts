/**
 * The account forms' rules: required fields, length ranges (password 8 to 128), the e-mail's
 * shape and a matching confirmation. Each returns i18n message descriptors (key plus values) per
 * field, so the rules stay pure and testable while every message goes through t().
 */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

function length(value: string, min: number, max: number, required: boolean): FieldError | undefined {
  const v = value.trim();
  if (v.length === 0) return required ? { key: 'com_auth_field_required' } : undefined;
  if (v.length < min) return { key: 'com_auth_field_min_length', values: { length: min } };
  if (v.length > max) return { key: 'com_auth_field_max_length', values: { length: max } };
  return undefined;
}

function password(value: string): FieldError | undefined {
  if (value.length === 0) return { key: 'com_auth_password_required' };
  if (value.length < 8) return { key: 'com_auth_password_min_length', values: { length: 8 } };
  if (value.length > 128) return { key: 'com_auth_password_max_length', values: { length: 128 } };
  return undefined;
}

function confirm(value: string, original: string): FieldError | undefined {
  return value === original ? undefined : { key: 'com_auth_password_not_match' };
}

function compact<F extends string>(errors: Record<F, FieldError | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined)) as FieldErrors<F>;
}

export type RegisterField = 'name' | 'username' | 'email' | 'password' | 'confirm_password';

export function validateRegister(v: Record<RegisterField, string>): FieldErrors<RegisterField> {
  return compact({
    name: length(v.name, 3, 80, true),
    username: length(v.username, 2, 80, false),
    email: length(v.email, 1, 120, true) ?? emailShape(v.email),
    password: password(v.password),
    confirm_password: confirm(v.confirm_password, v.password),
  });
}

const EMAIL_SHAPE = /^\S+@\S+\.\S+$/;

function emailShape(value: string): FieldError | undefined {
  return EMAIL_SHAPE.test(value.trim()) ? undefined : { key: 'com_auth_email_pattern' };
}

export function validateForgotPassword(v: { email: string }): FieldErrors<'email'> {
  return compact({ email: length(v.email, 3, 120, true) ?? emailShape(v.email) });
}

export type ResetField = 'password' | 'confirm_password';

export function validateResetPassword(v: Record<ResetField, string>): FieldErrors<ResetField> {
  return compact({
    password: password(v.password),
    confirm_password: confirm(v.confirm_password, v.password),
  });
}

export function validateLogin(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return compact({
    email: length(v.email, 1, 120, true) ?? emailShape(v.email),
    password: v.password.length === 0 ? { key: 'com_auth_password_required' } : undefined,
  });
}

/** The login form when the directory (LDAP) is asked by username: any name, no address shape. */
export function validateUsernameLogin(v: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  return compact({
    email: length(v.email, 1, 120, true),
    password: v.password.length === 0 ? { key: 'com_auth_password_required' } : undefined,
  });
}

/** Two-factor: a 6-digit code or an 8-character backup code. */
export function isCompleteCode(value: string, backup: boolean): boolean {
  return backup ? value.trim().length === 8 : /^\d{6}$/.test(value);
}
