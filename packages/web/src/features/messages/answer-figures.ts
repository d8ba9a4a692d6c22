import { answerFiguresSchema, type AnswerFigures } from '@parley/schema';

/**
 * The figures an answer carries (`figures`, saved with it by the server), or null. An error
 * answer shows none unless it cost something: its "0 → 0 tokens" said nothing but looked like
 * an answer's.
 */
export function figuresOf(message: object): AnswerFigures | null {
  const failed = (message as { error?: unknown }).error === true;
  const costly = ((message as { figures?: { cost?: unknown } }).figures?.cost ?? 0) !== 0;
  if (failed && !costly) return null;
  const parsed = answerFiguresSchema.safeParse((message as { figures?: unknown }).figures);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

/** The parts of the line under an answer, each a translation key with its values. */
export function figureParts(
  figures: AnswerFigures,
  locale?: string,
): { key: string; values: Record<string, string> }[] {
  const num = (n: number, digits = 0) => n.toLocaleString(locale, { maximumFractionDigits: digits });
  const parts: { key: string; values: Record<string, string> }[] = [];
  if (figures.timeToFirstTokenMs !== undefined)
    parts.push({
      key: 'com_ui_figures_ttft',
      values: { seconds: num(figures.timeToFirstTokenMs / 1000, 2) },
    });
  if (figures.tokensPerSecond !== undefined)
    parts.push({ key: 'com_ui_figures_speed', values: { rate: num(figures.tokensPerSecond, 1) } });
  if (figures.promptTokens !== undefined && figures.completionTokens !== undefined)
    parts.push({
      key: 'com_ui_figures_tokens',
      values: { prompt: num(figures.promptTokens), completion: num(figures.completionTokens) },
    });
  if (figures.cost !== undefined)
    parts.push({ key: 'com_ui_figures_cost', values: { credits: num(figures.cost, 2) } });
  return parts;
}
