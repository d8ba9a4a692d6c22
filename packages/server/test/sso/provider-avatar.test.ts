import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededPng } from '@parley/llm-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { copyProviderAvatar, type ProviderAvatarDeps } from '../../src/services/sso/provider-avatar.ts';
import { findUserById } from '../../src/services/users/user-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';

/**
 * An identity provider's avatar address is copied into Parley's storage at sign-in (the sign-in
 * flows call copyProviderAvatar after resolving the account). The provider's picture server is
 * played by a local server on 127.0.0.2, which the server's allow-list admits as an operator
 * would admit a host; 127.0.0.1 stands for a private address that must not be reached.
 */
let server: TestServer;
let pictureHost: Server;
let privateHost: Server;
let base: string;
let privateHits = 0;
let deps: ProviderAvatarDeps;

beforeAll(async () => {
  pictureHost = createServer((req, res) => {
    if (req.url === '/drawing.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      return void res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(seededPng('provider-avatar', 64, 64));
  });
  await new Promise<void>((resolve) => pictureHost.listen(0, '127.0.0.2', resolve));
  const port = (pictureHost.address() as AddressInfo).port;
  base = `http://127.0.0.2:${port}`;
  privateHost = createServer((_req, res) => {
    privateHits++;
    res.end();
  });
  await new Promise<void>((resolve) => privateHost.listen(port, '127.0.0.1', resolve));
  server = await startTestServer({ env: { USER_BASE_URL_ALLOWLIST: '127.0.0.2' } });
  deps = {
    db: server.ctx.db,
    blobStore: server.ctx.blobStore,
    logger: server.ctx.logger,
    images: server.engines.images,
    avatarSizeLimit: 2 * 1024 * 1024,
  };
});
afterAll(async () => {
  await server.stop();
  pictureHost.close();
  privateHost.close();
});

async function userWithAvatar(avatar: string | null) {
  const { id } = await createTestUser(server);
  await server.ctx.db.update(users).set({ avatar }).where(eq(users.id, id));
  return (await findUserById(server.ctx.db, id))!;
}

const storedAvatar = async (id: string) => (await findUserById(server.ctx.db, id))!.avatar;

describe('copyProviderAvatar', () => {
  it('copies the picture into Parley and points the account at the copy', async () => {
    const user = await userWithAvatar(`${base}/me.png`);
    const copied = await copyProviderAvatar(deps, user);
    expect(copied.avatar).toMatch(new RegExp(`^/api/files/avatars/${user.id}/[0-9a-f-]{36}$`));
    expect(await storedAvatar(user.id)).toBe(copied.avatar);
    const picture = await server.api(copied.avatar!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });

  it('leaves no avatar, never the address, when the picture is refused', async () => {
    for (const address of [`${base}/drawing.svg`, base.replace('127.0.0.2', '127.0.0.1') + '/me.png']) {
      const user = await userWithAvatar(address);
      expect((await copyProviderAvatar(deps, user)).avatar, address).toBeNull();
      expect(await storedAvatar(user.id)).toBeNull();
    }
    expect(privateHits).toBe(0);
  });

  it('keeps an avatar Parley already serves', async () => {
    const user = await userWithAvatar('/api/files/avatars/x/y');
    expect((await copyProviderAvatar(deps, user)).avatar).toBe('/api/files/avatars/x/y');
  });
});
