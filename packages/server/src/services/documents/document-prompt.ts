/** A passage of a document found for the question, with its place for citing it. */
export interface GivenPassage {
  text: string;
  /** The PDF pages it spans (from 1); null for documents without pages. */
  page: number | null;
  lastPage: number | null;
  /** The chunk's place in the document, from 0: the "section" of a document without pages. */
  position: number;
}

/** A document as the model is given it: all of its text, or the passages searched out of it. */
export type GivenDocument =
  { filename: string; fullText: string } | { filename: string; passages: GivenPassage[] };

/**
 * A document's text may itself hold the closing tag; written as is it would end the document early
 * and the rest would read as the person's own words. A space after the `<` keeps it text.
 */
const escapeTags = (text: string) => text.replace(/<\/(document|passage)/gi, '</ $1');
/** A file name inside a double-quoted attribute. */
const attribute = (value: string) => value.replace(/[\n\r"<>]/g, ' ');

function passageBlock(passage: GivenPassage): string {
  const where =
    passage.page === null
      ? `section="${passage.position + 1}"`
      : passage.lastPage !== null && passage.lastPage !== passage.page
        ? `pages="${passage.page}-${passage.lastPage}"`
        : `page="${passage.page}"`;
  return `<passage ${where}>\n${escapeTags(passage.text)}\n</passage>`;
}

const passagesGiven = (n: number) =>
  n === 1 ? 'the passage most relevant to the question' : `the ${n} passages most relevant to the question`;

function documentBlock(document: GivenDocument): string {
  const name = attribute(document.filename);
  if ('fullText' in document)
    return `<document name="${name}" given="full text">\n${escapeTags(document.fullText)}\n</document>`;
  return [
    `<document name="${name}" given="${passagesGiven(document.passages.length)}">`,
    ...document.passages.map(passageBlock),
    '</document>',
  ].join('\n');
}

/**
 * The user's message with the documents attached to it placed before their words: each one
 * delimited and named, in full or as passages that say their page (PDF) or section, so the model
 * can tell the documents from the question and say where an answer comes from.
 */
export function withDocuments(question: string, documents: GivenDocument[]): string {
  if (documents.length === 0) return question;
  return [
    'The user attached these documents; use them to answer, and name the document (and page or ' +
      'section) an answer comes from.',
    ...documents.map(documentBlock),
    question,
  ].join('\n\n');
}

/** A PDF's text with a line marking where each page starts, so a full text still says its pages. */
export function withPageMarks(text: string, pageStarts: readonly number[] | undefined): string {
  if (!pageStarts?.length) return text;
  const pages = pageStarts.map(
    (start, i) => `[page ${i + 1}]\n${text.slice(start, pageStarts[i + 1] ?? text.length)}`,
  );
  return [text.slice(0, pageStarts[0]), ...pages].filter(Boolean).join('\n');
}
