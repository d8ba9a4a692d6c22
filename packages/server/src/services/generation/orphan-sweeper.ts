import { randomUUID } from 'node:crypto';
import { errorEvent } from '@parley/schema';
import type { Logger } from 'pino';
import type { Bus } from '../../bus/bus.ts';
import type { TerminalEvent } from './completion-port.ts';
import { JobChannel } from './job-channel.ts';
import { decodeEntry, isTerminal } from './job-entry.ts';
import { FINISHED_TTL_MS, jobKeys, jobLane, type JobMeta } from './job-keys.ts';
import { buildResumeState } from './resume-state.ts';

/** What an orphaned job had produced when its instance died: its log, replayed. */
export type OrphanState = ReturnType<typeof buildResumeState>;

/** Saves an orphaned job's answer (unfinished) and shapes the last event its followers get. */
export type SaveOrphan = (meta: JobMeta, state: OrphanState) => Promise<TerminalEvent>;

export interface SweeperOptions {
  intervalMs: number;
  /** Jobs running on this instance: never orphans, whatever their lock says. */
  isLocal: (jobId: string) => boolean;
  save: SaveOrphan;
}

/**
 * Finds generation jobs whose instance died (their lock lapsed while they were still listed as
 * running, and their log stopped growing) and ends them from here: one instance claims each,
 * rebuilds the answer so far from the job's event log, saves it as unfinished, and appends the
 * final event, so a client that re-attached through another instance receives it.
 */
export class OrphanSweeper {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private readonly instanceId = randomUUID();
  /** Jobs whose lock had lapsed at the last pass, with their log's length then. */
  private suspects = new Map<string, number>();

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly opts: SweeperOptions,
  ) {}

  start(): void {
    if (this.timer || this.opts.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.sweep(), this.opts.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  /** One pass; answers how many orphans this instance ended. Passes never overlap. */
  sweep(): Promise<number> {
    this.sweeping ??= this.pass()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'generation sweep failed');
        return 0;
      })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async pass(): Promise<number> {
    let ended = 0;
    const suspects = new Map<string, number>();
    for (const member of await this.bus.members(jobKeys.running)) {
      const meta = parseMeta(member);
      if (!meta) {
        await this.bus.removeMember(jobKeys.running, member);
        continue;
      }
      if (this.opts.isLocal(meta.jobId)) continue;
      if ((await this.bus.get(jobKeys.lock(jobLane(meta)))) === meta.jobId) continue;
      // The lock lapsed. Its instance is taken for dead only if the job's log has not grown since
      // the previous pass saw the same: a live instance that stalled past the TTL goes on logging.
      const logged = (await this.bus.range(jobKeys.log(meta.jobId), 0)).length;
      suspects.set(meta.jobId, logged);
      if (this.suspects.get(meta.jobId) !== logged) continue;
      // One instance claims the job.
      if (!(await this.bus.setIfAbsent(jobKeys.recovery(meta.jobId), this.instanceId, FINISHED_TTL_MS)))
        continue;
      await this.recover(meta, member);
      ended++;
    }
    this.suspects = suspects;
    return ended;
  }

  private async recover(meta: JobMeta, member: string): Promise<void> {
    const log = jobKeys.log(meta.jobId);
    const entries = (await this.bus.range(log, 0)).map(decodeEntry).filter((e) => e !== null);
    if (!entries.some((e) => isTerminal(e.kind))) {
      let terminal: TerminalEvent;
      try {
        terminal = await this.opts.save(meta, buildResumeState(entries));
      } catch (err) {
        this.logger.error({ err, jobId: meta.jobId }, 'could not save an orphaned answer');
        terminal = { kind: 'e', json: lostJson(meta) };
      }
      this.logger.warn(
        { jobId: meta.jobId, conversationId: meta.conversationId },
        'saved the answer of a generation whose instance stopped',
      );
      await this.keepMeta(meta);
      const channel = new JobChannel(
        this.bus,
        meta.jobId,
        (err) => this.logger.error({ err }),
        entries.length,
      );
      await channel.emitTerminal(terminal.kind, terminal.json);
    }
    await this.bus.removeMember(jobKeys.running, member);
  }

  /** The job stays resumable (answering its final) for a few minutes, unless a newer one took over. */
  private async keepMeta(meta: JobMeta): Promise<void> {
    const key = jobKeys.meta(jobLane(meta));
    const current = parseMeta((await this.bus.get(key)) ?? '');
    if (!current || current.jobId === meta.jobId)
      await this.bus.set(key, JSON.stringify(meta), FINISHED_TTL_MS);
  }
}

function parseMeta(raw: string): JobMeta | null {
  try {
    const meta = JSON.parse(raw) as JobMeta;
    return typeof meta?.jobId === 'string' && typeof meta.conversationId === 'string' ? meta : null;
  } catch {
    return null;
  }
}

function lostJson(meta: JobMeta): string {
  return JSON.stringify(
    errorEvent(meta, 'The server generating this answer stopped, and the answer could not be saved.'),
  );
}
