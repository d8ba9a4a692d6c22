// `file-search`: calls `file_search` with the last user message as its query (without the documents
// a client put in that message as <document> blocks: a model searches with the question, not with
// the files it was already given); once the result is
// back, answers the way a grounded answer cites documents: one opening sentence citing every
// passage found as one run of markers ([1][2]), then one sentence per passage (up to three) with
// its first words and its own marker. A result without passages (nothing found, an error) is quoted.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { textScript } from './behaviour.ts';
import { callTools, toolCall } from './tool-script.ts';

export const FILE_SEARCH_TOOL = 'file_search';
export const NO_PASSAGES_PREFIX = 'The documents gave me nothing to cite: ';
/** Words of a passage quoted in the answer. */
const QUOTED_WORDS = 8;

export const fileSearch: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length === 0)
    return callTools(toolCall(FILE_SEARCH_TOOL, { query: questionOf(lastUserText(request)) }));
  const passages = results.flatMap((r) => citedPassages(r.text));
  if (passages.length === 0) return textScript(NO_PASSAGES_PREFIX + results.map((r) => r.text).join('\n'));
  const all = passages.map((p) => `[${p.citation}]`).join('');
  const sentences = passages.slice(0, 3).map((p) => {
    const words = p.content.split(/\s+/).filter(Boolean).slice(0, QUOTED_WORDS).join(' ');
    return `${p.filename} says “${words}” [${p.citation}].`;
  });
  return textScript(`I found ${passages.length} matching passages ${all}. ${sentences.join(' ')}`);
};

/** A user message's own words: the text around any <document …>…</document> blocks it carries. */
export function questionOf(text: string): string {
  return text
    .replace(/<document\b[^>]*>[\s\S]*?<\/document>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The `{ citation, filename, content }` entries of a file-search result (JSON with `results`). */
function citedPassages(text: string): { citation: number; filename: string; content: string }[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const results = (value as { results?: unknown })?.results;
  if (!Array.isArray(results)) return [];
  return results.flatMap((r: { citation?: unknown; filename?: unknown; content?: unknown }) =>
    typeof r?.citation === 'number' && typeof r.filename === 'string' && typeof r.content === 'string'
      ? [{ citation: r.citation, filename: r.filename, content: r.content }]
      : [],
  );
}
