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
