import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/client.ts';
import { roles } from '../../src/db/schema/index.ts';
import { rowsOf } from '../../src/services/search/search-text.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';

// The other API tests start from a copy of a database migrated once per run; this one starts the
// server on an empty database, as at a new installation's first start, on each database kind.
const migrationCount = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

describe('a start on an empty database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ emptyDatabase: true });
  });
  afterAll(() => server?.stop());

  it('applies every migration and seeds the roles', async () => {
    const applied = await server.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(rowsOf<{ n: number }>(applied)[0]!.n).toBe(migrationCount);
    const seeded = await server.ctx.db.select({ name: roles.name }).from(roles).orderBy(asc(roles.name));
    expect(seeded.map((r) => r.name)).toEqual(['ADMIN', 'USER']);
  });

  it('serves signed-in requests on the new schema', async () => {
    const user = await createTestUser(server);
    const res = await server.api('/api/convos', { token: user.token });
    expect(res.status).toBe(200);
  });
});
