// The text of a spreadsheet (XLSX) or a slide deck (PPTX) from its XML parts, as the extraction
// worker reads them out of the archive (zip-bounds.mjs). The parts are scanned with regular
// expressions rather than parsed into a tree: a sheet can hold millions of cells, and only the
// text, in order, is wanted. Plain JavaScript: it runs inside the extraction worker.

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its character references and the five named entities decoded. */
export function xmlText(raw) {
  return raw.replace(ENTITY, (whole, dec, hex, name) => {
    if (name) return NAMED[name];
    const code = dec ? Number(dec) : parseInt(hex, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The value of attribute `name` in a start tag's text (in either quotes), decoded, or undefined. */
export function attribute(tag, name) {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? xmlText(match[1] ?? match[2]) : undefined;
}

/** The joined text of every `<t>` (or `<a:t>`) element inside `xml`. */
function runsText(xml, tag) {
  let text = '';
  for (const run of xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g')))
    text += xmlText(run[1]);
  return text;
}

/** A part's relationships file (`_rels/…rels`) as id → target path, resolved against `base`. */
function relationships(xml, base) {
  const targets = new Map();
  if (!xml) return targets;
  for (const [tag] of xml.matchAll(/<Relationship\s[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (!id || !target) continue;
    targets.set(
      id,
      target.startsWith('/') ? target.slice(1) : `${base}${target}`.replace(/[^/]+\/\.\.\//g, ''),
    );
  }
  return targets;
}

const utf8 = (entries, name) => entries.get(name)?.toString('utf8');

/** Collects text up to `maxChars`, noting whether anything was left out. */
export class TextBudget {
  constructor(maxChars) {
    this.maxChars = maxChars;
    this.parts = [];
    this.length = 0;
    this.truncated = false;
  }
  get full() {
    return this.length >= this.maxChars;
  }
  add(text) {
    if (this.full) {
      if (text) this.truncated = true;
      return;
    }
    this.parts.push(text);
    this.length += text.length + 1;
    if (this.length > this.maxChars) this.truncated = true;
  }
  result() {
    const text = this.parts
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    return { text: text.slice(0, this.maxChars), truncated: this.truncated };
  }
}

/** The parts an XLSX reader needs. */
export const isSpreadsheetPart = (name) =>
  name === 'xl/workbook.xml' ||
  name === 'xl/_rels/workbook.xml.rels' ||
  name === 'xl/sharedStrings.xml' ||
  /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/**
 * A workbook's text, sheet by sheet in the workbook's order: a `# Sheet: name` line, then one line
 * per row with its cells' shown values (shared and inline strings, numbers, booleans, formulas'
 * cached results) separated by tabs.
 */
export function xlsxText(entries, { maxChars }) {
  const workbook = utf8(entries, 'xl/workbook.xml');
  if (!workbook) throw new Error('The workbook part is missing.');
  const shared = [];
  for (const item of (utf8(entries, 'xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g))
    shared.push(runsText(item[1], 't'));
  const rels = relationships(utf8(entries, 'xl/_rels/workbook.xml.rels'), 'xl/');
  const budget = new TextBudget(maxChars);
  for (const [tag] of workbook.matchAll(/<sheet\s[^>]*>/g)) {
    const path = rels.get(attribute(tag, 'r:id') ?? '');
    const sheet = path && utf8(entries, path);
    if (!sheet) continue;
    budget.add(`# Sheet: ${attribute(tag, 'name') ?? ''}`);
    for (const row of sheet.matchAll(/<row[\s>][\s\S]*?<\/row>/g)) {
      if (budget.full) break;
      const cells = [];
      for (const cell of row[0].matchAll(/<c(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/c>)/g))
        cells.push(cellText(cell[1] ?? '', cell[2] ?? '', shared));
      const line = cells.join('\t').trimEnd();
      if (line) budget.add(line);
    }
    budget.add('');
  }
  return budget.result();
}

function cellText(attributes, body, shared) {
  const type = attribute(attributes, 't');
  if (type === 'inlineStr') return runsText(body, 't');
  const value = /<v>([^<]*)<\/v>/.exec(body)?.[1];
  if (value === undefined) return '';
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return xmlText(value);
}

/** The parts a PPTX reader needs. */
export const isPresentationPart = (name) =>
  name === 'ppt/presentation.xml' ||
  name === 'ppt/_rels/presentation.xml.rels' ||
  /^ppt\/slides\/slide\d+\.xml$/.test(name) ||
  /^ppt\/slides\/_rels\/slide\d+\.xml\.rels$/.test(name) ||
  /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name);

/** A slide's (or notes page's) paragraphs, one line each. */
function slideParagraphs(xml) {
  const lines = [];
  for (const paragraph of xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>|<a:p\s[^>]*>([\s\S]*?)<\/a:p>/g)) {
    const text = runsText(paragraph[1] ?? paragraph[2] ?? '', 'a:t').trim();
    if (text) lines.push(text);
  }
  return lines.join('\n');
}

/**
 * A deck's text, slide by slide in the deck's order (the presentation's slide list; slide files
 * by number when it has none): a `# Slide n` line, the slide's paragraphs, then its speaker notes.
 */
export function pptxText(entries, { maxChars }) {
  const presentation = utf8(entries, 'ppt/presentation.xml');
  if (!presentation) throw new Error('The presentation part is missing.');
  const rels = relationships(utf8(entries, 'ppt/_rels/presentation.xml.rels'), 'ppt/');
  let slides = [...presentation.matchAll(/<p:sldId\s[^>]*>/g)]
    .map(([tag]) => rels.get(attribute(tag, 'r:id') ?? ''))
    .filter((path) => path && entries.has(path));
  if (slides.length === 0)
    slides = [...entries.keys()]
      .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
      .sort((a, b) => Number(/\d+/.exec(a)[0]) - Number(/\d+/.exec(b)[0]));
  const budget = new TextBudget(maxChars);
  slides.forEach((path, i) => {
    if (budget.full) {
      budget.truncated = true;
      return;
    }
    budget.add(`# Slide ${i + 1}`);
    budget.add(slideParagraphs(utf8(entries, path)));
    const slideRels = relationships(
      utf8(entries, path.replace(/slides\/(slide\d+\.xml)$/, 'slides/_rels/$1.rels')),
      'ppt/slides/',
    );
    const notes = [...slideRels.values()].find((target) => target.includes('notesSlides/'));
    const notesXml = notes && utf8(entries, notes);
    if (notesXml) {
      // A notes page repeats the slide number in a placeholder; only its paragraphs of text count.
      const text = slideParagraphs(notesXml).replace(/^\d+$/gm, '').trim();
      if (text) budget.add(`Notes: ${text}`);
    }
    budget.add('');
  });
  return budget.result();
}
