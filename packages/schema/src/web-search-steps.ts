/**
 * The steps a running web search reports, in order: searching the web, reading the pages found,
 * reranking their passages (only with a reranker). The server's `web_search` tool writes each as
 * its call's progress message (readable English for any client); the web app reads the step back
 * to show it in the person's language. The result itself ends the progress.
 */
export type WebSearchStep =
  { step: 'searching' } | { step: 'reading'; sources: number } | { step: 'reranking' };

/** Where each step stands among them (its progress out of WEB_SEARCH_STEP_COUNT). */
export const WEB_SEARCH_STEP_COUNT = 3;
const ORDER: Record<WebSearchStep['step'], number> = { searching: 0, reading: 1, reranking: 2 };

export function webSearchStepIndex(step: WebSearchStep): number {
  return ORDER[step.step];
}

/** The progress message of a step. */
export function webSearchStepMessage(step: WebSearchStep): string {
  switch (step.step) {
    case 'searching':
      return 'Searching the web';
    case 'reading':
      return `Reading ${step.sources} ${step.sources === 1 ? 'source' : 'sources'}`;
    case 'reranking':
      return 'Reranking the passages';
  }
}

/** The step a progress message names, or null for any other text. */
export function readWebSearchStep(message: string | undefined): WebSearchStep | null {
  if (message === 'Searching the web') return { step: 'searching' };
  if (message === 'Reranking the passages') return { step: 'reranking' };
  const reading = message ? /^Reading (\d{1,4}) sources?$/.exec(message) : null;
  return reading ? { step: 'reading', sources: Number(reading[1]) } : null;
}
