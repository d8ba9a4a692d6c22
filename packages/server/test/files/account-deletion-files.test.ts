import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, pngImage, uploadFile } from './file-fixtures.ts';

/** Uploads a document and an avatar for the user; answers the document's file id. */
async function storeFiles(server: TestServer, user: TestUser): Promise<string> {
  const doc = await uploadFile(server, user, 'my notes\n', 'notes.md', { type: 'text/markdown' });
  expect(doc.status).toBe(201);
  const avatar = await uploadFile(server, user, await pngImage(64, 64), 'me.png', {
    type: 'image/png',
    path: '/api/files/images/avatar',
  });
  expect(avatar.status).toBe(200);
  return ((await jsonOf(doc)) as { file_id: string }).file_id;
}

const deleteAccount = (server: TestServer, user: TestUser) =>
  server.api('/api/user/delete', { method: 'DELETE', token: user.token });

describe("a deleted account's files (local storage)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('removes DATA_DIR/files/<user id>/ with the account, and nobody else’s files', async () => {
    const doomed = await createTestUser(server);
    const bystander = await createTestUser(server);
    await storeFiles(server, doomed);
    const kept = await storeFiles(server, bystander);
    const dir = (user: TestUser) => join(server.dataDir, 'files', user.id);
    expect(existsSync(dir(doomed))).toBe(true);

    const res = await deleteAccount(server, doomed);
    expect(res.status).toBe(200);
    expect(existsSync(dir(doomed))).toBe(false);
    expect(existsSync(join(dir(bystander), kept))).toBe(true);
  });

  it('deletes an account whose blobs are already gone', async () => {
    const user = await createTestUser(server);
    await storeFiles(server, user);
    const { rmSync } = await import('node:fs');
    rmSync(join(server.dataDir, 'files', user.id), { recursive: true });
    expect((await deleteAccount(server, user)).status).toBe(200);
  });
});

describe("a deleted account's files (S3 storage)", () => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer({ env: s3.env });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('removes every object of the account from the bucket, and nobody else’s', async () => {
    const doomed = await createTestUser(server);
    const bystander = await createTestUser(server);
    await storeFiles(server, doomed);
    const kept = await storeFiles(server, bystander);
    const ofUser = async (user: TestUser) => (await s3.keys()).filter((k) => k.startsWith(`${user.id}/`));
    expect((await ofUser(doomed)).length).toBeGreaterThanOrEqual(2);

    expect((await deleteAccount(server, doomed)).status).toBe(200);
    expect(await ofUser(doomed)).toEqual([]);
    expect(await ofUser(bystander)).toContain(`${bystander.id}/${kept}`);
  });
});
