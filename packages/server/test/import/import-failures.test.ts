import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/db/schema/index.ts';
import { json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { conversationsOf, fixture, upload } from './import-helpers.ts';

describe('import failures', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  /** Every conversation row of the user, pending imports included. */
  const allRows = async (user: TestUser) =>
    (
      await server.ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.userId, user.id))
    )[0]!.n;

  async function expectUnsupported(res: Response) {
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ message: 'Unsupported import type' });
  }

  it('refuses broken, unsupported, empty and non-JSON files with the file-type error', async () => {
    await expectUnsupported(await upload(server, ann, fixture('broken.json')));
    await expectUnsupported(await upload(server, ann, fixture('unsupported.json')));
    await expectUnsupported(await upload(server, ann, ''));
    await expectUnsupported(await upload(server, ann, '   '));
    await expectUnsupported(await upload(server, ann, '[]'));
    await expectUnsupported(await upload(server, ann, '"just a string"'));
    await expectUnsupported(await upload(server, ann, '{"history": []}'));
    await expectUnsupported(await upload(server, ann, '[1, 2, 3]'));
    await expectUnsupported(
      await upload(server, ann, '{"messages": [{"text": "x", "isCreatedByUser": true}]} extra'),
    );
    await expectUnsupported(await upload(server, ann, fixture('librechat-tree.json'), 'export.txt'));
    expect(await allRows(ann)).toBe(0);
  });

  it('refuses requests without a file', async () => {
    const res = await server.api('/api/convos/import', {
      method: 'POST',
      token: ann.token,
      json: { file: 'x' },
    });
    expect(res.status).toBe(400);
    const form = new FormData();
    form.append('note', 'no file here');
    const noFile = await server.api('/api/convos/import', { method: 'POST', token: ann.token, body: form });
    expect(noFile.status).toBe(400);
    expect((await server.api('/api/convos/import', { method: 'POST', body: form })).status).toBe(401);
  });

  it('adds nothing when a late part of a large file is bad: all or nothing', async () => {
    const good = Array.from({ length: 30 }, (_, c) => ({
      name: `Chat ${c}`,
      messages: Array.from({ length: 40 }, (_, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
      })),
    }));
    const file = JSON.stringify([...good, { unknown: 'shape' }]);
    await expectUnsupported(await upload(server, ann, file));
    expect(await allRows(ann)).toBe(0);
    // The same conversations without the bad one import fine.
    const res = await upload(server, ann, JSON.stringify(good));
    expect(await json(res)).toMatchObject({ conversations: 30, messages: 1200 });
    expect(await allRows(ann)).toBe(30);
  });

  it('strips NUL characters instead of failing', async () => {
    const eve = await createTestUser(server);
    const file = JSON.stringify([
      { name: 'Nul\u0000title', messages: [{ role: 'user', content: 'a\u0000b' }] },
    ]);
    expect((await upload(server, eve, file)).status).toBe(201);
    expect((await conversationsOf(server, eve))[0]!.title).toBe('Nultitle');
  });
});
