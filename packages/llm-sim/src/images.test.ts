import { describe, expect, it } from 'vitest';
import { describeImage, imageFromDataUrl, imageSize } from './images.ts';

describe('picture facts', () => {
  it('reads the size of PNG, GIF and JPEG headers', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d494844520000004000000028', 'hex');
    expect(imageSize(png)).toEqual({ width: 64, height: 40 });
    const gif = Buffer.from('474946383961030005000000', 'hex');
    expect(imageSize(gif)).toEqual({ width: 3, height: 5 });
    // SOI, an APP0 segment of 4 bytes, then SOF0 with height 7 and width 9.
    const jpeg = Buffer.from('ffd8ffe00004aaaaffc0000b080007000903012200', 'hex');
    expect(imageSize(jpeg)).toEqual({ width: 9, height: 7 });
    expect(imageSize(Buffer.from('not an image'))).toBeUndefined();
  });

  it('decodes data URLs and describes a picture with its hash', () => {
    const image = imageFromDataUrl(`data:image/png;base64,${Buffer.from('abc').toString('base64')}`)!;
    expect(image.bytes.toString()).toBe('abc');
    expect(describeImage(image, 0)).toBe('image 1: unknown size image/png sha256:ba7816bf8f01cfea');
    expect(imageFromDataUrl('https://example.com/x.png')).toBeUndefined();
  });
});
