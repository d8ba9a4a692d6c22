import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { uploadFile } from '../files/file-fixtures.ts';
import { fixture, upload } from './import-helpers.ts';

/** parley.yaml's `rateLimits.conversationsImport` caps imports per user and per IP. */
describe('import rate limits from parley.yaml', () => {
  let server: TestServer;
  let ann: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    server = await startTestServer({
      yaml: `version: 1.2.8
rateLimits:
  conversationsImport:
    userMax: 2
    userWindowInMinutes: 10
    ipMax: 3
    ipWindowInMinutes: 10
`,
    });
    ann = await createTestUser(server);
    ben = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('refuses the import past the per-user cap with a 429 and Retry-After', async () => {
    const file = fixture('librechat-linear.json');
    expect((await upload(server, ann, file)).status).toBe(201);
    expect((await upload(server, ann, file)).status).toBe(201);
    const refused = await upload(server, ann, file);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({
      type: 'file_upload_limit',
      message: 'Too many conversation imports, please try again after 10 minutes.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The per-IP cap (3) is reached by the next user's first import from the same address.
    expect((await upload(server, ben, file)).status).toBe(429);
  });
});

/** Imports and uploads each count on their own counters, though both answer `file_upload_limit`. */
describe('import and upload rate limits are counted apart', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer({
      yaml: `version: 1.2.8
rateLimits:
  fileUploads:
    userMax: 1
    ipMax: 1
  conversationsImport:
    userMax: 1
    ipMax: 1
`,
    });
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('an upload does not use up the import allowance, nor an import the upload allowance', async () => {
    const uploaded = await uploadFile(server, ann, 'plain notes', 'notes.txt', { type: 'text/plain' });
    expect(uploaded.status).toBeLessThan(300);
    expect((await upload(server, ann, fixture('librechat-linear.json'))).status).toBe(201);
    // Each allowance of one is now spent, on its own counter.
    const secondUpload = await uploadFile(server, ann, 'more notes', 'more.txt', { type: 'text/plain' });
    expect(secondUpload.status).toBe(429);
    expect(await json(secondUpload)).toMatchObject({ message: expect.stringMatching(/file uploads/) });
    const secondImport = await upload(server, ann, fixture('librechat-linear.json'));
    expect(secondImport.status).toBe(429);
    expect(await json(secondImport)).toMatchObject({
      message: expect.stringMatching(/conversation imports/),
    });
  });
});
