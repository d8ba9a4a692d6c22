// The soak's load generator, run as its own process (`runLoad`-style): `users` simulated people
// (soak-user.ts) sign in spread over `rampMs`, then act until `durationMs` after the start. Prints
// one JSON line: the p95 of each call, errors, and how many calls of each kind; writes every
// user's ledger (what the server acknowledged) to `ledgerPath` for the database check.
import { writeFileSync } from 'node:fs';
import { percentile, round } from './sse-probe.ts';
import { SoakUser, type Action, type CallRecord, type SoakConfig } from './soak-user.ts';

export interface SoakJob {
  config: SoakConfig;
  users: number;
  durationMs: number;
  rampMs: number;
  /** Makes the accounts' emails unique to this run. */
  prefix: string;
  ledgerPath: string;
}

/** A ledger as written to the file: sets as arrays. */
export interface LedgerFile {
  email: string;
  conversations: Record<string, string[]>;
  stopped: string[];
  importedMessages: number;
  interrupted: SoakUser['ledger']['interrupted'];
}

export interface CallFigures {
  calls: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface SoakLoadResult {
  users: number;
  calls: Partial<Record<Action, CallFigures>>;
  errors: number;
  /** The first few distinct problems, with how often each occurred. */
  problems: Record<string, number>;
  interrupted: number;
  /** Stops that arrived after their answer had finished (the answer is then saved finished). */
  lateStops: number;
  /** Resends after a cut refused as busy (429), and how long the resends that met one waited. */
  busyAfterCut: { refusals: number; resends: number; p50WaitMs: number; maxWaitMs: number };
  wallMs: number;
}

export async function runSoak(job: SoakJob): Promise<SoakLoadResult> {
  const started = Date.now();
  const deadline = started + job.durationMs;
  const records: CallRecord[] = [];
  const users = Array.from(
    { length: job.users },
    (_, i) => new SoakUser(`${job.prefix}${i}@example.com`, job.config, (call) => records.push(call)),
  );
  await Promise.all(
    users.map(async (user, i) => {
      await new Promise((r) => setTimeout(r, (i * job.rampMs) / job.users));
      await user.signIn();
      await user.run(deadline);
    }),
  );
  const ledgers: LedgerFile[] = users.map((u) => ({
    email: u.email,
    conversations: Object.fromEntries([...u.ledger.conversations].map(([id, ids]) => [id, [...ids]])),
    stopped: [...u.ledger.stopped],
    importedMessages: u.ledger.importedMessages,
    interrupted: u.ledger.interrupted,
  }));
  writeFileSync(job.ledgerPath, JSON.stringify(ledgers));
  return summarise(job, records, users, Date.now() - started);
}

function summarise(job: SoakJob, records: CallRecord[], users: SoakUser[], wallMs: number): SoakLoadResult {
  const calls: SoakLoadResult['calls'] = {};
  for (const action of new Set(records.map((r) => r.action))) {
    const mine = records.filter((r) => r.action === action);
    const ms = mine.map((r) => r.ms);
    calls[action] = {
      calls: mine.length,
      errors: mine.filter((r) => !r.ok).length,
      p50Ms: round(percentile(ms, 50), 1),
      p95Ms: round(percentile(ms, 95), 1),
      maxMs: round(percentile(ms, 100), 1),
    };
  }
  const problems: Record<string, number> = {};
  for (const r of records) {
    if (!r.problem) continue;
    const key = `${r.action}: ${r.problem.replace(/[0-9a-f-]{36}/g, '<id>').slice(0, 160)}`;
    if (problems[key] !== undefined || Object.keys(problems).length < 12)
      problems[key] = (problems[key] ?? 0) + 1;
  }
  return {
    users: job.users,
    calls,
    errors: records.filter((r) => !r.ok).length,
    problems,
    interrupted: users.reduce((n, u) => n + u.ledger.interrupted.length, 0),
    lateStops: users.reduce((n, u) => n + u.lateStops, 0),
    busyAfterCut: busyFigures(users),
    wallMs,
  };
}

function busyFigures(users: SoakUser[]): SoakLoadResult['busyAfterCut'] {
  const waits = users.flatMap((u) => u.busyAfterCut.waitsMs);
  return {
    refusals: users.reduce((n, u) => n + u.busyAfterCut.refusals, 0),
    resends: waits.length,
    p50WaitMs: waits.length ? Math.round(percentile(waits, 50)) : 0,
    maxWaitMs: waits.length ? Math.round(percentile(waits, 100)) : 0,
  };
}

if (process.argv[2]) {
  const job = JSON.parse(process.argv[2]) as SoakJob;
  const before = process.cpuUsage();
  const result = await runSoak(job);
  const cpu = process.cpuUsage(before);
  console.log(JSON.stringify({ ...result, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }));
}
