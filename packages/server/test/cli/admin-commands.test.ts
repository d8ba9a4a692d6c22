import { verify } from '@node-rs/argon2';
import { RESERVED_EMAIL_MESSAGE } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HELP, executeAdminCommand, parseAdminArgs } from '../../src/cli/admin-cli.ts';
import { CliError, PERMANENT_BAN } from '../../src/cli/admin-commands.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import {
  balanceTransactions,
  banners,
  externalIdentities,
  externalLinkConflicts,
  invitations,
  sessions,
  users,
} from '../../src/db/schema/index.ts';
import { recordLinkConflict } from '../../src/services/sso/link-conflicts.ts';
import { createRefreshSession } from '../../src/services/auth/refresh-sessions.ts';
import { findActiveBanner } from '../../src/services/banners/banner-service.ts';
import { findUserByEmail } from '../../src/services/users/user-service.ts';

describe('admin command line', () => {
  let database: DatabaseHandle;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    await executeAdminCommand(parseAdminArgs(argv), database.db, (t) => out.push(t));
    return out.join('\n');
  };
  const liveSessions = async (userId: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).filter(
      (s) => !s.revokedAt,
    );

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('creates users, generating a password when none is given', async () => {
    const out = await run('create-user', 'Root@Example.com', 'Root Admin', '--admin');
    expect(out).toMatch(/^Created ADMIN root@example.com/);
    const password = /Password: (\S+)/.exec(out)![1]!;
    const root = await findUserByEmail(database.db, 'root@example.com');
    // The administrator names the address: external sign-ins that vouch for it may link.
    expect(root).toMatchObject({
      role: 'ADMIN',
      emailVerified: true,
      emailProof: 'admin',
      name: 'Root Admin',
    });
    expect(await verify(root!.passwordHash!, password)).toBe(true);

    const second = await run(
      'create-user',
      'ann@example.com',
      'Ann Smith',
      '--password',
      'given password',
      '--username',
      'ann',
    );
    expect(second).not.toMatch(/Password:/);
    const ann = await findUserByEmail(database.db, 'ann@example.com');
    expect(ann).toMatchObject({ role: 'USER', username: 'ann' });
    expect(await verify(ann!.passwordHash!, 'given password')).toBe(true);
  });

  it('refuses addresses at .invalid domains, which Parley mints for wallets', async () => {
    await expect(run('create-user', '0xabc@wallet.invalid', 'Wallet Squatter')).rejects.toThrow(
      RESERVED_EMAIL_MESSAGE,
    );
    await expect(run('invite', 'someone@other.invalid')).rejects.toThrow(RESERVED_EMAIL_MESSAGE);
    expect(await findUserByEmail(database.db, '0xabc@wallet.invalid')).toBeNull();
  });

  it('lists refused sign-ins and links one; reviews links made before linking asked for a proof', async () => {
    await run('create-user', 'held@example.com', 'Held Account', '--password', 'held password');
    const held = (await findUserByEmail(database.db, 'held@example.com'))!;
    await recordLinkConflict(database.db, held.id, {
      provider: 'openid',
      subject: 'sub-held',
      email: 'held@example.com',
      emailVerified: true,
    });
    const listed = await run('list-link-conflicts');
    expect(listed).toMatch(/^id\s+email\s+provider\s+subject/);
    const [conflict] = await database.db.select().from(externalLinkConflicts);
    expect(listed).toContain(conflict!.id);
    expect(await run('link-identity', conflict!.id)).toBe(
      'Linked; that sign-in now enters held@example.com.',
    );
    expect(await run('list-link-conflicts')).toBe('No refused sign-ins.');
    const [linked] = await database.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, 'sub-held'));
    expect(linked).toMatchObject({ userId: held.id, linkedBy: 'admin' });
    await expect(run('link-identity', conflict!.id)).rejects.toThrow(/No link conflict/);

    // Links from before: unexplained (null) on a password account are listed; a password-less
    // account's (made by the sign-in itself) and explained ones are not.
    const [old] = await database.db
      .insert(externalIdentities)
      .values({ userId: held.id, provider: 'saml', subject: 'old-link', email: 'held@example.com' })
      .returning();
    const [passwordless] = await database.db
      .insert(users)
      .values({ name: 'By Sign-in', email: 'signin@example.com', emailVerified: true })
      .returning();
    await database.db
      .insert(externalIdentities)
      .values({ userId: passwordless!.id, provider: 'github', subject: 'gh-1', email: 'signin@example.com' });
    const report = await run('list-unproven-links');
    expect(report.split('\n')).toHaveLength(3); // header, rule, one link
    expect(report).toContain(old!.id);
    expect(report).toContain('saml');
    await run('confirm-link', old!.id);
    expect(await run('list-unproven-links')).toBe('No links without a proof.');
    await expect(run('confirm-link', old!.id)).rejects.toThrow(/No unproven link/);
    expect(await run('unlink-identity', old!.id)).toMatch(/^Removed/);
    await expect(run('unlink-identity', old!.id)).rejects.toThrow(/No linked sign-in/);
    expect(() => parseAdminArgs(['link-identity'])).toThrow(/Expected <id>/);
  });

  it('refuses duplicates and invalid input', async () => {
    await expect(run('create-user', 'ann@example.com', 'Ann Again')).rejects.toThrow(/already exists/);
    await expect(run('create-user', 'bad', 'Some Name')).rejects.toThrow(CliError);
    await expect(run('create-user', 'x@example.com', 'Al')).rejects.toThrow(/at least 3/);
    await expect(run('create-user', 'x@example.com', 'Xavier', '--password', 'short')).rejects.toThrow(
      /at least 8/,
    );
    await expect(run('create-user', 'x@example.com')).rejects.toThrow(/Expected <email> <name>/);
    await expect(run('create-user', 'x@example.com', 'Xavier', '--bogus')).rejects.toThrow(CliError);
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command/);
  });

  it('lists users as a table', async () => {
    const out = await run('list-users');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^email\s+name\s+username\s+role\s+verified\s+banned\s+created$/);
    expect(lines[2]).toMatch(/^root@example.com\s+Root Admin\s+ADMIN\s+yes/);
    expect(lines[3]).toMatch(/^ann@example.com\s+Ann Smith\s+ann\s+USER\s+yes/);
  });

  it('bans (permanently or for minutes), signing the user out, and unbans', async () => {
    const ann = (await findUserByEmail(database.db, 'ann@example.com'))!;
    await createRefreshSession(database.db, { secret: 's', ttlMs: 60_000 }, ann.id);
    expect(await liveSessions(ann.id)).toHaveLength(1);

    expect(await run('ban-user', 'ann@example.com')).toBe('Banned ann@example.com permanently.');
    expect((await findUserByEmail(database.db, 'ann@example.com'))!.bannedUntil).toEqual(PERMANENT_BAN);
    expect(await liveSessions(ann.id)).toHaveLength(0);
    expect(await run('list-users')).toMatch(/ann@example.com.*permanently/);

    const before = Date.now();
    await run('ban-user', 'ann@example.com', '--minutes', '30');
    const until = (await findUserByEmail(database.db, 'ann@example.com'))!.bannedUntil!.getTime();
    expect(until - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(30 * 60_000 + 5000);
    await expect(run('ban-user', 'ann@example.com', '--minutes', 'soon')).rejects.toThrow(
      /positive whole number/,
    );

    expect(await run('unban-user', 'ann@example.com')).toMatch(/Lifted/);
    expect((await findUserByEmail(database.db, 'ann@example.com'))!.bannedUntil).toBeNull();
    await expect(run('ban-user', 'ghost@example.com')).rejects.toThrow(/No user/);
  });

  it('turns two-factor off for an account', async () => {
    const ann = (await findUserByEmail(database.db, 'ann@example.com'))!;
    expect(await run('disable-2fa', 'ann@example.com')).toBe(
      'Two-factor sign-in was not on for ann@example.com.',
    );
    await database.db
      .update(users)
      .set({ twoFactorEnabled: true, totpSecret: 'v1:a:b:c', backupCodes: [] })
      .where(eq(users.id, ann.id));
    expect(await run('disable-2fa', 'ann@example.com')).toBe(
      'Two-factor sign-in is now off for ann@example.com.',
    );
    const [row] = await database.db.select().from(users).where(eq(users.id, ann.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, totpSecret: null, backupCodes: null });
    await expect(run('disable-2fa')).rejects.toThrow(/Expected <email>/);
    await expect(run('disable-2fa', 'ghost@example.com')).rejects.toThrow(/No user/);
  });

  it('invites an address, refusing taken or invalid addresses and bad --days', async () => {
    const out = await run('invite', 'New.Person@Example.com', '--days', '2');
    const [head, link] = out.split('\n');
    expect(head).toMatch(/^Invitation for New.Person@Example.com, valid until \d{4}-/);
    expect(link).toMatch(/^\/register\?token=[\w-]{43}$/);
    const [row] = await database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'new.person@example.com'));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(1.9 * 86_400_000);
    await expect(run('invite', 'ann@example.com')).rejects.toThrow(/already exists/);
    await expect(run('invite', 'not-an-address')).rejects.toThrow(/Invalid email/);
    await expect(run('invite')).rejects.toThrow(/Expected <email>/);
    for (const days of ['0', '91', '1.5', 'soon']) {
      await expect(run('invite', 'x@example.com', '--days', days)).rejects.toThrow(/--days must be/);
    }
  });

  it('adds, sets and lists balances, each change recorded as an admin transaction', async () => {
    // No balance yet: the first change starts from the start balance (20000 by default).
    expect(await run('add-balance', 'ann@example.com', '500')).toBe(
      'ann@example.com now has 20500.00 credits.',
    );
    expect(await run('add-balance', 'ann@example.com', '--', '-30000')).toBe(
      'ann@example.com now has 0.00 credits.',
    );
    expect(await run('set-balance', 'ann@example.com', '1234.5')).toBe(
      'ann@example.com now has 1234.50 credits.',
    );
    const ann = (await findUserByEmail(database.db, 'ann@example.com'))!;
    const changes = await database.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, ann.id));
    expect(changes.map((c) => [c.tokenType, c.tokenValue])).toEqual([
      ['admin', 500],
      ['admin', -20500],
      ['admin', 1234.5],
    ]);
    const table = await run('list-balances');
    expect(table.split('\n')[0]).toMatch(/email\s+credits\s+autoRefill\s+lastRefill/);
    expect(table).toMatch(/ann@example\.com\s+1234\.50\s+off/);
    await expect(run('set-balance', 'ann@example.com', '--', '-1')).rejects.toThrow(/non-negative number/);
    await expect(run('add-balance', 'ann@example.com', 'lots')).rejects.toThrow(/number of credits/);
    await expect(run('set-balance', 'ghost@example.com', '5')).rejects.toThrow(/No user/);
    await expect(run('set-balance', 'ann@example.com')).rejects.toThrow(/Expected/);
  });

  it('resets passwords and signs the user out', async () => {
    const root = (await findUserByEmail(database.db, 'root@example.com'))!;
    await createRefreshSession(database.db, { secret: 's', ttlMs: 60_000 }, root.id);
    const out = await run('reset-password', 'root@example.com');
    const password = /Password: (\S+)/.exec(out)![1]!;
    const [row] = await database.db.select().from(users).where(eq(users.id, root.id));
    expect(await verify(row!.passwordHash!, password)).toBe(true);
    expect(await liveSessions(root.id)).toHaveLength(0);

    await run('reset-password', 'root@example.com', '--password', 'chosen password');
    const [again] = await database.db.select().from(users).where(eq(users.id, root.id));
    expect(await verify(again!.passwordHash!, 'chosen password')).toBe(true);
    await expect(run('reset-password', 'root@example.com', '--password', 'short')).rejects.toThrow(
      /8 to 128/,
    );
  });

  it('sets and deletes the banner', async () => {
    await run('set-banner', '--message', '<b>Maintenance</b><script>x()</script>', '--public');
    expect(await findActiveBanner(database.db, false)).toMatchObject({
      message: '<b>Maintenance</b>',
      isPublic: true,
      displayTo: null,
    });
    await run(
      'set-banner',
      '--message',
      'Members',
      '--from',
      '2020-01-01T00:00:00Z',
      '--to',
      '2999-01-01T00:00:00Z',
    );
    expect(await findActiveBanner(database.db, false)).toBeNull();
    expect(await findActiveBanner(database.db, true)).toMatchObject({
      message: 'Members',
      displayFrom: '2020-01-01T00:00:00.000Z',
      displayTo: '2999-01-01T00:00:00.000Z',
    });
    await expect(run('set-banner', '--message', 'x', '--from', 'tomorrow')).rejects.toThrow(/ISO date/);
    await expect(run('set-banner')).rejects.toThrow(/--message/);

    expect(await run('delete-banner')).toBe('Banner removed.');
    expect(await database.db.select().from(banners)).toHaveLength(0);
    expect(await run('delete-banner')).toBe('There was no banner.');
  });

  it('prints help', async () => {
    expect(await run('help')).toBe(ADMIN_HELP);
    expect(parseAdminArgs([])).toEqual({ name: 'help' });
  });
});
