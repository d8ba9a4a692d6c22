// `npm run admin -- backup FILE` while the server runs on the embedded database, and `restore
// FILE` into a fresh DATA_DIR: the restored server has every conversation, message, file and
// setting, and the secrets that sign tokens and encrypt stored keys.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommand, restoreCommand } from '../../src/cli/backup-commands.ts';
import { parseEnv } from '../../src/config/env.ts';
import { ADMIN_SOCKET_NAME } from '../../src/services/backup/admin-socket.ts';
import { RestoreError } from '../../src/services/backup/restore-backup.ts';
import { KeyStore } from '../../src/services/keys/key-store.ts';
import { pngImage, uploadFile } from '../files/file-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { fixture, upload } from '../import/import-helpers.ts';

const ADMIN_CLI = new URL('../../src/cli/admin.ts', import.meta.url).pathname;

/** `npm run admin -- …` as its own process (what an operator runs next to the server). */
function runAdmin(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ADMIN_CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Everything the user can read back through the API, in a comparable form. */
async function everything(server: TestServer, user: TestUser) {
  const get = async (path: string) => {
    const res = await server.api(path, { token: user.token });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<unknown>;
  };
  const { conversations } = (await get('/api/convos?pageSize=100')) as {
    conversations: { conversationId: string }[];
  };
  const messages: Record<string, unknown> = {};
  for (const c of conversations) messages[c.conversationId] = await get(`/api/messages/${c.conversationId}`);
  const files = (await get('/api/files')) as { file_id: string; filepath: string }[];
  const bytes: Record<string, string> = {};
  for (const f of files) {
    const res = await server.api(`/api/files/download/${user.id}/${f.file_id}`, { token: user.token });
    expect(res.status).toBe(200);
    bytes[f.file_id] = Buffer.from(await res.arrayBuffer()).toString('base64');
  }
  return {
    conversations,
    messages,
    files,
    bytes,
    presets: await get('/api/presets'),
    tags: await get('/api/tags'),
    key: await get('/api/keys?name=openAI'),
  };
}

describe('backup and restore of the embedded database and the files store', () => {
  let original: TestServer;
  let restored: TestServer | undefined;
  let ann: TestUser;
  let before: Awaited<ReturnType<typeof everything>>;
  const work = mkdtempSync(join(tmpdir(), 'parley-backup-'));
  const archive = join(work, 'parley-backup.tar.gz');
  const freshDir = join(work, 'fresh-data');

  beforeAll(async () => {
    original = await startTestServer({ diskDatabase: true });
    ann = await createTestUser(original);
    expect((await upload(original, ann, fixture('librechat-tree.json'))).status).toBe(201);
    expect((await upload(original, ann, fixture('chatgpt-conversations.json'))).status).toBe(201);
    expect(
      (
        await uploadFile(original, ann, await pngImage(40, 30), 'picture.png', {
          path: '/api/files/images',
          type: 'image/png',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await uploadFile(original, ann, 'notes for the backup\n'.repeat(100), 'notes.txt', {
          type: 'text/plain',
        })
      ).status,
    ).toBe(201);
    const preset = { title: 'Careful', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2 };
    expect(
      (await original.api('/api/presets', { method: 'POST', token: ann.token, json: preset })).status,
    ).toBe(201);
    expect(
      (await original.api('/api/tags', { method: 'POST', token: ann.token, json: { tag: 'work' } })).status,
    ).toBe(201);
    const key = { name: 'openAI', value: 'sk-backup-secret', expiresAt: '2099-01-01T00:00:00.000Z' };
    expect((await original.api('/api/keys', { method: 'PUT', token: ann.token, json: key })).status).toBe(
      201,
    );
    before = await everything(original, ann);
    expect(before.conversations.length).toBeGreaterThan(1);
    expect(Object.values(before.messages).flat().length).toBeGreaterThan(4);
    expect(before.files).toHaveLength(2);
  });

  afterAll(async () => {
    await restored?.stop();
    await original.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the server runs and keeps serving, asking it through its admin socket', async () => {
    expect(existsSync(join(original.dataDir, ADMIN_SOCKET_NAME))).toBe(true);
    // Writes keep arriving during the backup: they wait for the moment of the copy, none fails.
    const writes = Array.from({ length: 10 }, (_, i) =>
      original.api('/api/presets', {
        method: 'POST',
        token: ann.token,
        json: { title: `during ${i}`, endpoint: 'openAI' },
      }),
    );
    const backup = await runAdmin(original.dataDir, 'backup', archive);
    expect(backup.code, backup.output).toBe(0);
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(backup.output).toMatch(/^Backup written to .*parley-backup\.tar\.gz: database [\d.]+ MB, 2 files/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect((await original.api('/health/ready')).status).toBe(200);
  });

  it('restores into a fresh DATA_DIR where a server finds every conversation, message, file and setting', async () => {
    const printed: string[] = [];
    await restoreCommand(parseEnv({ DATA_DIR: freshDir }), archive, (t) => printed.push(t));
    expect(printed[0]).toMatch(/^Restored the backup of .* into .*fresh-data: database .*, 2 files/);
    expect(readFileSync(join(freshDir, 'secrets.json'), 'utf8')).toBe(
      readFileSync(join(original.dataDir, 'secrets.json'), 'utf8'),
    );

    restored = await startTestServer({ diskDatabase: true, env: { DATA_DIR: freshDir } });
    // The same secrets: the token the original server signed is good here too.
    const after = await everything(restored, ann);
    expect(after.conversations).toEqual(before.conversations);
    expect(after.messages).toEqual(before.messages);
    expect(after.files).toEqual(before.files);
    expect(after.bytes).toEqual(before.bytes);
    expect(after.tags).toEqual(before.tags);
    expect(after.key).toEqual(before.key);
    // The presets made before the backup; those written during it are there entirely or not at all.
    const titles = (after.presets as { title: string }[]).map((p) => p.title);
    expect(titles).toContain('Careful');
    const during = titles.filter((t) => t.startsWith('during ')).length;
    expect(titles).toHaveLength(1 + during);
    // Stored keys decrypt: CREDS_KEY came back with the backup.
    const stored = await new KeyStore(restored.ctx.db, restored.ctx.config.secrets.credsKey).get(
      ann.id,
      'openAI',
    );
    expect(stored?.value).toBe('sk-backup-secret');
  });

  it('never restores over an existing installation', async () => {
    const overRunning = await runAdmin(original.dataDir, 'restore', archive);
    expect(overRunning.code).toBe(1);
    expect(overRunning.output).toMatch(/in use by another Parley process/);
    const used = join(work, 'used');
    await restoreCommand(parseEnv({ DATA_DIR: used }), archive, () => undefined);
    await expect(restoreCommand(parseEnv({ DATA_DIR: used }), archive, () => undefined)).rejects.toThrow(
      /already holds a database or files/,
    );
  });

  it('refuses what is not a Parley backup, and extracts nothing outside the data directory', async () => {
    const garbage = join(work, 'garbage.tar.gz');
    writeFileSync(garbage, 'not an archive at all');
    await expect(
      restoreCommand(parseEnv({ DATA_DIR: join(work, 'g') }), garbage, () => undefined),
    ).rejects.toThrow(RestoreError);
    const hostileDir = join(work, 'hostile-src');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(hostileDir, 'files'), { recursive: true });
    writeFileSync(join(hostileDir, 'evil.sh'), 'echo pwned');
    writeFileSync(join(hostileDir, 'files', '.partial-x'), 'x');
    const hostile = join(work, 'hostile.tar.gz');
    await createTar({ gzip: true, file: hostile, cwd: hostileDir }, ['evil.sh', 'files']);
    await expect(
      restoreCommand(parseEnv({ DATA_DIR: join(work, 'h') }), hostile, () => undefined),
    ).rejects.toThrow(/not a Parley backup/);
    expect(existsSync(join(work, 'h', 'evil.sh'))).toBe(false);
    await expect(
      restoreCommand(parseEnv({ DATA_DIR: join(work, 'm') }), join(work, 'missing.tar.gz'), () => undefined),
    ).rejects.toThrow(/No backup at/);
  });

  it('backs up a stopped installation by opening it itself', async () => {
    const dir = join(work, 'used');
    const printed: string[] = [];
    await backupCommand(parseEnv({ DATA_DIR: dir }), join(work, 'offline.tar.gz'), (t) => printed.push(t));
    expect(printed[0]).toMatch(/2 files/);
    await expect(
      backupCommand(
        parseEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/x' }),
        join(work, 'pg.tar.gz'),
        () => undefined,
      ),
    ).rejects.toThrow(/pg_dump/);
  });
});
