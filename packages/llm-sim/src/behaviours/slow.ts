// `slow`: a long, numbered answer at 20 tokens/s, for stop/resume tests that must see the stream
// mid-flight and check that nothing was lost or duplicated.
import type { Behaviour } from './behaviour.ts';

export const SLOW_SENTENCES = 50;
export const SLOW_TOKENS_PER_SECOND = 20;

/** "Sentence 1 of the slow answer. Sentence 2 of …" — 7 tokens per sentence, 350 in all. */
export function slowAnswer(): string {
  const sentences: string[] = [];
  for (let n = 1; n <= SLOW_SENTENCES; n++) sentences.push(`Sentence ${n} of the slow answer.`);
  return sentences.join(' ');
}

export const slow: Behaviour = () => ({
  events: [
    { type: 'text', text: slowAnswer() },
    { type: 'finish', reason: 'stop' },
  ],
  pacing: { tokensPerSecond: SLOW_TOKENS_PER_SECOND },
});
