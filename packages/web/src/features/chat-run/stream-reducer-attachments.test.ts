import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { applySteps, EMPTY_ANSWER, liveMessage, withAttachment } from './stream-reducer';

const base: Message = {
  messageId: 'a1',
  conversationId: 'c1',
  parentMessageId: 'u1',
  sender: 'echo',
  text: '',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '',
  updatedAt: '',
};

describe('attachments of the live answer', () => {
  it('survive later step batches and show on the live message after the earlier ones', () => {
    const withFile = withAttachment(EMPTY_ANSWER, { file_id: 'f2' });
    expect(EMPTY_ANSWER.attachments).toBeUndefined();
    const later = applySteps(withFile, [
      { event: 'on_run_step', data: { id: 's0', index: 0, type: 'message_creation' } },
    ] as never);
    expect(later.attachments).toEqual([{ file_id: 'f2' }]);
    const continued = { ...base, attachments: [{ file_id: 'f1' }] };
    expect(liveMessage(continued, later).attachments).toEqual([{ file_id: 'f1' }, { file_id: 'f2' }]);
    expect(liveMessage(base, EMPTY_ANSWER)).not.toHaveProperty('attachments');
  });
});
