import { describe, expect, it } from 'vitest';
import type { SimMessage, SimRequest } from '../conversation.ts';
import { SEARCH_TWICE_WORD, webSearch } from './web-search.ts';

const RESULT = JSON.stringify({ sources: [{ citation: 1, title: 'Sea otters use tools' }] });
const request = (user: string, toolResults: number): SimRequest => ({
  model: 'web-search',
  messages: [
    { role: 'user', text: user },
    ...Array.from({ length: toolResults }, (_, i): SimMessage => ({
      role: 'tool',
      text: RESULT,
      toolCallId: `c${i}`,
    })),
  ],
});
const calls = (r: SimRequest) =>
  webSearch(r).events.flatMap((e) => (e.type === 'tool-call' ? [JSON.parse(e.arguments) as unknown] : []));
const text = (r: SimRequest) =>
  webSearch(r)
    .events.map((e) => (e.type === 'text' ? e.text : ''))
    .join('');

describe('web-search behaviour', () => {
  it('searches once, then answers citing the sources', () => {
    expect(calls(request('otters', 0))).toEqual([{ query: 'otters' }]);
    expect(calls(request('otters', 1))).toEqual([]);
    expect(text(request('otters', 1))).toBe('Here is what the web says. Sea otters use tools [1].');
  });

  it(`searches a second time when the message says ${SEARCH_TWICE_WORD}, then answers`, () => {
    const message = `otters ${SEARCH_TWICE_WORD}`;
    expect(calls(request(message, 0))).toEqual([{ query: message }]);
    expect(calls(request(message, 1))).toEqual([{ query: `${message} again` }]);
    expect(calls(request(message, 2))).toEqual([]);
    expect(text(request(message, 2))).toContain('Sea otters use tools [1].');
  });
});
