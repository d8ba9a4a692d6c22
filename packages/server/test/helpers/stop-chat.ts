import { expect } from 'vitest';
import { jsonOf } from '../chat/sse-client.ts';
import type { TestServer } from './test-server.ts';

/**
 * Stops the conversation's running answer as the stop button does and returns the stop's
 * answer (its `responseMessage` is what was saved); the stop itself must succeed.
 */
export async function stopChat(server: TestServer, token: string, conversationId: string) {
  const res = await server.api('/api/agents/chat/abort', { method: 'POST', token, json: { conversationId } });
  expect(res.status).toBe(200);
  return jsonOf(res);
}
