import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, storedBlobs, uploadFile } from './file-fixtures.ts';

const rowsOf = async (server: TestServer, user: TestUser) =>
  (await server.ctx.db.select({ n: count() }).from(files).where(eq(files.userId, user.id)))[0]!.n;

const forFileSearch = { fields: { tool_resource: 'file_search', conversationId: 'conv-fs' } };

describe('uploads for file search need FILE_SEARCH.USE', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { FILE_UPLOAD_USER_MAX: '1000' } });
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('accepts them while the role allows file search and refuses them (storing nothing) when it does not', async () => {
    const ok = await uploadFile(server, ann, 'Tide tables for March.', 'tides.txt', forFileSearch);
    expect(ok.status).toBe(201);
    expect(await jsonOf(ok)).toMatchObject({ embedded: true });

    await updateRolePermissions(server.ctx.db, 'USER', 'FILE_SEARCH', { USE: false });
    try {
      const before = { rows: await rowsOf(server, ann), blobs: storedBlobs(server).length };
      const refused = await uploadFile(server, ann, 'Tide tables for April.', 'april.txt', forFileSearch);
      expect(refused.status).toBe(403);
      expect((await jsonOf(refused)).message).toBe('You do not have permission to use file search.');
      expect(await rowsOf(server, ann)).toBe(before.rows);
      expect(storedBlobs(server)).toHaveLength(before.blobs);
      // An ordinary attachment is still allowed.
      expect((await uploadFile(server, ann, 'Just an attachment.', 'note.txt')).status).toBe(201);
    } finally {
      await updateRolePermissions(server.ctx.db, 'USER', 'FILE_SEARCH', { USE: true });
    }
  });
});

describe('uploads for file search while parley.yaml turns file search off', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ yaml: 'interface:\n  fileSearch: false\n' });
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('reports the flag off and refuses uploads for file search', async () => {
    const config = await jsonOf(await server.api('/api/config'));
    expect(config.interface.fileSearch).toBe(false);
    const refused = await uploadFile(server, ann, 'Tide tables.', 'tides.txt', forFileSearch);
    expect(refused.status).toBe(403);
    expect((await jsonOf(refused)).message).toBe('File search is turned off on this server.');
    expect(await rowsOf(server, ann)).toBe(0);
    expect(storedBlobs(server)).toEqual([]);
  });
});
