// The administrators' usage query over 10 million recorded model calls. The calls are not
// inserted one by one (hours on PGlite): the daily roll-up they would have produced is built
// directly — 90 days × 2,000 users × 3 (model, endpoint) pairs a user works with, each row
// standing for ~18.5 calls, 10,000,000 in all — which is all the query reads. Then every shape
// the Usage tab asks for (by user, model and endpoint; no interval, per day, week and month; the
// last 30 and the whole 90 days; one user) is run RUNS times. Goal: p95 ≤ 200 ms for each.
// PGlite in memory by default; BENCH_DATABASE_URL runs it on a PostgreSQL server (an empty
// database: its tables are created by the migrations). Prints one JSON line.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { queryUsage } from '../packages/server/src/services/balance/usage-query.ts';
import { percentile, round } from './conversations-server.ts';

const CALLS = 10_000_000;
const DAYS = 90;
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const PAIRS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const GOAL_P95_MS = 200;

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

const handle = await openDatabase({
  dataDir: 'memory://',
  ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
});
try {
  await handle.migrate();
  const db = handle.db;
  const rows = DAYS * USERS * PAIRS;
  const perRow = CALLS / rows;
  const seedStart = performance.now();
  await db.execute(sql`delete from usage_daily`);
  // Each user works with three of twelve models on one of four endpoints.
  await db.execute(sql`
    insert into usage_daily (day, user_id, api_key_id, endpoint, model, prompt_tokens, completion_tokens, cost, messages)
    select (current_date - d)::date, 'user-' || u, '', 'endpoint-' || (u % 4), 'model-' || ((u + p * 5) % 12),
      (${Math.round(perRow * 800)}::bigint + (u * 7 + d) % 500), (${Math.round(perRow * 300)}::bigint + (u + d) % 200),
      ${perRow * 0.002}::double precision * (1 + (u % 10)), ${Math.round(perRow)}::int
    from generate_series(0, ${DAYS - 1}::int) d, generate_series(1, ${USERS}::int) u, generate_series(0, ${PAIRS - 1}::int) p`);
  await db.execute(sql`analyze usage_daily`);
  const seedMs = performance.now() - seedStart;

  const shapes: {
    name: string;
    from: string;
    groupBy: 'user' | 'model' | 'endpoint';
    interval?: 'day' | 'week' | 'month';
    userId?: string;
  }[] = [];
  for (const groupBy of ['user', 'model', 'endpoint'] as const)
    for (const interval of [undefined, 'day', 'week', 'month'] as const)
      for (const [label, from] of [
        ['30d', day(29)],
        ['90d', day(DAYS - 1)],
      ] as const) {
        // Per user and per day over 90 days is 180,000 rows: no chart asks for that.
        if (groupBy === 'user' && interval === 'day' && label === '90d') continue;
        shapes.push({
          name: `${groupBy}/${interval ?? 'total'}/${label}`,
          from,
          groupBy,
          ...(interval ? { interval } : {}),
        });
      }
  shapes.push({
    name: 'one-user/model/day/90d',
    from: day(DAYS - 1),
    groupBy: 'model',
    interval: 'day',
    userId: 'user-42',
  });

  const results: Record<string, { p50: number; p95: number; rows: number }> = {};
  let worst = 0;
  for (const shape of shapes) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const answer = await queryUsage(
        db,
        {
          from: shape.from,
          to: day(0),
          groupBy: shape.groupBy,
          interval: shape.interval,
          userId: shape.userId,
        },
        true,
      );
      times.push(performance.now() - start);
      count = answer.rows.length;
    }
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    results[shape.name] = { p50: round(percentile(times, 50)), p95: round(p95), rows: count };
  }
  console.log(
    JSON.stringify({
      bench: 'usage-query',
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      calls: CALLS,
      rollupRows: rows,
      seedMs: round(seedMs),
      worstP95Ms: round(worst),
      goalP95Ms: GOAL_P95_MS,
      pass: worst <= GOAL_P95_MS,
      shapes: results,
    }),
  );
} finally {
  await handle.close();
}
