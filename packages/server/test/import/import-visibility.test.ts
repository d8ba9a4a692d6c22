import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, pendingImports } from '../../src/db/schema/index.ts';
import { ImportWriter } from '../../src/services/import/import-writer.ts';
import { newImportId } from '../../src/services/import/import-ids.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { conversationsOf, upload } from './import-helpers.ts';

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
    await writer.begin();
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
    await aborted.begin();
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

  it('deletes an import left pending by a stopped process when the user imports again', async () => {
    const ben = await createTestUser(server);
    const stale = new ImportWriter(server.ctx.db, ben.id, newImportId());
    await stale.begin();
    const open = await stale.startConversation({ title: 'Abandoned' });
    await stale.addMessage(open, {
      sourceId: 'a',
      parentSourceId: null,
      text: 'left over',
      isCreatedByUser: true,
      sender: 'x',
    });
    await stale.flush();
    await server.ctx.db
      .update(pendingImports)
      .set({ startedAt: new Date(Date.now() - 7 * 3600_000) })
      .where(eq(pendingImports.importId, stale.importId));
    const file = JSON.stringify([{ name: 'Fresh', messages: [{ role: 'user', content: 'hello' }] }]);
    expect((await upload(server, ben, file)).status).toBe(201);
    const rows = await server.ctx.db.select().from(conversations).where(eq(conversations.userId, ben.id));
    expect(rows.map((r) => r.title)).toEqual(['Fresh']);
  });
});
