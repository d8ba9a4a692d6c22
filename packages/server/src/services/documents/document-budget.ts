/**
 * The window assumed for a model whose context window is unknown (no `maxContextTokens`, a name
 * Parley has no window for, such as a local model): small enough for any model still in use, so a
 * document given in full never crowds out the conversation.
 */
export const UNKNOWN_WINDOW_TOKENS = 32_768;

/** Documents get this share of the window the conversation leaves free. */
const DOCUMENT_SHARE = 4;

/**
 * The tokens the documents of one request may take, all together: parley.yaml's
 * `fileConfig.fileTokenLimit` when set (the administrator's number, as LibreChat reads it);
 * otherwise a quarter of the prompt budget the conversation leaves free, so the conversation,
 * the answer and the documents all fit.
 */
export function documentBudget(limits: {
  fileTokenLimit?: number;
  /** The prompt budget (maxContextTokens, or the known window less the answer's reserve). */
  promptBudget?: number;
  /** The tokens of the conversation as it will be sent, without the documents. */
  promptTokens: number;
}): number {
  if (limits.fileTokenLimit) return limits.fileTokenLimit;
  const free = (limits.promptBudget ?? UNKNOWN_WINDOW_TOKENS) - limits.promptTokens;
  return Math.max(0, Math.floor(free / DOCUMENT_SHARE));
}
