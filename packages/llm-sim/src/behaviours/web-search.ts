// `web-search`: calls `web_search` with the last user message as its query; once the result is
// back, answers with one sentence per source (up to three), each citing its number as `[n]`, the
// way a grounded answer cites. A result without sources (an error, nothing found) is quoted.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { textScript } from './behaviour.ts';
import { callTools, toolCall } from './tool-script.ts';

export const WEB_SEARCH_TOOL = 'web_search';
export const NO_SOURCES_PREFIX = 'The web search gave me nothing to cite: ';
/** A word in the message that makes the model search a second time before it answers. */
export const SEARCH_TWICE_WORD = 'sim-search-twice';

export const webSearch: Behaviour = (request) => {
  const results = pendingToolResults(request);
  const query = lastUserText(request);
  if (results.length === 0) return callTools(toolCall(WEB_SEARCH_TOOL, { query }));
  if (results.length === 1 && query.includes(SEARCH_TWICE_WORD))
    return callTools(toolCall(WEB_SEARCH_TOOL, { query: `${query} again` }));
  const sources = results.flatMap((r) => citedSources(r.text));
  if (sources.length === 0) return textScript(NO_SOURCES_PREFIX + results.map((r) => r.text).join('\n'));
  const sentences = sources.slice(0, 3).map((s) => `${s.title} [${s.citation}].`);
  return textScript(`Here is what the web says. ${sentences.join(' ')}`);
};

/** The `{ citation, title }` entries of a web-search result (JSON with a `sources` list). */
function citedSources(text: string): { citation: number; title: string }[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const sources = (value as { sources?: unknown })?.sources;
  if (!Array.isArray(sources)) return [];
  return sources.flatMap((s: { citation?: unknown; title?: unknown }) =>
    typeof s?.citation === 'number' && typeof s.title === 'string'
      ? [{ citation: s.citation, title: s.title }]
      : [],
  );
}
