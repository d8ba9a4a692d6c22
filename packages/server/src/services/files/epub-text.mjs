// The text of an EPUB book: its package document (found through META-INF/container.xml) lists
// the chapters' XHTML files, and its spine gives their reading order. Each chapter's body is
// turned into lines of text (block elements end a line; scripts, styles and the head are not
// text). Plain JavaScript: it runs inside the extraction worker, on the entries zip-bounds.mjs
// inflated.
import { attribute, TextBudget, xmlText } from './office-text.mjs';

/** The parts an EPUB reader needs: the container, the package document and the chapters. */
export const isEpubPart = (name) =>
  name === 'META-INF/container.xml' || /\.(opf|xhtml|html|htm)$/i.test(name);

/** `href` (relative, maybe percent-encoded) resolved against the folder `base` ("" or "OEBPS/"). */
function resolve(base, href) {
  const parts = `${base}${decodeURIComponent(href.split('#')[0])}`.split('/');
  const out = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** Named entities an XHTML chapter commonly holds besides XML's own five. */
const HTML_ENTITIES = {
  nbsp: '\u00a0',
  mdash: '\u2014',
  ndash: '\u2013',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
};

/** An XHTML document's body as text: one line per block element, markup and non-text dropped. */
export function xhtmlText(xhtml) {
  const body = /<body(?:\s[^>]*)?>([\s\S]*)<\/body>/i.exec(xhtml)?.[1] ?? xhtml;
  const text = body
    .replace(/<(script|style|head)[\s>][\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre|section|article|dt|dd|figcaption)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(nbsp|mdash|ndash|hellip|lsquo|rsquo|ldquo|rdquo);/g, (_, name) => HTML_ENTITIES[name]);
  return xmlText(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A book's chapters' text in reading order, up to `maxChars` characters. */
export function epubText(entries, { maxChars }) {
  const utf8 = (name) => entries.get(name)?.toString('utf8');
  const container = utf8('META-INF/container.xml');
  const rootTag = container && /<rootfile\s[^>]*>/.exec(container)?.[0];
  const opfPath = rootTag && attribute(rootTag, 'full-path');
  const opf = opfPath && utf8(opfPath);
  if (!opf) throw new Error('The package document is missing.');
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const manifest = new Map();
  for (const [tag] of opf.matchAll(/<item\s[^>]*>/g)) {
    const id = attribute(tag, 'id');
    const href = attribute(tag, 'href');
    if (id && href) manifest.set(id, resolve(base, href));
  }
  const budget = new TextBudget(maxChars);
  for (const [tag] of opf.matchAll(/<itemref\s[^>]*>/g)) {
    const path = manifest.get(attribute(tag, 'idref') ?? '');
    const chapter = path && utf8(path);
    if (!chapter) continue;
    if (budget.full) {
      budget.truncated = true;
      break;
    }
    budget.add(xhtmlText(chapter));
    budget.add('');
  }
  return budget.result();
}
