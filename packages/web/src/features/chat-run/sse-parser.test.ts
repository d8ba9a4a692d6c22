import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(chunks: string[]): SseEvent[] {
  const out: SseEvent[] = [];
  const parser = createSseParser((e) => out.push(e));
  for (const c of chunks) parser.push(c);
  parser.end();
  return out;
}

describe('createSseParser', () => {
  it('splits events and keeps their names', () => {
    expect(parse(['event: message\ndata: {"a":1}\n\nevent: error\ndata: {"b":2}\n\n'])).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'error', data: '{"b":2}' },
    ]);
  });
  it('joins events split across chunks at any byte', () => {
    const text = 'event: message\ndata: {"created":true}\n\n';
    const chunks = text.split('');
    expect(parse(chunks)).toEqual([{ event: 'message', data: '{"created":true}' }]);
  });
  it('skips comments (pings) and handles CRLF', () => {
    expect(parse([': ping\r\n\r\ndata: x\r\n\r\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });
  it('dispatches a last event that lacks its blank line', () => {
    expect(parse(['data: last'])).toEqual([{ event: 'message', data: 'last' }]);
  });
});
