import type { Element, Nodes, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';

/** Elements that are never part of what a page says: code, styling, menus, forms, frames. */
const NOISE = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
]);

/**
 * The most characters of a page's HTML parsed, after its scripts, styles and pictures are cut out.
 * Parsing runs on the event loop (up to ≈6 ms per KB of element-dense markup on this machine); this bounds one page
 * while holding far more than an article's text (MAX_PAGE_CHARS of it are kept).
 */
export const MAX_PARSED_CHARS = 150_000;

/** Blocks that are never text, cut out before parsing so they do not use up the parsed length. */
const BULK = /<(script|style|noscript|svg|template)\b/gi;

/**
 * `html` without its BULK blocks, in one pass (an unclosed block runs to the end): each opening
 * tag is found once and its closing tag searched from there on, so hostile markup cannot make it
 * slower than linear.
 */
export function withoutBulk(html: string): string {
  const lower = html.toLowerCase();
  let kept = '';
  let from = 0;
  BULK.lastIndex = 0;
  for (let open = BULK.exec(html); open; open = BULK.exec(html)) {
    if (open.index < from) continue;
    kept += html.slice(from, open.index) + ' ';
    const close = lower.indexOf(`</${open[1]!.toLowerCase()}`, open.index);
    if (close < 0) return kept;
    from = lower.indexOf('>', close) + 1 || html.length;
    BULK.lastIndex = from;
  }
  return kept + html.slice(from);
}

/**
 * A page's title and main text, the way a reader view finds it: scripts, styles, menus, headers,
 * footers, side bars and forms are dropped; the text comes from the page's `<article>` (or
 * `<main>`, or `[role=main]`) when it has one, else from its whole body; whitespace is collapsed.
 */
export function pageText(html: string): { title: string; text: string } {
  const tree = fromHtml(withoutBulk(html).slice(0, MAX_PARSED_CHARS));
  const title = findFirst(tree, (e) => e.tagName === 'title');
  prune(tree);
  const main =
    findFirst(tree, (e) => e.tagName === 'article') ??
    findFirst(tree, (e) => e.tagName === 'main' || e.properties?.role === 'main') ??
    findFirst(tree, (e) => e.tagName === 'body') ??
    tree;
  return {
    title: title ? collapse(toText(title)) : '',
    text: toText(main)
      .split('\n')
      .map(collapse)
      .filter((line) => line !== '')
      .join('\n'),
  };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function prune(node: Root | Element): void {
  node.children = node.children.filter((child) => child.type !== 'element' || !NOISE.has(child.tagName));
  for (const child of node.children) if (child.type === 'element') prune(child);
}

function findFirst(node: Nodes, test: (element: Element) => boolean): Element | undefined {
  if (node.type === 'element' && test(node)) return node;
  if (node.type !== 'root' && node.type !== 'element') return undefined;
  for (const child of node.children) {
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}
