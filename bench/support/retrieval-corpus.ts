// A generated retrieval set for the file-search benchmark: a few hundred short reports, each about
// one invented site and written in one of the formats Parley reads, and questions whose answer
// sentence is known. It is made from a seed, so every run (and every machine) scores the same set.
//
// Every report names its site in its title and first sentence, then states three facts; the facts'
// sentences refer to the site as "the site", so a question that names the site shares that word
// with the report but not with the answer sentence. The questions come in kinds, to see where
// search fails:
//   - direct: the answer sentence's own words, as a question;
//   - paraphrase: synonyms only — no content word of the answer sentence (full text can reach the
//     report only through the site's name; a semantic embeddings model is what finds these);
//   - typo: a direct question with two letters of one word swapped;
//   - number: the number written in words where the sentence has digits;
//   - inflection: other forms of the sentence's words (singular for plural, another tense).

export type QuestionKind = 'direct' | 'paraphrase' | 'typo' | 'number' | 'inflection';

export interface CorpusQuestion {
  kind: QuestionKind;
  question: string;
  /** The answer sentence, as it appears in the document's text. */
  passage: string;
  /** The document holding it. */
  document: string;
}

export interface CorpusDocument {
  name: string;
  type: string;
  bytes: Buffer;
}

/** Writers for each readable format, given the title and the paragraphs (one sentence or more). */
export interface FormatWriters {
  pdf(pages: string[]): Buffer;
  docx(paragraphs: string[]): Buffer;
  xlsx(rows: string[][]): Buffer;
  pptx(paragraphs: string[]): Buffer;
  odt(paragraphs: string[]): Buffer;
  ods(rows: string[][]): Buffer;
  odp(paragraphs: string[]): Buffer;
  epub(title: string, paragraphs: string[]): Buffer;
  rtf(paragraphs: string[]): Buffer;
}

/** mulberry32: a small seeded generator, enough to pick words reproducibly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = [
  'Aldwick',
  'Brennock',
  'Carrowmere',
  'Dunhallow',
  'Elsbury',
  'Fennick',
  'Glenarrow',
  'Harwood',
  'Islethorpe',
  'Jarrowby',
  'Kilbride',
  'Larchmont',
  'Merriton',
  'Northcote',
  'Oakhaven',
  'Penrose',
  'Quarrick',
  'Redmarsh',
  'Stanwyck',
  'Thornbury',
  'Ullswick',
  'Varrow',
  'Westmere',
  'Yarrowdale',
  'Zennor',
  'Ashgrove',
  'Blackmoor',
  'Coldharbour',
  'Deepwater',
  'Eastleigh',
];
const SITE_KINDS = [
  'field station',
  'harbour depot',
  'hill farm',
  'river clinic',
  'village school',
  'wind park',
  'bakery cooperative',
  'railway yard',
  'seed bank',
  'observatory',
];
const MONTHS = [
  ['January', 'first'],
  ['February', 'second'],
  ['March', 'third'],
  ['April', 'fourth'],
  ['May', 'fifth'],
  ['June', 'sixth'],
  ['July', 'seventh'],
  ['August', 'eighth'],
  ['September', 'ninth'],
  ['October', 'tenth'],
  ['November', 'eleventh'],
  ['December', 'twelfth'],
] as const;
const NUMBER_WORDS: Record<number, string> = {
  12: 'twelve',
  13: 'thirteen',
  14: 'fourteen',
  15: 'fifteen',
  16: 'sixteen',
  17: 'seventeen',
  18: 'eighteen',
  19: 'nineteen',
  20: 'twenty',
  30: 'thirty',
  40: 'forty',
  50: 'fifty',
  60: 'sixty',
  70: 'seventy',
  80: 'eighty',
  90: 'ninety',
};

/** A thing counted, with the words a paraphrase uses instead. */
interface Thing {
  plural: string;
  singular: string;
  synonym: string;
}
const THINGS: Thing[] = [
  { plural: 'zebras', singular: 'zebra', synonym: 'striped grazers' },
  { plural: 'bicycles', singular: 'bicycle', synonym: 'bikes' },
  { plural: 'patients', singular: 'patient', synonym: 'sick people' },
  { plural: 'lambs', singular: 'lamb', synonym: 'young sheep' },
  { plural: 'pupils', singular: 'pupil', synonym: 'children enrolled' },
  { plural: 'turbines', singular: 'turbine', synonym: 'windmills' },
  { plural: 'loaves', singular: 'loaf', synonym: 'breads' },
  { plural: 'wagons', singular: 'wagon', synonym: 'freight cars' },
  { plural: 'seedlings', singular: 'seedling', synonym: 'young plants' },
  { plural: 'meteors', singular: 'meteor', synonym: 'shooting stars' },
  { plural: 'pelicans', singular: 'pelican', synonym: 'big waterbirds' },
  { plural: 'lanterns', singular: 'lantern', synonym: 'lamps' },
];

