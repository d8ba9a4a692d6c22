import { describe, expect, it } from 'vitest';
import { shareLinksImage } from './share-image-urls.ts';

const messages = [
  { text: 'Here: ![chart](https://img.example/chart.png?x=1) and more', content: null },
  { text: '', content: [{ type: 'text', text: '![a](https://img.example/caf%C3%A9.png "title")' }] },
  { text: 'raw ![b](https://img.example/with space.png)' },
  { text: 'relative to the scheme: ![c](//img.example/c.png)' },
];

describe('shareLinksImage', () => {
  it('finds an address written in a message text or a content part', () => {
    expect(shareLinksImage(messages, 'https://img.example/chart.png?x=1')).toBe(true);
    expect(shareLinksImage(messages, 'https://img.example/caf%C3%A9.png')).toBe(true);
  });

  it('accepts the percent-encoded, absolute form the web app sends', () => {
    expect(shareLinksImage(messages, 'https://img.example/with%20space.png')).toBe(true);
    expect(shareLinksImage(messages, 'https://img.example/c.png')).toBe(true);
  });

  it('refuses an address the share does not hold, and a shorter one cut from a longer one', () => {
    expect(shareLinksImage(messages, 'https://attacker.example/p.png')).toBe(false);
    expect(shareLinksImage(messages, 'https://img.example/chart.png')).toBe(false);
    expect(shareLinksImage(messages, 'https://img.example/')).toBe(false);
  });
});
