// The text of an OpenDocument text (ODT), spreadsheet (ODS) or presentation (ODP) from its
// `content.xml`, as the extraction worker reads it out of the archive (zip-bounds.mjs). Like the
// OOXML readers beside it (office-text.mjs) the part is scanned with regular expressions rather
// than parsed into a tree: only the text, in order, is wanted. Plain JavaScript: it runs inside
// the extraction worker.
import { attribute, TextBudget, xmlText } from './office-text.mjs';

/** The one part every OpenDocument reader needs. */
export const isOdfPart = (name) => name === 'content.xml';

/**
 * A paragraph's (`text:p`, `text:h`) inner XML as text: `text:s` is one space or `text:c` of
 * them, `text:tab` a tab, `text:line-break` a new line; other markup (spans, links) is dropped.
 */
function paragraphText(inner) {
  return xmlText(
    inner
      .replace(/<text:s(?:\s+text:c="(\d+)")?\s*\/>/g, (_, n) => ' '.repeat(Math.min(Number(n ?? 1), 100)))
      .replace(/<text:tab\s*\/>/g, '\t')
      .replace(/<text:line-break\s*\/>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  );
}

/**
 * Every paragraph and heading inside `xml`, in order, one line each (empty ones left out). Foot-
 * and endnotes and comments are left out: they hold paragraphs of their own inside a paragraph,
 * which the scan below would cut the outer paragraph at.
 */
function paragraphs(xml) {
  const lines = [];
  const running = xml.replace(/<(text:note|office:annotation)[\s>][\s\S]*?<\/\1>/g, '');
  for (const match of running.matchAll(/<text:(p|h)(?:\s[^>]*)?>([\s\S]*?)<\/text:\1>/g)) {
    const text = paragraphText(match[2]).trim();
    if (text) lines.push(text);
  }
  return lines.join('\n');
}

/** A spreadsheet's tables: a `# Sheet: name` line, then one line per row, its cells tab-separated. */
function spreadsheetText(body, budget) {
  for (const table of body.matchAll(/<table:table(\s[^>]*)?>([\s\S]*?)<\/table:table>/g)) {
    if (budget.full) break;
    budget.add(`# Sheet: ${attribute(table[1] ?? '', 'table:name') ?? ''}`);
    for (const row of table[2].matchAll(/<table:table-row(?:\s[^>]*)?>([\s\S]*?)<\/table:table-row>/g)) {
      if (budget.full) break;
      const cells = [];
      // A repeated empty cell (a whole blank row can claim 16,384 columns) counts once.
      for (const cell of row[1].matchAll(
        /<table:table-cell(?:\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g,
      ))
        cells.push(paragraphs(cell[1] ?? '').replace(/\n/g, ' '));
      const line = cells.join('\t').trimEnd();
      if (line) budget.add(line);
    }
    budget.add('');
  }
}

/** A presentation's pages: a `# Slide n` line, its paragraphs, then its speaker notes. */
function presentationText(body, budget) {
  let n = 0;
  for (const page of body.matchAll(/<draw:page(?:\s[^>]*)?>([\s\S]*?)<\/draw:page>/g)) {
    if (budget.full) {
      budget.truncated = true;
      break;
    }
    n++;
    const notes = /<presentation:notes(?:\s[^>]*)?>([\s\S]*?)<\/presentation:notes>/.exec(page[1]);
    const slide = notes ? page[1].replace(notes[0], '') : page[1];
    budget.add(`# Slide ${n}`);
    budget.add(paragraphs(slide));
    const notesText = notes ? paragraphs(notes[1]) : '';
    if (notesText) budget.add(`Notes: ${notesText}`);
    budget.add('');
  }
}

/** An OpenDocument text, spreadsheet or presentation's text, up to `maxChars` characters. */
export function odfText(entries, { maxChars }) {
  const content = entries.get('content.xml')?.toString('utf8');
  const body = content && /<office:body(?:\s[^>]*)?>([\s\S]*)<\/office:body>/.exec(content)?.[1];
  if (body === undefined) throw new Error('The content part is missing.');
  const budget = new TextBudget(maxChars);
  if (/^\s*<office:spreadsheet[\s>]/.test(body)) spreadsheetText(body, budget);
  else if (/^\s*<office:presentation[\s>]/.test(body)) presentationText(body, budget);
  else budget.add(paragraphs(body));
  return budget.result();
}
