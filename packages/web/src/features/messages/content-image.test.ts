import { describe, expect, it } from 'vitest';
import { imageSource } from './content-image';

describe('picture parts', () => {
  it("shows Parley's own files and inline pictures, nothing from elsewhere", () => {
    expect(imageSource({ type: 'image_file', image_file: { filepath: '/api/files/download/u/f' } })).toBe(
      '/api/files/download/u/f',
    );
    expect(imageSource({ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } })).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(imageSource({ type: 'image_url', image_url: '//evil.example/x.png' })).toBeNull();
    expect(imageSource({ type: 'image_url', image_url: { url: 'https://evil.example/x.png' } })).toBeNull();
    expect(
      imageSource({ type: 'image_url', image_url: { url: 'data:image/svg+xml;base64,AAAA' } }),
    ).toBeNull();
    expect(imageSource({ type: 'image_file' })).toBeNull();
  });
});