/** A kind of fact: its sentence and the questions each kind of asking makes of it. */
interface FactTemplate {
  sentence(f: Fact): string;
  direct(f: Fact): string;
  paraphrase(f: Fact): string;
  number(f: Fact): string;
  inflection(f: Fact): string;
}
interface Fact {
  site: string;
  thing: Thing;
  count: number;
  month: (typeof MONTHS)[number];
  person: string;
}
const PEOPLE = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Castillo', 'Novak', 'Haddad', 'Brennan'];

const TEMPLATES: FactTemplate[] = [
  {
    sentence: (f) =>
      `In ${f.month[0]} the site counted ${f.count} ${f.thing.plural} along the northern fence.`,
    direct: (f) =>
      `How many ${f.thing.plural} were counted along the northern fence at ${f.site} in ${f.month[0]}?`,
    paraphrase: (f) =>
      `What tally of ${f.thing.synonym} did ${f.site} record by its top boundary during the ${f.month[1]} month?`,
    number: (f) => `${words(f.count)} ${f.thing.plural} counted at ${f.site} in ${f.month[0]}`,
    inflection: (f) => `${f.site} counting each ${f.thing.singular} along the north fences`,
  },
  {
    sentence: (f) =>
      `Supervisor ${f.person} ordered ${f.count} spare ${f.thing.plural} after the spring inspection.`,
    direct: (f) => `Who ordered spare ${f.thing.plural} after the spring inspection at ${f.site}?`,
    paraphrase: (f) =>
      `Which manager at ${f.site} requested extra ${f.thing.synonym} once the seasonal audit ended?`,
    number: (f) => `${words(f.count)} spare ${f.thing.plural} ordered at ${f.site}`,
    inflection: (f) => `${f.site} supervisor ordering a spare ${f.thing.singular} after spring inspections`,
  },
  {
    sentence: (f) => `The site lost ${f.count} ${f.thing.plural} when the storm flooded the lower shed.`,
    direct: (f) => `How many ${f.thing.plural} did ${f.site} lose when the storm flooded the lower shed?`,
    paraphrase: (f) => `What was destroyed at ${f.site} after heavy weather put the bottom barn under water?`,
    number: (f) => `${words(f.count)} ${f.thing.plural} lost in the ${f.site} storm`,
    inflection: (f) => `${f.site} storms flooding lower sheds and losing a ${f.thing.singular}`,
  },
];

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const words = (n: number) => NUMBER_WORDS[n] ?? String(n);
const COUNTS = Object.keys(NUMBER_WORDS).map(Number);

/** Two neighbouring letters of the longest word swapped: a typo a person makes. */
export function withTypo(question: string): string {
  const candidates = question.match(/[A-Za-z]{6,}/g) ?? [];
  const word = candidates.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (!word) return question;
  const i = Math.floor(word.length / 2) - 1;
  const typo = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  return question.replace(word, typo);
}

/** Sentences about nothing in particular, shared by every report: what the answers hide among. */
const FILLER = [
  'Staff rotated between the morning and evening shifts as usual.',
  'The quarterly budget was reviewed and no changes were made.',
  'Visitors are asked to sign the logbook at the front desk.',
  'Maintenance of the access road continued through the season.',
  'A new noticeboard was put up beside the main entrance.',
  'The volunteers met on the first Monday of each month.',
  'Records are kept in the blue binders in the office cabinet.',
  'The heating system was serviced before the cold weather arrived.',
  'Several neighbours helped repaint the fence by the car park.',
  'Deliveries arrive on Tuesdays and Fridays before noon.',
];

interface Report {
  site: string;
  title: string;
  paragraphs: string[];
  facts: { template: FactTemplate; fact: Fact; sentence: string }[];
}

function makeReport(index: number, random: () => number): Report {
  const place = PLACES[index % PLACES.length]!;
  const kind = SITE_KINDS[Math.floor(index / PLACES.length) % SITE_KINDS.length]!;
  const site = `${place} ${kind}`;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const facts = TEMPLATES.map((template) => {
    const fact: Fact = {
      site,
      thing: pick(THINGS),
      count: pick(COUNTS),
      month: pick(MONTHS),
      person: pick(PEOPLE),
    };
    return { template, fact, sentence: template.sentence(fact) };
  });
  const filler = shuffled(FILLER, random).slice(0, 6);
  const paragraphs = [
    `This is the yearly report of the ${site}.`,
    `${filler[0]} ${filler[1]}`,
    facts[0]!.sentence,
    `${filler[2]} ${filler[3]}`,
    facts[1]!.sentence,
    filler[4]!,
    facts[2]!.sentence,
    filler[5]!,
  ];
  return { site, title: `${site} yearly report`, paragraphs, facts };
}

