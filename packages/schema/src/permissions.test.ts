import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_PERMISSIONS, DEFAULT_USER_PERMISSIONS, hasPermission } from './permissions.ts';

describe('hasPermission', () => {
  it('passes only when the flag is exactly true', () => {
    expect(hasPermission({ permissions: DEFAULT_USER_PERMISSIONS }, 'PROMPTS', 'USE')).toBe(true);
    expect(hasPermission({ permissions: DEFAULT_USER_PERMISSIONS }, 'PROMPTS', 'SHARED_GLOBAL')).toBe(false);
    expect(hasPermission({ permissions: DEFAULT_ADMIN_PERMISSIONS }, 'PROMPTS', 'SHARED_GLOBAL')).toBe(true);
  });
  it('fails without a role or for a permission the type does not carry', () => {
    expect(hasPermission(null, 'PROMPTS', 'USE')).toBe(false);
    expect(hasPermission({ permissions: DEFAULT_ADMIN_PERMISSIONS }, 'BOOKMARKS', 'CREATE')).toBe(false);
  });
});
