import { describe, expect, it } from 'vitest';
import { ownFilePath } from './file-paths.ts';

describe("Parley's own file paths", () => {
  it('accepts the download and avatar routes with a user and a file id', () => {
    const id = '0b7c7d0e-6a51-4d4c-9a11-3c1b1d2e3f40';
    expect(ownFilePath(`/api/files/download/${id}/${id}`)).toBe(`/api/files/download/${id}/${id}`);
    expect(ownFilePath(`/api/files/avatars/${id}/${id}`)).toBe(`/api/files/avatars/${id}/${id}`);
  });

  it.each([
    '/api/files/../convos?pageSize=100',
    '/api/files/download/../../convos',
    '/api/files/download/u/..',
    '/api/files/download/u/%2e%2e',
    '/api/files/download/u/f?x=1',
    '/api/files/download/u/f#x',
    '/api/files/download/u\\..\\..\\convos',
    '/api/files/download/u/f/extra',
    '/api/files/config',
    '/api/files',
    '/api/convos',
    '//evil.example/api/files/download/u/f',
    'https://evil.example/api/files/download/u/f',
    ' /api/files/download/u/f',
    '/API/files/download/u/f',
  ])('refuses %j', (path) => {
    expect(ownFilePath(path)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(ownFilePath(undefined)).toBeNull();
    expect(ownFilePath({ toString: () => '/api/files/download/u/f' })).toBeNull();
  });
});
