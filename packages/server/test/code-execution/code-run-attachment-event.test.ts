// The `attachment` stream event (the stream event announcing a tool-made file): a file the execute_code tool writes while
// an answer is written is announced on the chat stream as `event: attachment`, right after the
// call's completed step and before the final, with the answer's, the call's and the
// conversation's ids; the saved answer keeps it in `attachments`, beside the memory step's notices.
import type { ParleyFile } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf } from '../chat/sse-client.ts';
import { askForTool, callOf, useImageChatServer } from '../image-gen/image-chat-fixture.ts';

const WRITE_TWO_FILES = [
  "const fs = require('fs');",
  "fs.writeFileSync('/mnt/data/report.csv', 'a,b\\n1,2');",
  "fs.writeFileSync('/mnt/data/notes.txt', 'hello');",
  "console.log('done');",
].join('\n');

describe('the attachment stream event', () => {
  let chat: ChatFixture;
  useImageChatServer({}, (started) => (chat = started));

  it('announces each file a code run wrote, then saves them on the answer', async () => {
    const events = await askForTool(chat, 'execute_code', { lang: 'js', code: WRITE_TWO_FILES }, [
      'execute_code',
    ]);
    const final = finalOf(events)!;
    const answerId = final.responseMessage.messageId as string;
    const conversationId = final.conversation.conversationId as string;
    const toolCallId = (callOf(events) as unknown as { id: string }).id;
    const attachments = events.filter((e) => e.event === 'attachment').map((e) => e.data as ParleyFile);
    expect(attachments.map((a) => a.filename).sort()).toEqual(['notes.txt', 'report.csv']);
    for (const a of attachments) {
      expect(a).toMatchObject({ messageId: answerId, conversationId, toolCallId });
      expect(a.file_id).toEqual(expect.any(String));
      expect(a.filepath).toEqual(expect.any(String));
      expect(a.type).toEqual(expect.any(String));
    }
    // After the call's completed step and before the final.
    const at = (match: (e: (typeof events)[number]) => boolean) => events.findIndex(match);
    const completed = at((e) => e.data?.event === 'on_run_step_completed');
    expect(completed).toBeGreaterThanOrEqual(0);
    expect(at((e) => e.event === 'attachment')).toBeGreaterThan(completed);
    expect(at((e) => e.data?.final === true)).toBeGreaterThan(at((e) => e.event === 'attachment'));
    // The final's answer and the saved answer carry them.
    expect(final.responseMessage.attachments).toEqual(attachments);
    const res = await chat.server.api(`/api/messages/${conversationId}`, { token: chat.alice.token });
    const saved = (await res.json()) as { messageId: string; attachments?: unknown }[];
    expect(saved.find((m) => m.messageId === answerId)!.attachments).toEqual(attachments);
    // Each is the caller's file: it downloads for her, not for another user.
    const mine = await chat.server.api(attachments[0]!.filepath, { token: chat.alice.token });
    expect(mine.status).toBe(200);
    const theirs = await chat.server.api(attachments[0]!.filepath, { token: chat.bob.token });
    expect([403, 404]).toContain(theirs.status);
  }, 60_000);

  it('sends no attachment event for a run that wrote no file, nor for a refused call', async () => {
    const quiet = await askForTool(chat, 'execute_code', { lang: 'js', code: "console.log('hi')" }, [
      'execute_code',
    ]);
    expect(quiet.filter((e) => e.event === 'attachment')).toEqual([]);
    expect(finalOf(quiet)!.responseMessage).not.toHaveProperty('attachments');
    // Bad input: a language that is not supported, and arguments of the wrong type.
    for (const args of [
      { lang: 'rust', code: 'fn main() {}' },
      { lang: 42, code: ['x'] },
    ]) {
      const refused = await askForTool(chat, 'execute_code', args, ['execute_code']);
      expect(refused.filter((e) => e.event === 'attachment')).toEqual([]);
      expect(callOf(refused).output).toMatch(/Error processing tool execute_code/);
    }
  }, 60_000);
});
