import { canonicalLanguage } from './languages';

export type HighlightedLine = { content: string; style: Record<string, string> }[];

/** One worker for the page, started on the first code block. */
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (lines: HighlightedLine[] | null) => void>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; lines: HighlightedLine[] | null }>) => {
      pending.get(event.data.id)?.(event.data.lines);
      pending.delete(event.data.id);
    };
  }
  return worker;
}

/**
 * Tokens per line (light and dark colours as CSS variables) for a known language, computed by
 * shiki in a worker with each language loaded on first use; null for unknown languages.
 */
export function highlight(code: string, lang: string): Promise<HighlightedLine[] | null> {
  if (!canonicalLanguage(lang)) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    getWorker().postMessage({ id, code, lang });
  });
}
