// An agent's avatar upload: stored as user avatars are (checked, cropped, WebP, served without
// sign-in), set as a new version of the agent; refused for anyone who may not edit the agent, and
// for bad pictures, with nothing left stored.
import type { Agent } from '@parley/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, jsonOf, pngBomb, pngImage, storedBlobs, uploadFile } from '../files/file-fixtures.ts';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { agentClient } from './agent-client.ts';

let server: TestServer;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer({
    yaml: 'fileConfig:\n  avatarSizeLimit: 0.05\n',
    env: { FILE_UPLOAD_USER_MAX: '1000' },
  });
  ann = await createTestUser(server);
  bob = await createTestUser(server);
});
afterAll(() => server.stop());

const path = (agentId: string) => `/api/files/images/agents/${agentId}/avatar`;
const upload = (
  user: TestUser,
  agentId: string,
  content: Buffer | string,
  name: string,
  type = 'image/png',
) => uploadFile(server, user, content, name, { path: path(agentId), type, fields: { manual: 'true' } });

describe('agent avatar', () => {
  it('stores the picture, serves it, and sets it as a new version of the agent', async () => {
    const agents = agentClient(server);
    const agent = await agents.create(ann);
    const res = await upload(ann, agent.id, await pngImage(400, 300), 'logo.png');
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await jsonOf(res)) as Agent;
    expect(saved.version).toBe(2);
    expect(saved.avatar!.filepath).toMatch(new RegExp(`^/api/files/avatars/${ann.id}/[0-9a-f-]{36}$`));
    const picture = await fetch(new URL(saved.avatar!.filepath, server.url));
    expect(picture.status).toBe(200);
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 250, 250]);
    // The user's own avatar is untouched, and a later user avatar does not remove the agent's.
    expect((await jsonOf(await server.api('/api/user', { token: ann.token }))).avatar).toBeNull();
    const own = await uploadFile(server, ann, await jpegImage(260, 260), 'me.jpeg', {
      path: '/api/files/images/avatar',
      type: 'image/jpeg',
      fields: { manual: 'true' },
    });
    expect(own.status).toBe(200);
    expect((await fetch(new URL(saved.avatar!.filepath, server.url))).status).toBe(200);
    expect((await agents.get(ann, agent.id)).avatar).toEqual(saved.avatar);
  });

  it("refuses another user's agent (404), an agent they may only use (403), and leaves nothing stored", async () => {
    const agents = agentClient(server);
    const agent = await agents.create(ann);
    const before = storedBlobs(server).length;
    const hidden = await upload(bob, agent.id, await pngImage(100, 100), 'x.png');
    expect(hidden.status).toBe(404);
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', { SHARED_GLOBAL: true });
    await agents.shareToAll(ann, agent.id);
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', { SHARED_GLOBAL: false });
    const shared = await upload(bob, agent.id, await pngImage(100, 100), 'x.png');
    expect(shared.status).toBe(403);
    const badId = await upload(ann, 'not-an-agent', await pngImage(100, 100), 'x.png');
    expect(badId.status).toBe(400);
    expect(storedBlobs(server).length).toBe(before);
  });

  it('refuses pictures that are too large, not pictures, or bombs, and the agent keeps its version', async () => {
    const agents = agentClient(server);
    const agent = await agents.create(ann);
    const before = storedBlobs(server).length;
    const big = await sharp(Buffer.alloc(300 * 300 * 3, 7), { raw: { width: 300, height: 300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect((await upload(ann, agent.id, big, 'big.png')).status).toBe(413);
    expect((await upload(ann, agent.id, '<svg onload=alert(1)>', 'x.svg', 'image/svg+xml')).status).toBe(400);
    expect((await upload(ann, agent.id, pngBomb(), 'bomb.png')).status).toBe(400);
    expect((await agents.get(ann, agent.id)).version).toBe(1);
    expect(storedBlobs(server).length).toBe(before);
  });
});
