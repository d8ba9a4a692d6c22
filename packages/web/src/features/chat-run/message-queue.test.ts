import { beforeEach, describe, expect, it } from 'vitest';
import { queueMessage, takeQueuedMessage, unqueueMessage, useMessageQueue } from './message-queue';

beforeEach(() => useMessageQueue.setState({ queued: {} }));

describe('the message queue', () => {
  it('sends the oldest first, per conversation', () => {
    queueMessage('c1', 'first');
    queueMessage('c2', 'other');
    queueMessage('c1', 'second');
    expect(takeQueuedMessage('c1')?.text).toBe('first');
    expect(takeQueuedMessage('c1')?.text).toBe('second');
    expect(takeQueuedMessage('c1')).toBeUndefined();
    expect(takeQueuedMessage('c2')?.text).toBe('other');
    expect(useMessageQueue.getState().queued).toEqual({});
  });

  it('takes one message out by id and leaves the others', () => {
    const a = queueMessage('c1', 'a');
    queueMessage('c1', 'b');
    expect(unqueueMessage('c1', a.id)?.text).toBe('a');
    expect(unqueueMessage('c1', a.id)).toBeUndefined();
    expect(unqueueMessage('c2', 'nope')).toBeUndefined();
    expect(useMessageQueue.getState().queued.c1?.map((m) => m.text)).toEqual(['b']);
  });
});
