import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { describe, expect, it, vi } from 'vitest';
import { attachOnce } from './attach-once';

const html = (text: string, remarkPlugins: Parameters<typeof Markdown>[0]['remarkPlugins']) =>
  renderToStaticMarkup(createElement(Markdown, { children: text, remarkPlugins }));

const SAMPLE = '| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ www.example.com and $x^2$ - [x] done';

describe('attachOnce', () => {
  it('renders exactly as the plugins attached the usual way', () => {
    const usual = html(SAMPLE, [remarkGfm, [remarkMath, { singleDollarTextMath: true }]]);
    const once = html(SAMPLE, [
      attachOnce(remarkGfm),
      attachOnce(remarkMath, { singleDollarTextMath: true }),
    ]);
    expect(once).toBe(usual);
    expect(once).toContain('<table>');
    expect(once).toContain('<del>gone</del>');
    expect(once).toContain('math-inline');
  });

  it('runs the plugin once however many processors use it, with its options', () => {
    const spy = vi.fn(remarkMath);
    const math = attachOnce(spy, { singleDollarTextMath: false });
    for (let i = 0; i < 5; i += 1) expect(html('$x$ and $$y$$', [math])).toContain('math-inline');
    expect(html('$x$ alone', [math])).not.toContain('math-inline');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith({ singleDollarTextMath: false });
  });
});
