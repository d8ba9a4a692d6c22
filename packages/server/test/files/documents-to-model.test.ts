import { NO_PARENT } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../chat/sse-client.ts';
import { finalOf, startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { providerEnv } from '../providers/provider-env.ts';
import { agentClient } from '../agents/agent-client.ts';
import { files } from '../../src/db/schema/index.ts';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { docxDocument, pdfDocument, zipArchive } from './document-fixtures.ts';
import { jsonOf, uploadFile } from './file-fixtures.ts';

/** An echo model on every provider kind (the simulator records each request it receives). */
const env = (url: string) => ({
  ...providerEnv(url),
  OPENAI_MODELS: 'gpt-4o-mini,file-search',
});
const yaml = (url: string) => `
version: 1.2.8
endpoints:
  custom:
    - name: Local
      apiKey: sk-local
      baseURL: ${url}/v1
      models: { default: [echo] }
`;

const KINDS = [
  { endpoint: 'openAI', model: 'gpt-4o-mini' },
  { endpoint: 'openAI', model: 'gpt-4o-mini', extra: { useResponsesApi: true } },
  { endpoint: 'anthropic', model: 'claude-3-5-sonnet/echo' },
  { endpoint: 'google', model: 'echo' },
  { endpoint: 'bedrock', model: 'anthropic.claude-3-5-sonnet-20240620-v1:0' },
  { endpoint: 'Local', model: 'echo' },
];

type Uploaded = { file_id: string; filename: string; type: string; filepath: string };

/**
 * A long report: 80 paragraphs of routine notes, each with a marker of its own, far more than a
 * small context's document budget; paragraph 57 alone says how many zebras the herd counted.
 */
function longReport(tag: string): string {
  return Array.from({ length: 80 }, (_, i) =>
    i === 57
      ? `Paragraph 57. At noon the herd counted 14 zebras near the river. ZEBRA-${tag}`
      : `Paragraph ${i}. ROUTINE-${tag}-${i} ${'Fences checked, water troughs filled, tracks logged on the northern plain. '.repeat(4)}`,
  ).join('\n\n');
}

describe('attached documents reach the model', () => {
  let f: ProviderFixture;
  beforeAll(async () => {
    f = await startProviderFixture({ env, yaml });
  });
  afterAll(() => f.stop());

  const upload = async (content: string | Buffer, filename: string, fields: Record<string, string> = {}) =>
    (await jsonOf(
      await uploadFile(f.server, f.user, content, filename, {
        ...(typeof content === 'string' ? { type: 'text/plain' } : {}),
        fields,
      }),
    )) as Uploaded;
  const entry = (file: Uploaded) => ({
    file_id: file.file_id,
    filename: file.filename,
    type: file.type,
    filepath: file.filepath,
  });
  /** The text of the simulator's request for the turn whose question is `question`. */
  const received = (question: string) => JSON.stringify(f.requestWith(question).body);
  /**
   * The user turns of that request (OpenAI's chat format): the echo model's earlier answers repeat
   * what it was given, so what the user turns carry is what was given this time.
   */
  const userTurns = (question: string) =>
    JSON.stringify(
      (f.requestWith(question).body as { messages: { role: string }[] }).messages.filter(
        (m) => m.role === 'user',
      ),
    );

  for (const kind of KINDS) {
    const name = `${kind.endpoint}${kind.extra ? ' (Responses API)' : ''}`;
    it(`${name}: a small text file is given in full, named, and its chip says so`, async () => {
      const marker = `MARKER-${kind.endpoint}-${kind.extra ? 'responses' : 'chat'}`;
      const file = await upload(
        `Inventory of the lighthouse.\nThe spare lens is ${marker}.`,
        'inventory.txt',
      );
      const question = `What is the spare lens? (${name})`;
      const final = finalOf(
        await f.chat(kind.endpoint, {
          model: kind.model,
          text: question,
          files: [entry(file)],
          ...kind.extra,
        }),
      );
      expect(final, JSON.stringify(final)).toBeDefined();
      const body = received(question);
      expect(body).toContain(marker);
      expect(body).toContain('inventory.txt');
      expect(final.requestMessage.files).toEqual([{ ...entry(file), read_as: 'full_text' }]);
    });
  }

  it('reads PDF and DOCX uploaded as text (tool resource ocr) and gives their text', async () => {
    const pdf = await upload(
      pdfDocument(['Harbour log.', 'The buoy is painted MARKER-PDF-VERMILION.']),
      'log.pdf',
      {
        tool_resource: 'ocr',
      },
    );
    const docx = await upload(
      docxDocument(['Minutes.', 'The dredger is named MARKER-DOCX-CALYPSO.']),
      'minutes.docx',
    );
    const final = finalOf(
      await f.chat('openAI', {
        model: 'gpt-4o-mini',
        text: 'colours and names?',
        files: [entry(pdf), entry(docx)],
      }),
    );
    const body = received('colours and names?');
    expect(body).toContain('MARKER-PDF-VERMILION');
    expect(body).toContain('[page 2]');
    expect(body).toContain('MARKER-DOCX-CALYPSO');
    expect(final.requestMessage.files.map((e: { read_as: string }) => e.read_as)).toEqual([
      'full_text',
      'full_text',
    ]);
  });

  it('a stored file Parley does not read (an archive) is sent to no model and its chip says "not read"', async () => {
    const zip = await upload(
      zipArchive([{ name: 'inside.txt', data: Buffer.from('MARKER-IN-ZIP') }]),
      'bundle.zip',
    );
    expect(zip.type).toBe('application/zip');
    const final = finalOf(
      await f.chat('openAI', { model: 'gpt-4o-mini', text: 'what is in the bundle?', files: [entry(zip)] }),
    );
    expect(received('what is in the bundle?')).not.toContain('MARKER-IN-ZIP');
    expect(final.requestMessage.files).toEqual([{ ...entry(zip), read_as: 'not_read' }]);
  });

  it('a document over the budget is searched: the passages answering the question are given, not the whole text', async () => {
    const file = await upload(longReport('BIG'), 'report.txt');
    const question = 'How many zebras did the herd count?';
    const final = finalOf(
      await f.chat('openAI', {
        model: 'gpt-4o-mini',
        text: question,
        files: [entry(file)],
        // A small context: the report (about 2,000 tokens) is far over a quarter of it.
        maxContextTokens: 2000,
      }),
    );
    const body = received(question);
    expect(body).toContain('ZEBRA-BIG');
    expect(body).toContain('report.txt');
    // Only a few passages: most of the routine paragraphs stay out.
    const routine = body.match(/ROUTINE-BIG-\d+/g) ?? [];
    expect(new Set(routine).size).toBeLessThan(20);
    const [recorded] = final.requestMessage.files;
    expect(recorded.read_as).toBe('passages');
    expect(recorded.passages).toBeGreaterThanOrEqual(1);
    expect(recorded.passages).toBeLessThanOrEqual(8);
    // Saved with the message: the conversation's messages show the same chip.
    const messages = await jsonOf(
      await f.server.api(`/api/messages/${final.conversation.conversationId}`, { token: f.user.token }),
    );
    const saved = messages.find((m: { isCreatedByUser: boolean }) => m.isCreatedByUser);
    expect(saved.files[0]).toMatchObject({ read_as: 'passages', passages: recorded.passages });
  });

  it('a large indexed document is searched from its index, without reading the file again; a question matching none of it gets its opening', async () => {
    const file = await upload(longReport('INDEXED'), 'indexed.txt');
    // The stored bytes are gone: only the chunks indexed at upload can answer.
    const [row] = await f.server.ctx.db.select().from(files).where(eq(files.fileId, file.file_id));
    await f.server.ctx.blobStore.delete(row!.storageKey);
    const asked = finalOf(
      await f.chat('openAI', {
        model: 'gpt-4o-mini',
        text: 'indexed: how many zebras did the herd count?',
        files: [entry(file)],
        maxContextTokens: 2000,
      }),
    );
    expect(userTurns('indexed: how many zebras')).toContain('ZEBRA-INDEXED');
    expect(asked.requestMessage.files[0].read_as).toBe('passages');
    const opening = finalOf(
      await f.chat('openAI', {
        model: 'gpt-4o-mini',
        text: 'Summarise it please',
        files: [entry(file)],
        maxContextTokens: 2000,
      }),
    );
    expect(userTurns('Summarise it please')).toContain('ROUTINE-INDEXED-0 ');
    expect(opening.requestMessage.files[0].read_as).toBe('passages');
  });

  it('resendFiles: earlier documents are given again when on (a large one by its passages), not when off', async () => {
    const small = await upload('Tide table: high water at MARKER-RESEND-SMALL.', 'tides.txt');
    const big = await upload(longReport('RESEND'), 'report.txt');
    const first = finalOf(
      await f.chat('openAI', {
        model: 'gpt-4o-mini',
        text: 'first turn with files',
        files: [entry(small), entry(big)],
        maxContextTokens: 2000,
      }),
    );
    const follow = (text: string, extra: Record<string, unknown>) =>
      f.chat('openAI', {
        model: 'gpt-4o-mini',
        text,
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
        maxContextTokens: 2000,
        ...extra,
      });
    await follow('second turn: how many zebras did the herd count?', { resendFiles: true });
    const resent = userTurns('second turn: how many zebras');
    expect(resent).toContain('MARKER-RESEND-SMALL');
    expect(resent).toContain('ZEBRA-RESEND');
    // The large document is not given whole again.
    expect(new Set(resent.match(/ROUTINE-RESEND-\d+/g) ?? []).size).toBeLessThan(20);

    await follow('third turn without resending', { resendFiles: false });
    const notResent = userTurns('third turn without resending');
    expect(notResent).not.toContain('MARKER-RESEND-SMALL');
    expect(notResent).not.toContain('RESEND-');
  });

  it('an agent is given its tool_resources.ocr documents', async () => {
    const file = await upload(
      'Agent handbook: the password of the day is MARKER-AGENT-OCR.',
      'handbook.txt',
      {
        tool_resource: 'ocr',
      },
    );
    const agent = await agentClient(f.server).create(f.user, {
      tool_resources: { ocr: { file_ids: [file.file_id] } },
    });
    const events = await (
      await openStream(f.server, '/api/agents/chat/agents', {
        token: f.user.token,
        json: {
          text: 'agent, what is the word?',
          parentMessageId: NO_PARENT,
          conversationId: null,
          endpoint: 'agents',
          agent_id: agent.id,
        },
      })
    ).rest();
    expect(finalOf(events), JSON.stringify(events.at(-1))).toBeDefined();
    expect(received('agent, what is the word?')).toContain('MARKER-AGENT-OCR');
  });

  it('files uploaded for file search are searched for their message with the switch off, not pasted in', async () => {
    const file = await upload(longReport('SEARCHED'), 'survey.txt', { tool_resource: 'file_search' });
    const events = await f.chat('openAI', {
      model: 'file-search',
      text: 'how many zebras did the herd count',
      files: [entry(file)],
      // The conversation's file search switch is off.
      ephemeralAgent: { file_search: false },
    });
    const final = finalOf(events);
    // The model was offered the tool, called it, and its passages came back for the answer.
    const firstCall = received('how many zebras did the herd count');
    expect(firstCall).toContain('file_search');
    expect(final.responseMessage.text).toMatch(/^I found \d+ matching passages/);
    expect(JSON.stringify(final.responseMessage.content)).toContain('ZEBRA-SEARCHED');
    // Its text is not given as a document.
    const question = f.requests.find((r) =>
      JSON.stringify(r.body).includes('how many zebras did the herd count'),
    );
    expect(JSON.stringify(question!.body)).not.toContain('ROUTINE-SEARCHED');
    expect(final.requestMessage.files[0].read_as).toBeUndefined();
  });

  it('does not offer file search for such files once the role may no longer use it', async () => {
    const file = await upload('Survey notes: MARKER-REVOKED.', 'revoked.txt', {
      tool_resource: 'file_search',
    });
    await updateRolePermissions(f.server.ctx.db, 'USER', 'FILE_SEARCH', { USE: false });
    try {
      await f.chat('openAI', { model: 'file-search', text: 'search after revoking', files: [entry(file)] });
      // No tool named file_search, no call of it (the model's name is spelt file-search).
      expect(received('search after revoking')).not.toContain('file_search');
    } finally {
      await updateRolePermissions(f.server.ctx.db, 'USER', 'FILE_SEARCH', { USE: true });
    }
  });
});
