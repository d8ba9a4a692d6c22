import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAdminCommand, parseAdminArgs } from '../../src/cli/admin-cli.ts';
import { CliError } from '../../src/cli/admin-commands.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { files, users } from '../../src/db/schema/index.ts';
import { blobKey } from '../../src/services/files/blob-store.ts';
import { LocalBlobStore } from '../../src/services/files/local-blob-store.ts';
import { findUserByEmail } from '../../src/services/users/user-service.ts';

/** `delete-user`: an administrator's deletion removes the account and its stored files too. */
describe('admin delete-user', () => {
  let database: DatabaseHandle;
  let root: string;
  let store: LocalBlobStore;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    await executeAdminCommand(parseAdminArgs(argv), database.db, (t) => out.push(t), undefined, '', {
      openBlobStore: async () => store,
    });
    return out.join('\n');
  };

  /** An account with one stored file (row and blob); answers its id and the blob's path. */
  async function accountWithFile(email: string) {
    await run('create-user', email, 'Someone', '--password', 'a-long-password-1');
    const user = (await findUserByEmail(database.db, email))!;
    const fileId = crypto.randomUUID();
    const key = blobKey(user.id, fileId);
    const bytes = await store.put(key, Readable.from([Buffer.from('notes')]), 'text/plain');
    await database.db.insert(files).values({
      userId: user.id,
      fileId,
      filename: 'notes.txt',
      type: 'text/plain',
      bytes,
      storageKey: key,
      source: 'local',
    });
    return { id: user.id, blob: join(root, key) };
  }

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    root = mkdtempSync(join(tmpdir(), 'parley-cli-files-'));
    store = new LocalBlobStore(root);
  });
  afterAll(async () => {
    await database.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("deletes the account, its rows and its files' bytes, and nobody else's", async () => {
    const doomed = await accountWithFile('gone@example.com');
    const bystander = await accountWithFile('stays@example.com');
    expect(existsSync(doomed.blob)).toBe(true);

    expect(await run('delete-user', 'Gone@Example.com')).toMatch(/Deleted gone@example.com and its files/);
    expect(await database.db.select().from(users).where(eq(users.id, doomed.id))).toEqual([]);
    expect(await database.db.select().from(files).where(eq(files.userId, doomed.id))).toEqual([]);
    expect(existsSync(join(root, doomed.id))).toBe(false);
    expect(existsSync(bystander.blob)).toBe(true);
  });

  it('refuses an unknown address and a missing argument', async () => {
    await expect(run('delete-user', 'nobody@example.com')).rejects.toThrow(CliError);
    expect(() => parseAdminArgs(['delete-user'])).toThrow(CliError);
  });
});
