import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userTokens } from '../../src/db/schema/index.ts';
import { issueAccountToken, purgeExpiredAccountTokens } from '../../src/services/auth/account-tokens.ts';
import { createRefreshSession, purgeExpiredSessions } from '../../src/services/auth/refresh-sessions.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';

describe('purging expired sessions and mail tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('deletes only what has expired', async () => {
    const { db } = server.ctx;
    const user = await createTestUser(server);
    const live = await createRefreshSession(db, { secret: 's', ttlMs: 60_000 }, user.id);
    const dead = await createRefreshSession(db, { secret: 's', ttlMs: 1 }, user.id);
    await issueAccountToken(db, user.id, 'reset_password', 60);
    await issueAccountToken(db, user.id, 'verify_email', 0);

    const later = new Date(Date.now() + 1000);
    expect(await purgeExpiredSessions(db, later)).toBe(1);
    expect(await purgeExpiredAccountTokens(db, later)).toBe(1);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.familyId)).toEqual([live.familyId]);
    expect(left.map((s) => s.familyId)).not.toContain(dead.familyId);
    const tokens = await db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(tokens.map((t) => t.kind)).toEqual(['reset_password']);
  });
});
