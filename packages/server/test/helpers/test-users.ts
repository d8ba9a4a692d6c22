import { randomUUID } from 'node:crypto';
import { users } from '../../src/db/schema/index.ts';
import type { TestServer } from './test-server.ts';

export interface TestUser {
  id: string;
  email: string;
  role: string;
  /** A valid access token for the Authorization header. */
  token: string;
}

/**
 * Inserts a user straight into the database and signs an access token for it, for suites that
 * test other areas than sign-in itself.
 */
export async function createTestUser(
  server: TestServer,
  opts: { role?: 'USER' | 'ADMIN'; name?: string } = {},
): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const role = opts.role ?? 'USER';
  const [row] = await server.ctx.db
    .insert(users)
    .values({ name: opts.name ?? 'Test User', email, role, emailVerified: true })
    .returning({ id: users.id });
  const token = await server.ctx.accessTokens.sign({ sub: row!.id, role });
  return { id: row!.id, email, role, token };
}
