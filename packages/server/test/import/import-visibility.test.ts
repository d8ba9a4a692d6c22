import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportWriter } from '../../src/services/import/import-writer.ts';
import { newImportId } from '../../src/services/import/import-ids.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { conversationsOf } from './import-helpers.ts';

describe('an import in progress', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('is invisible to lists, reads and search until it commits; an abort leaves nothing', async () => {
    const ann = await createTestUser(server);
    const get = async (path: string) => server.api(path, { token: ann.token });
    const writer = new ImportWriter(server.ctx.db, ann.id, newImportId());
    const open = await writer.startConversation({ title: 'Pending platypus' });
    for (let i = 0; i < 250; i++) {
      await writer.addMessage(open, {
        sourceId: `s${i}`,
        parentSourceId: i ? `s${i - 1}` : null,
        text: `platypus ${i}`,
        isCreatedByUser: i % 2 === 0,
        sender: 'x',
      });
    }
    await writer.flush();
    expect(await conversationsOf(server, ann)).toEqual([]);
    expect((await get(`/api/convos/${open.conversationId}`)).status).toBe(404);
    expect((await get(`/api/messages/${open.conversationId}`)).status).toBe(404);
    expect(
      ((await (await get('/api/messages?search=platypus')).json()) as { messages: unknown[] }).messages,
    ).toEqual([]);
    expect(
      ((await (await get('/api/convos?search=platypus')).json()) as { conversations: unknown[] })
        .conversations,
    ).toEqual([]);

    await writer.commit();
    expect((await conversationsOf(server, ann)).map((c) => c.title)).toEqual(['Pending platypus']);
    expect(
      ((await (await get('/api/messages?search=platypus')).json()) as { messages: unknown[] }).messages,
    ).toHaveLength(25);

    const aborted = new ImportWriter(server.ctx.db, ann.id, newImportId());
    const other = await aborted.startConversation({ title: 'Never' });
    await aborted.addMessage(other, {
      sourceId: 'a',
      parentSourceId: null,
      text: 'gone',
      isCreatedByUser: true,
      sender: 'x',
    });
    await aborted.abort();
    expect((await conversationsOf(server, ann)).map((c) => c.title)).toEqual(['Pending platypus']);
  });
});
