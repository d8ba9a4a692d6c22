import { describe, expect, it } from 'vitest';
import { isShellPath } from './shell-paths';

describe('isShellPath', () => {
  it('accepts the root, chats and search', () => {
    for (const path of ['/', '/c', '/c/new', '/c/0b5e3a52-1c1a-4d43-9b7e-2f6d4a1b9c3e', '/search']) {
      expect(isShellPath(path), path).toBe(true);
    }
  });
  it('refuses the signed-out pages, shares and the dashboard', () => {
    for (const path of ['/login', '/register', '/share/abc', '/d/files', '/cats', '/searching', '/verify']) {
      expect(isShellPath(path), path).toBe(false);
    }
  });
});
