// Contract: the bytes of the `attachment` stream event as the stream protocol fixes them (docs/protocol.md), for
// the request a LibreChat client sends (the plain chat path, no resumable header, the ephemeral
// agent's execute_code switch on): `event: attachment` and one `data:` line holding a file with
// file_id, filename, filepath, type, messageId, toolCallId and conversationId.
import { NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { ChatFixture } from '../chat/chat-fixture.ts';
import { useImageChatServer } from '../image-gen/image-chat-fixture.ts';

const CODE = "require('fs').writeFileSync('/mnt/data/result.json', '{\"ok\":true}');";

/** The raw events of an SSE body: their `event:` name and the JSON of their `data:` line. */
function rawEvents(body: string): { name: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const lines = block.split('\n');
      const name = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length) ?? 'message';
      const data = lines.filter((l) => l.startsWith('data: '));
      expect(data, 'one data line per event').toHaveLength(1);
      return { name, data: JSON.parse(data[0]!.slice('data: '.length)) as Record<string, unknown> };
    });
}

describe('contract: event: attachment', () => {
  let chat: ChatFixture;
  useImageChatServer({}, (started) => (chat = started));

  it('is sent as PROTOCOL.md says, between the tool step and the final', async () => {
    const res = await chat.server.api('/api/agents/chat/Tools', {
      method: 'POST',
      token: chat.alice.token,
      json: {
        text: `execute_code ${JSON.stringify({ lang: 'js', code: CODE })}`,
        sender: 'User',
        isCreatedByUser: true,
        clientTimestamp: '2026-01-01T10:00:00',
        parentMessageId: NO_PARENT,
        conversationId: null,
        messageId: 'client-temp-id',
        endpoint: 'Tools',
        model: 'tools-named',
        isTemporary: false,
        isRegenerate: false,
        isContinued: false,
        editedContent: null,
        ephemeralAgent: { mcp: [], web_search: false, execute_code: true },
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = rawEvents(await res.text());
    const attachments = events.filter((e) => e.name === 'attachment');
    expect(attachments).toHaveLength(1);
    const final = events.find((e) => e.data.final === true)!.data as {
      responseMessage: { messageId: string };
      conversation: { conversationId: string };
    };
    const file = attachments[0]!.data;
    expect(Object.keys(file)).toEqual(
      expect.arrayContaining([
        'file_id',
        'filename',
        'filepath',
        'type',
        'messageId',
        'toolCallId',
        'conversationId',
      ]),
    );
    expect(file).toMatchObject({
      filename: 'result.json',
      messageId: final.responseMessage.messageId,
      conversationId: final.conversation.conversationId,
    });
    const step = events.find((e) => (e.data as { event?: string }).event === 'on_run_step_completed')!
      .data as { data: { result: { tool_call: { id: string } } } };
    expect(file.toolCallId).toBe(step.data.result.tool_call.id);
    const order = (e: (typeof events)[number]) => events.indexOf(e);
    expect(order(attachments[0]!)).toBeGreaterThan(
      events.findIndex((e) => (e.data as { event?: string }).event === 'on_run_step_completed'),
    );
    expect(order(attachments[0]!)).toBeLessThan(events.findIndex((e) => e.data.final === true));
  }, 60_000);
});
