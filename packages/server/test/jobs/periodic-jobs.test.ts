import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userTokens } from '../../src/db/schema/index.ts';
import { startJobs } from '../../src/jobs/start-jobs.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('periodic jobs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('also purges expired refresh sessions and mail tokens, keeping live ones', async () => {
    const user = await createTestUser(server);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await server.ctx.db.insert(sessions).values([
      { userId: user.id, familyId: 'f-old', tokenHash: `old-${user.id}`, expiresAt: past },
      { userId: user.id, familyId: 'f-live', tokenHash: `live-${user.id}`, expiresAt: future },
    ]);
    await server.ctx.db.insert(userTokens).values([
      { userId: user.id, kind: 'reset_password', tokenHash: `t-old-${user.id}`, expiresAt: past },
      { userId: user.id, kind: 'verify_email', tokenHash: `t-live-${user.id}`, expiresAt: future },
    ]);
    const jobs = startJobs(server.ctx, { intervalMs: 60_000 });
    await jobs.stop(); // waits for the first run, which starts at once
    const left = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.familyId)).toEqual(['f-live']);
    const tokens = await server.ctx.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(tokens.map((t) => t.kind)).toEqual(['verify_email']);
  });
});
