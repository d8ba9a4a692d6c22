// Scores a retrieval benchmark: where in a search's ranked passages the labelled passage first
// appears, and the usual summaries of those ranks (recall at k, mean reciprocal rank).

/** Runs of white space as one space, so a label matches a passage whatever its line breaks. */
const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The 1-based rank of the first hit whose text holds `passage`, or null when none does. Chunks
 * overlap, so a labelled sentence may sit in two of them; either one found is a success.
 */
export function rankOf(hitTexts: readonly string[], passage: string): number | null {
  const wanted = flatten(passage);
  const index = hitTexts.findIndex((text) => flatten(text).includes(wanted));
  return index === -1 ? null : index + 1;
}

export interface RetrievalScore {
  questions: number;
  /** Share of questions whose passage was among the first k hits. */
  recallAtK: number;
  /** Mean of 1 / rank, a question whose passage was not found counting 0. */
  mrr: number;
}

/** Recall at `k` and MRR over the questions' ranks (null: not found at all). */
export function scoreRanks(ranks: readonly (number | null)[], k: number): RetrievalScore {
  if (ranks.length === 0) return { questions: 0, recallAtK: 0, mrr: 0 };
  const found = ranks.filter((rank) => rank !== null && rank <= k).length;
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0);
  return {
    questions: ranks.length,
    recallAtK: round3(found / ranks.length),
    mrr: round3(reciprocal / ranks.length),
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
