import { describe, expect, it } from 'vitest';
import { snippetPlainText } from './snippet-plain-text.ts';

const HIT = (word: string) => `\uE000${word}\uE001`;

describe('snippetPlainText', () => {
  it('drops heading, quote and list marks but keeps their words', () => {
    expect(snippetPlainText(`## Setup ${HIT('guide')}\n> a quote\n- first\n2. second\n- [x] done`)).toBe(
      `Setup ${HIT('guide')} a quote first second done`,
    );
  });

  it('drops code fences and keeps the code', () => {
    expect(snippetPlainText('```ts\nconst x = 1;\n```')).toBe('const x = 1;');
  });

  it('turns a table into its cells', () => {
    expect(snippetPlainText(`| Name | Size |\n| --- | :---: |\n| ${HIT('apple')} | 3 |`)).toBe(
      `Name Size ${HIT('apple')} 3`,
    );
  });

  it('keeps the text of links and images and drops emphasis and inline code marks', () => {
    expect(snippetPlainText('See **[the docs](https://x.test/a)** and `npm ci`, ![a cat](c.png) _ok_')).toBe(
      'See the docs and npm ci, a cat _ok_',
    );
  });

  it('leaves ordinary prose alone', () => {
    expect(snippetPlainText('2 * 3 = 6 and a-b is fine')).toBe('2 * 3 = 6 and a-b is fine');
  });
});
