import type { MessageSearchHit } from '@parley/schema';

/** A search hit shown once, with how many near-identical hits of its conversation it stands for. */
export interface GroupedHit {
  hit: MessageSearchHit;
  similar: number;
}

/** The snippet's words without marks, case or spacing: regenerated answers and resent questions match. */
function snippetKey(hit: MessageSearchHit): string {
  return hit.snippet
    .replace(/<\/?mark>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Folds hits of one conversation and one author whose snippets read the same (regenerated
 * answers, a question sent again) into the first of them, which keeps its place in the ranking.
 * A question and an answer that quotes it stay apart.
 */
export function groupHits(hits: readonly MessageSearchHit[]): GroupedHit[] {
  const groups = new Map<string, GroupedHit>();
  for (const hit of hits) {
    const key = [hit.conversationId, hit.isCreatedByUser ? 'user' : 'model', snippetKey(hit)].join('\u0000');
    const group = groups.get(key);
    if (group) group.similar += 1;
    else groups.set(key, { hit, similar: 0 });
  }
  return [...groups.values()];
}
