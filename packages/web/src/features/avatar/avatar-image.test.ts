import { describe, expect, it } from 'vitest';
import { acceptableAvatar, quarterTurn, rotatedBox } from './avatar-image';

const MB = 1024 * 1024;

describe('avatar picture rules', () => {
  it('takes only .png, .jpg and .jpeg pictures within the limit', () => {
    expect(acceptableAvatar({ name: 'me.png', type: 'image/png', size: MB }, 2 * MB)).toBe(true);
    expect(acceptableAvatar({ name: 'me.JPEG', type: 'image/jpeg', size: 2 * MB }, 2 * MB)).toBe(true);
    expect(acceptableAvatar({ name: 'me.jpg', type: 'image/jpeg', size: 2 * MB + 1 }, 2 * MB)).toBe(false);
    expect(acceptableAvatar({ name: 'me.gif', type: 'image/gif', size: 10 }, 2 * MB)).toBe(false);
    expect(acceptableAvatar({ name: 'me.png', type: 'image/webp', size: 10 }, 2 * MB)).toBe(false);
    expect(acceptableAvatar({ name: 'me.png', type: 'image/png', size: 0 }, 2 * MB)).toBe(false);
    expect(acceptableAvatar({ name: 'png', type: 'image/png', size: 10 }, 2 * MB)).toBe(false);
  });

  it('turns in quarter steps and sizes the turned picture’s box', () => {
    expect([0, 90, 180, 270].map(quarterTurn)).toEqual([90, 180, 270, 0]);
    expect(rotatedBox(400, 300, 0)).toEqual({ width: 400, height: 300 });
    expect(rotatedBox(400, 300, 90)).toEqual({ width: 300, height: 400 });
    expect(rotatedBox(400, 300, 180)).toEqual({ width: 400, height: 300 });
  });
});
