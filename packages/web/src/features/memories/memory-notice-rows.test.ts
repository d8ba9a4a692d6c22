import type { MemoryAttachment } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { noticeRows } from './memory-notice-rows';

const at = (memory: MemoryAttachment['memory']): MemoryAttachment => ({
  type: 'memory',
  memory,
  messageId: 'm',
  conversationId: 'c',
});

describe('noticeRows', () => {
  it('lists updates and deletes in order; not an error notice', () => {
    expect(
      noticeRows([at({ type: 'update', key: 'city', value: 'Paris' }), at({ type: 'delete', key: 'job' })]),
    ).toEqual({
      rows: [
        { kind: 'update', key: 'city', value: 'Paris' },
        { kind: 'delete', key: 'job' },
      ],
      error: false,
    });
  });

  it('reads the limit errors with their token counts; any error makes it an error notice', () => {
    const { rows, error } = noticeRows([
      at({ type: 'update', key: 'a', value: 'b' }),
      at({ type: 'error', key: 'bio', value: JSON.stringify({ errorType: 'would_exceed', tokenCount: 52 }) }),
      at({
        type: 'error',
        key: 'x',
        value: JSON.stringify({ errorType: 'already_exceeded', tokenCount: 40 }),
      }),
    ]);
    expect(error).toBe(true);
    expect(rows.slice(1)).toEqual([
      { kind: 'would_exceed', key: 'bio', tokenCount: 52 },
      { kind: 'already_exceeded', key: 'x', tokenCount: 40 },
    ]);
  });

  it.each([
    ['no value', undefined],
    ['not JSON', '{oops'],
    ['an unknown error type', JSON.stringify({ errorType: 'disk_on_fire', tokenCount: 1 })],
    ['no token count', JSON.stringify({ errorType: 'would_exceed' })],
  ])('shows a generic memory error for an error value with %s', (_name, value) => {
    expect(noticeRows([at({ type: 'error', key: 'k', ...(value === undefined ? {} : { value }) })])).toEqual({
      rows: [{ kind: 'error', key: 'k' }],
      error: true,
    });
  });
});
