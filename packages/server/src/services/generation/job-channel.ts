import type { Bus } from '../../bus/bus.ts';
import { encodeEntry, type EntryKind } from './job-entry.ts';
import { FINISHED_TTL_MS, jobKeys, RUNNING_TTL_MS } from './job-keys.ts';

/**
 * Where a job writes its events: appended to its log (for resume) and published live, in that
 * order, so a follower that subscribes and then reads the log misses nothing and sees nothing
 * twice. The hot path does not await the bus: both calls keep their order on the bus itself.
 */
export class JobChannel {
  private readonly logKey: string;
  private readonly eventsKey: string;

  constructor(
    private readonly bus: Bus,
    jobId: string,
    private readonly onError: (err: unknown) => void,
    /** The next entry's sequence number: the log's length when another instance ends the job. */
    private seq = 0,
  ) {
    this.logKey = jobKeys.log(jobId);
    this.eventsKey = jobKeys.events(jobId);
  }

  emit(kind: EntryKind, json: string): void {
    const entry = encodeEntry(kind, this.seq++, json);
    this.bus.append(this.logKey, entry, RUNNING_TTL_MS).catch(this.onError);
    this.bus.publish(this.eventsKey, entry).catch(this.onError);
  }

  /** The last entry (final or error); the log then lives only a few minutes more. */
  async emitTerminal(kind: 'f' | 'e', json: string): Promise<void> {
    const entry = encodeEntry(kind, this.seq++, json);
    await this.bus.append(this.logKey, entry, FINISHED_TTL_MS).catch(this.onError);
    await this.bus.publish(this.eventsKey, entry).catch(this.onError);
  }
}
