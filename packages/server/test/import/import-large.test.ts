import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { upload } from './import-helpers.ts';

const WORDS =
  'the quick brown fox jumps over a lazy dog while seven wizards quietly judge boxing matches'.split(' ');

/** A ChatGPT export of `conversations` × `perConversation` messages of about 1 kB each, as chunks. */
function chatGptExport(conversations: number, perConversation: number): string[] {
  const text = (seed: number) =>
    Array.from({ length: 180 }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ');
  const chunks = ['['];
  for (let c = 0; c < conversations; c++) {
    const mapping: Record<string, unknown> = {
      root: { id: 'root', message: null, parent: null, children: ['m0'] },
    };
    for (let i = 0; i < perConversation; i++) {
      mapping[`m${i}`] = {
        id: `m${i}`,
        message: {
          id: `m${i}`,
          author: { role: i % 2 ? 'assistant' : 'user' },
          content: { content_type: 'text', parts: [`${c}-${i} ${text(c + i)}`] },
          create_time: 1700000000 + c * 1000 + i,
          metadata: {},
        },
        parent: i ? `m${i - 1}` : 'root',
        children: i + 1 < perConversation ? [`m${i + 1}`] : [],
      };
    }
    chunks.push(
      (c ? ',' : '') +
        JSON.stringify({ title: `Generated ${c}`, create_time: 1700000000 + c * 1000, mapping }),
    );
  }
  chunks.push(']');
  return chunks;
}

describe('a large import', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('streams a 20 MB ChatGPT export and adds all of it', { timeout: 300_000 }, async () => {
    const user = await createTestUser(server);
    const chunks = chatGptExport(200, 90);
    const bytes = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    expect(bytes).toBeGreaterThan(20 * 1024 * 1024);
    const res = await upload(server, user, chunks, 'conversations.json');
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ conversations: 200, messages: 18_000 });
    const search = await server.api('/api/messages?search=%22199-89%22', { token: user.token });
    expect(((await search.json()) as { messages: unknown[] }).messages).toHaveLength(1);
  });
});
