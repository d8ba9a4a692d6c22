import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { providerEnv } from '../providers/provider-env.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, pngBomb, runFileSearch, storedBlobs, uploadFile } from './file-fixtures.ts';
import { scannedPdf, textPicture } from './scan-fixtures.ts';

type Uploaded = { file_id: string; filename: string; type: string; filepath: string; embedded: boolean };
const entry = (file: Uploaded) => ({
  file_id: file.file_id,
  filename: file.filename,
  type: file.type,
  filepath: file.filepath,
});
/** OCR output with its line breaks made spaces, for matching. */
const flat = (text: string) => text.replace(/\\n|\s+/g, ' ');
const agentsCapabilities = async (server: TestServer, user: TestUser) =>
  (
    (await jsonOf(await server.api('/api/endpoints', { token: user.token }))) as {
      agents: { capabilities: string[] };
    }
  ).agents.capabilities;

describe('OCR on (parley.yaml ocr: { strategy: local_tesseract })', () => {
  let f: ProviderFixture;
  beforeAll(async () => {
    f = await startProviderFixture({
      env: (url) => ({ ...providerEnv(url), FILE_UPLOAD_USER_MAX: '1000' }),
      yaml: () => 'version: 1.2.8\nocr:\n  strategy: local_tesseract\n  timeoutSeconds: 60\n',
    });
  }, 60_000);
  afterAll(() => f.stop());

  const upload = async (
    content: Buffer,
    filename: string,
    type: string,
    fields: Record<string, string> = {},
  ) => {
    const res = await uploadFile(f.server, f.user, content, filename, { type, fields });
    const body = await jsonOf(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body as Uploaded;
  };

  it('lists ocr among the agents capabilities', async () => {
    expect(await agentsCapabilities(f.server, f.user)).toContain('ocr');
  });

  it('a picture uploaded as text reaches the model as its text, not as a picture, and its chip says read in full', async () => {
    const picture = await upload(
      textPicture(['Delivery note for the harbour', 'Crate code MARKER OCR 5521']),
      'note.png',
      'image/png',
      { tool_resource: 'ocr' },
    );
    expect(picture.embedded).toBe(true);
    const question = 'What is the crate code on the note?';
    const final = finalOf(
      await f.chat('openAI', { model: 'gpt-4o-mini', text: question, files: [entry(picture)] }),
    );
    const body = JSON.stringify(f.requestWith(question).body);
    expect(flat(body)).toContain('MARKER OCR 5521');
    expect(body).toContain('note.png');
    // Given as text: no picture part was sent.
    expect(body).not.toContain('image_url');
    expect(final.requestMessage.files).toEqual([{ ...entry(picture), read_as: 'full_text' }]);
    // Read once at upload and kept beside the picture; deleting the file removes both.
    expect(storedBlobs(f.server).filter((b) => b.includes(picture.file_id))).toHaveLength(2);
    const deleted = await f.server.api('/api/files', {
      method: 'DELETE',
      token: f.user.token,
      json: { files: [{ file_id: picture.file_id }] },
    });
    expect(deleted.status).toBe(200);
    expect(storedBlobs(f.server).filter((b) => b.includes(picture.file_id))).toEqual([]);
  }, 60_000);

  it("a scanned PDF page is read by OCR and reaches the model; the typed page's text is read as it is", async () => {
    const pdf = await upload(
      scannedPdf([
        { text: 'Typed cover page MARKER TYPED 3307' },
        { scan: ['Scanned appendix lists MARKER SCANNED 8812'] },
      ]),
      'appendix.pdf',
      'application/pdf',
    );
    const question = 'What does the appendix list?';
    const final = finalOf(
      await f.chat('openAI', { model: 'gpt-4o-mini', text: question, files: [entry(pdf)] }),
    );
    const body = flat(JSON.stringify(f.requestWith(question).body));
    expect(body).toContain('MARKER TYPED 3307');
    expect(body).toContain('MARKER SCANNED 8812');
    expect(body).toContain('[page 2]');
    expect(final.requestMessage.files[0].read_as).toBe('full_text');
  }, 60_000);

  it('a picture uploaded for file search is searchable by the text OCR read in it', async () => {
    const picture = await upload(
      textPicture(['Whiteboard photo', 'The ferry leaves at seven from pier nine']),
      'whiteboard.jpg',
      'image/jpeg',
      { tool_resource: 'file_search', conversationId: 'conv-ocr' },
    );
    expect(picture.embedded).toBe(true);
    const found = await runFileSearch(f.server, f.user.id, 'conv-ocr', 'when does the ferry leave');
    expect(found.results[0]).toMatchObject({ filename: 'whiteboard.jpg' });
    expect(flat(found.results[0]!.content)).toContain('ferry leaves at seven');
  }, 60_000);

  it('a picture uploaded to be seen is not read by OCR: it goes to the model as a picture', async () => {
    const picture = await upload(textPicture(['Just a photo']), 'photo.png', 'image/png');
    expect(picture.embedded).toBe(false);
    expect(storedBlobs(f.server).filter((b) => b.includes(picture.file_id))).toHaveLength(1);
  });

  it('refuses a picture that cannot be read as text with a clear 400, leaving nothing stored', async () => {
    const before = storedBlobs(f.server).length;
    const bomb = await uploadFile(f.server, f.user, pngBomb(), 'bomb.png', {
      type: 'image/png',
      fields: { tool_resource: 'ocr' },
    });
    expect(bomb.status).toBe(400);
    expect((await jsonOf(bomb)).message).toMatch(/too large in pixels/);
    const png = textPicture(['cut short']);
    const cut = await uploadFile(f.server, f.user, png.subarray(0, png.length >> 1), 'cut.png', {
      type: 'image/png',
      fields: { tool_resource: 'ocr' },
    });
    expect(cut.status).toBe(400);
    expect((await jsonOf(cut)).message).not.toMatch(/\/|node_modules|Error:/);
    expect(storedBlobs(f.server)).toHaveLength(before);
  });
});

describe('OCR off (no ocr section)', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { OPENAI_API_KEY: 'sk-test' } });
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('does not list ocr among the agents capabilities', async () => {
    expect(await agentsCapabilities(server, ann)).not.toContain('ocr');
  });

  it('refuses a picture uploaded as text with what to do instead, and keeps nothing', async () => {
    const res = await uploadFile(server, ann, textPicture(['Hello']), 'hello.png', {
      type: 'image/png',
      fields: { tool_resource: 'ocr' },
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).message).toBe(
      '"hello.png" was not uploaded. Text is read from pictures only where OCR is turned on, and it is off on this server. Upload the picture as an image instead.',
    );
    expect(storedBlobs(server)).toEqual([]);
  });

  it('still takes the same picture as an image', async () => {
    const res = await uploadFile(server, ann, textPicture(['Hello']), 'hello.png', { type: 'image/png' });
    expect(res.status).toBe(201);
  });
});
