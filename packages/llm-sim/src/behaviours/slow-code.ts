// `slow-code`: a sentence, then a TypeScript block of a dozen lines at 20 tokens/s, so a client can
// be seen rendering (and highlighting) a code block while it is still being written.
import type { Behaviour } from './behaviour.ts';
import { SLOW_TOKENS_PER_SECOND } from './slow.ts';

const FENCE = '```';

export const SLOW_CODE_LINES = [
  'interface Point {',
  '  x: number;',
  '  y: number;',
  '}',
  '',
  'function distance(a: Point, b: Point): number {',
  '  const dx = a.x - b.x;',
  '  const dy = a.y - b.y;',
  '  return Math.sqrt(dx * dx + dy * dy);',
  '}',
  '',
  'const origin: Point = { x: 0, y: 0 };',
  'console.log(distance(origin, { x: 3, y: 4 }));',
];

export const SLOW_CODE_ANSWER = `Here is the distance between two points:\n\n${FENCE}typescript\n${SLOW_CODE_LINES.join('\n')}\n${FENCE}\n\nIt prints 5.`;

export const slowCode: Behaviour = () => ({
  events: [
    { type: 'text', text: SLOW_CODE_ANSWER },
    { type: 'finish', reason: 'stop' },
  ],
  pacing: { tokensPerSecond: SLOW_TOKENS_PER_SECOND },
});