/** The formats the set is written in, in turn: each report gets the next one. */
const FORMATS: { ext: string; type: string; write(r: Report, w: FormatWriters): Buffer }[] = [
  { ext: 'txt', type: 'text/plain', write: (r) => Buffer.from([r.title, '', ...r.paragraphs].join('\n\n')) },
  {
    ext: 'md',
    type: 'text/markdown',
    write: (r) => Buffer.from([`# ${r.title}`, ...r.paragraphs].join('\n\n')),
  },
  {
    ext: 'html',
    type: 'text/html',
    write: (r) =>
      Buffer.from(
        `<html><head><title>${r.title}</title></head><body><h1>${r.title}</h1>${r.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</body></html>`,
      ),
  },
  {
    ext: 'csv',
    type: 'text/csv',
    write: (r) =>
      Buffer.from(
        ['section,note', `title,${r.title}`, ...r.paragraphs.map((p, i) => `${i + 1},"${p}"`)].join('\n'),
      ),
  },
  {
    ext: 'tsv',
    type: 'text/tab-separated-values',
    write: (r) =>
      Buffer.from(
        ['section\tnote', `title\t${r.title}`, ...r.paragraphs.map((p, i) => `${i + 1}\t${p}`)].join('\n'),
      ),
  },
  {
    ext: 'json',
    type: 'application/json',
    write: (r) => Buffer.from(JSON.stringify({ title: r.title, paragraphs: r.paragraphs }, null, 2)),
  },
  {
    ext: 'xml',
    type: 'application/xml',
    write: (r) =>
      Buffer.from(
        `<report><title>${r.title}</title>${r.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</report>`,
      ),
  },
  {
    ext: 'yaml',
    type: 'application/yaml',
    write: (r) =>
      Buffer.from([`title: ${r.title}`, 'paragraphs:', ...r.paragraphs.map((p) => `  - "${p}"`)].join('\n')),
  },
  {
    ext: 'py',
    type: 'text/x-python',
    write: (r) =>
      Buffer.from(
        [`"""${r.title}"""`, ...r.paragraphs.map((p) => `# ${p}`), 'REPORT_DONE = True'].join('\n'),
      ),
  },
  { ext: 'rtf', type: 'application/rtf', write: (r, w) => w.rtf([r.title, ...r.paragraphs]) },
  { ext: 'pdf', type: 'application/pdf', write: (r, w) => w.pdf([[r.title, ...r.paragraphs].join('\n')]) },
  {
    ext: 'docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    write: (r, w) => w.docx([r.title, ...r.paragraphs]),
  },
  {
    ext: 'xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    write: (r, w) => w.xlsx([[r.title], ...r.paragraphs.map((p) => [p])]),
  },
  {
    ext: 'pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    write: (r, w) => w.pptx([r.title, ...r.paragraphs]),
  },
  {
    ext: 'odt',
    type: 'application/vnd.oasis.opendocument.text',
    write: (r, w) => w.odt([r.title, ...r.paragraphs]),
  },
  {
    ext: 'ods',
    type: 'application/vnd.oasis.opendocument.spreadsheet',
    write: (r, w) => w.ods([[r.title], ...r.paragraphs.map((p) => [p])]),
  },
  {
    ext: 'odp',
    type: 'application/vnd.oasis.opendocument.presentation',
    write: (r, w) => w.odp([r.title, ...r.paragraphs]),
  },
  { ext: 'epub', type: 'application/epub+zip', write: (r, w) => w.epub(r.title, r.paragraphs) },
];

/**
 * How the questions are shared among the kinds: at least a third paraphrases, a fifth typos, a
 * fifth numbers or inflections, the rest direct. Cycled over the reports' facts.
 */
const KIND_CYCLE: QuestionKind[] = [
  'paraphrase',
  'direct',
  'typo',
  'paraphrase',
  'number',
  'direct',
  'paraphrase',
  'inflection',
  'typo',
  'paraphrase',
  'number',
  'direct',
  'paraphrase',
  'typo',
  'inflection',
];

/**
 * The set: `documents` reports (at most one per site: 300) and a question on every second report,
 * about its facts in turn.
 */
export function retrievalCorpus(
  writers: FormatWriters,
  { documents = 300, seed = 20261207 } = {},
): { documents: CorpusDocument[]; questions: CorpusQuestion[] } {
  const random = seeded(seed);
  const out: CorpusDocument[] = [];
  const questions: CorpusQuestion[] = [];
  for (let i = 0; i < documents; i++) {
    const report = makeReport(i, random);
    const format = FORMATS[i % FORMATS.length]!;
    const name = `${report.site.replace(/\s+/g, '-').toLowerCase()}-${i}.${format.ext}`;
    out.push({ name, type: format.type, bytes: format.write(report, writers) });
    if (i % 2 === 1) continue;
    const { template, fact, sentence } = report.facts[(i / 2) % report.facts.length]!;
    const kind = KIND_CYCLE[questions.length % KIND_CYCLE.length]!;
    const question =
      kind === 'typo'
        ? withTypo(template.direct(fact))
        : kind === 'direct'
          ? template.direct(fact)
          : template[kind](fact);
    questions.push({ kind, question, passage: sentence, document: name });
  }
  return { documents: out, questions };
}
