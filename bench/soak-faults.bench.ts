// Faults during the soak: the PostgreSQL + Redis soak (two instances, round-robin) while a
// supervisor SIGKILLs one instance every SOAK_KILL_EVERY_SECONDS (default 60; the two in turn)
// and starts it again, and redis-server is restarted once, midway between two kills. The load
// generator retries a refused connection on the other instance, as a balancer would, and sends a
// stream cut before `created` again with the same message id, as the web app's Retry does (while
// the server answers 429, the dead instance's lock not yet lapsed, it tries again each second;
// `busyAfterCut` says how long that took). Afterwards,
// once the dead instances' generation locks have lapsed and been swept: every user message that
// got a `created` event is saved, every interrupted answer is saved (unfinished), every answer
// that finished is saved, and no stream hung past its timeout. Prints one JSON line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './support/processes.ts';
import { checkLedgers } from './support/soak-ledger.ts';
import type { LedgerFile, SoakLoadResult } from './support/soak-load.ts';
import { machine, SOAK, SOAK_PACING, SOAK_SERVER_ENV, soakJob } from './support/soak-run.ts';
import { startScaledStack } from './support/soak-stack.ts';
import { HUNG } from './support/sse-probe.ts';

const KILL_EVERY_MS = Number(process.env.SOAK_KILL_EVERY_SECONDS ?? 60) * 1000;
/**
 * The shipped lock lifetime (a lease its running generation renews) and sweep interval: a dead
 * instance's conversations are free again within the first, its answers saved within both.
 */
const LOCK_TTL_MS = 6_000;
const SWEEP_MS = 15_000;

interface FaultEvent {
  atSeconds: number;
  fault: string;
  /** How long until the instance answered again (or Redis was back). */
  downMs: number;
}

const stack = await startScaledStack(SOAK_PACING, {
  ...SOAK_SERVER_ENV,
  GENERATION_LOCK_TTL_MS: String(LOCK_TTL_MS),
  GENERATION_SWEEP_MS: String(SWEEP_MS),
});
const dir = mkdtempSync(join(tmpdir(), 'parley-soak-ledger-'));
try {
  const prefix = `faults${Date.now()}u`;
  const ledgerPath = join(dir, 'ledger.json');
  const started = Date.now();
  const events: FaultEvent[] = [];
  const at = () => Math.round((Date.now() - started) / 1000);
  let running = true;
  const supervisor = (async () => {
    for (let kill = 0; ; kill++) {
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS / 2));
      if (!running) return;
      if (kill === 1) {
        const t0 = Date.now();
        await stack.restartRedis();
        events.push({ atSeconds: at(), fault: 'restart redis', downMs: Date.now() - t0 });
      }
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS / 2));
      if (!running) return;
      const victim = kill % stack.instances.length;
      const { downMs } = await stack.instances[victim]!.killAndRestart();
      events.push({ atSeconds: at(), fault: `SIGKILL instance ${victim}`, downMs });
    }
  })();
  const load = await runLoad<SoakLoadResult>(
    soakJob(
      stack.instances.map((i) => i.url),
      prefix,
      ledgerPath,
      true,
    ),
    new URL('./support/soak-load.ts', import.meta.url),
  );
  running = false;
  await supervisor;
  // A generation that died with its instance is saved unfinished by a survivor's sweep, once its lock lapsed.
  await new Promise((r) => setTimeout(r, LOCK_TTL_MS + 2 * SWEEP_MS));
  const ledgers = JSON.parse(readFileSync(ledgerPath, 'utf8')) as LedgerFile[];
  const rows = checkLedgers(ledgers, await stack.savedMessages(prefix));
  const hung = Object.entries(load.problems)
    .filter(([problem]) => problem.includes(HUNG))
    .reduce((n, [, count]) => n + count, 0);
  const cut = rows.interrupted;
  const met =
    hung === 0 &&
    rows.lost === 0 &&
    rows.stoppedNotUnfinished === 0 &&
    rows.duplicateUserMessages === 0 &&
    (cut === undefined || (cut.userMessageMissing === 0 && cut.answerMissing === 0));
  console.log(
    JSON.stringify({
      bench: 'soak-faults',
      backend: 'postgres+redis',
      instances: stack.instances.length,
      seconds: SOAK.durationMs / 1000,
      thinkMs: SOAK.thinkMs,
      streamTimeoutMs: SOAK.streamTimeoutMs,
      faults: events,
      ...load,
      hung,
      rows,
      machine: machine(),
      met,
    }),
  );
  if (!met) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
