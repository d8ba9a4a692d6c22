import type { EndpointsConfig, Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { allowedActions } from './action-rules';

const endpoints: EndpointsConfig = {
  Demo: { type: 'custom', order: 0, userProvide: false },
  assistants: { order: 1, userProvide: false },
};
const base: Message = {
  messageId: 'm',
  parentMessageId: 'p',
  conversationId: 'c',
  sender: 'AI',
  text: 'hi',
  isCreatedByUser: false,
  endpoint: 'Demo',
  error: false,
  unfinished: false,
  createdAt: '',
  updatedAt: '',
};
const idle = { submitting: false, editing: false, isLatest: true };

describe('allowedActions', () => {
  it('offers continue only for the latest answer not finished with stop', () => {
    expect(allowedActions({ ...base, finish_reason: 'incomplete' }, endpoints, idle).continue).toBe(true);
    expect(allowedActions({ ...base, finish_reason: 'length' }, endpoints, idle).continue).toBe(true);
    expect(allowedActions({ ...base, finish_reason: 'stop' }, endpoints, idle).continue).toBe(false);
    expect(allowedActions({ ...base }, endpoints, idle).continue).toBe(false);
    expect(
      allowedActions({ ...base, finish_reason: 'length' }, endpoints, { ...idle, isLatest: false }).continue,
    ).toBe(false);
  });
  it('shows only regenerate on an error message', () => {
    expect(allowedActions({ ...base, error: true }, endpoints, idle)).toEqual({
      copy: false,
      edit: false,
      regenerate: true,
      continue: false,
      feedback: false,
    });
  });
  it('hides edit and regenerate while submitting', () => {
    const a = allowedActions(base, endpoints, { ...idle, submitting: true });
    expect(a.edit).toBe(false);
    expect(a.regenerate).toBe(false);
  });
  it('does not edit answers of non-editable endpoints but still edits user messages', () => {
    expect(allowedActions({ ...base, endpoint: 'assistants' }, endpoints, idle).edit).toBe(false);
    expect(
      allowedActions({ ...base, endpoint: 'assistants', isCreatedByUser: true }, endpoints, idle).edit,
    ).toBe(true);
  });
});
