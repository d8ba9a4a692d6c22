import { describe, expect, it } from 'vitest';
import { imagePartSize, imageSource } from './content-image';

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

  it('shows only file routes: another API route, dot segments and query tricks are not fetched', () => {
    const file = (filepath: string) => imageSource({ type: 'image_file', image_file: { filepath } });
    // A shared, imported conversation's picture aimed at the viewer's conversation list.
    expect(file('/api/files/../convos?pageSize=100')).toBeNull();
    expect(file('/api/files/download/u/../../../convos')).toBeNull();
    expect(file('/api/files/download/u/%2e%2e')).toBeNull();
    expect(file('/api/files/download/u/f?redirect=/api/convos')).toBeNull();
    expect(file('/api/files/config')).toBeNull();
    expect(file('/api/convos')).toBeNull();
    expect(file('/\\evil.example/x.png')).toBeNull();
    expect(file('/api/files/avatars/u/f')).toBe('/api/files/avatars/u/f');
    expect(imageSource({ type: 'image_url', image_url: { url: '/api/user' } })).toBeNull();
  });
});

describe('picture part size', () => {
  it('uses the stored size, else 1080 wide by 1920 high', () => {
    const part = (image_file: Record<string, unknown>) => ({ type: 'image_file' as const, image_file });
    expect(imagePartSize(part({ filepath: '/x', width: 640, height: 480 }))).toEqual({
      width: 640,
      height: 480,
    });
    expect(imagePartSize(part({ filepath: '/x' }))).toEqual({ width: 1080, height: 1920 });
    expect(imagePartSize(part({ filepath: '/x', width: 0, height: 'tall' }))).toEqual({
      width: 1080,
      height: 1920,
    });
    expect(imagePartSize({ type: 'image_url', image_url: 'data:image/png;base64,AAAA' })).toEqual({
      width: 1080,
      height: 1920,
    });
  });
});
