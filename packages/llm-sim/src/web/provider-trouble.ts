// How a test makes a search, scrape or rerank endpoint misbehave: a word in the query (or the
// scraped URL) picks the trouble, so one simulator serves both the happy path and every failure.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

/** The words and what they do. */
export const TROUBLE_WORDS = {
  /** Answers 500 with a JSON error. */
  'sim-500': 'error',
  /** Answers 200 with a body that is not JSON. */
  'sim-garbage': 'garbage',
  /** Answers 200 with JSON of the wrong shape. */
  'sim-wrong-shape': 'wrong-shape',
  /** Never answers (until the client leaves). */
  'sim-timeout': 'timeout',
  /** Answers about 20 MB of JSON. */
  'sim-huge': 'huge',
} as const;

type Trouble = (typeof TROUBLE_WORDS)[keyof typeof TROUBLE_WORDS];

/** A word that makes an endpoint answer normally but only after SLOW_ANSWER_MS (e.g. to see progress). */
export const SLOW_WORD = 'sim-slow';
export const SLOW_ANSWER_MS = 3_000;

/** Waits SLOW_ANSWER_MS when the text asks for a slow answer. */
export async function pauseIfSlow(text: string): Promise<void> {
  if (text.includes(SLOW_WORD)) await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
}

/** The trouble a text asks for, if any. */
export function troubleIn(text: string): Trouble | undefined {
  for (const [word, trouble] of Object.entries(TROUBLE_WORDS)) if (text.includes(word)) return trouble;
  return undefined;
}

/**
 * Answers with the trouble asked for; true when it did (the caller then stops). A `timeout` holds
 * the request open until the client closes it.
 */
export function sendTrouble(res: ServerResponse, trouble: Trouble | undefined): boolean {
  switch (trouble) {
    case undefined:
      return false;
    case 'error':
      sendJson(res, 500, { error: 'Simulated upstream failure' });
      return true;
    case 'garbage':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>this is not json{{{');
      return true;
    case 'wrong-shape':
      sendJson(res, 200, { unexpected: [1, 2, 3], results: 'not a list' });
      return true;
    case 'timeout':
      // Keep the socket open without answering; the client's time limit must end it.
      res.on('close', () => undefined);
      return true;
    case 'huge': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const filler = 'x'.repeat(1024);
      res.write('{"results":[');
      for (let i = 0; i < 20_000; i++) res.write(`${i ? ',' : ''}{"title":"${filler}"}`);
      res.end(']}');
      return true;
    }
  }
}
