/** One prepared piece of speech: its audio fetched (or its utterance made), ready to play. */
export interface SpeechClip {
  /** Plays it; resolves when it has been said (or was stopped), rejects when it cannot play. */
  play(): Promise<void>;
  /** Silences it now and frees what it holds; a pending `play` resolves. */
  stop(): void;
}

/** Turns a sentence into a clip: the external engine fetches its audio, the browser's makes an utterance. */
export interface SpeechEngine {
  prepare(text: string, signal: AbortSignal): Promise<SpeechClip>;
}

export interface SpeechQueueEvents {
  /** The first clip started playing (true), or the queue went quiet for good (false). */
  onSpeaking(speaking: boolean): void;
  /** A sentence could not be fetched or played and was left out. */
  onSkipped(text: string, error: unknown): void;
  /** Everything was said after `end()`: the answer is over (not called after `stop()`). */
  onDone(): void;
}

/** How many sentences are fetched ahead of the one playing, so the next is ready when it ends. */
export const PREFETCH_AHEAD = 2;

interface Entry {
  text: string;
  clip: Promise<SpeechClip | null> | null;
}

/**
 * Speaks sentences in the order they were added, one after the other: each is prepared as soon
 * as it is among the next few (while the one before plays), so there is no gap for fetching. A
 * sentence that fails is skipped and reported, never holding up the rest. `stop()` silences it at
 * once and drops what is left; `end()` says no more sentences will come.
 */
export class SpeechQueue {
  private readonly entries: Entry[] = [];
  private readonly abort = new AbortController();
  private current: SpeechClip | null = null;
  private running = false;
  private ended = false;
  private stopped = false;
  private speaking = false;

  constructor(
    private readonly engine: SpeechEngine,
    private readonly events: SpeechQueueEvents,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  add(text: string): void {
    if (this.stopped || this.ended) return;
    this.entries.push({ text, clip: null });
    this.prefetch();
    void this.run();
  }

  end(): void {
    if (this.stopped || this.ended) return;
    this.ended = true;
    void this.run();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    this.current?.stop();
    this.current = null;
    // Clips already prepared hold audio: free them.
    for (const entry of this.entries.splice(0)) void entry.clip?.then((clip) => clip?.stop());
    this.setSpeaking(false);
  }

  private prefetch(): void {
    for (const entry of this.entries.slice(0, PREFETCH_AHEAD + 1)) {
      entry.clip ??= this.engine.prepare(entry.text, this.abort.signal).catch((error: unknown) => {
        if (!this.stopped) this.events.onSkipped(entry.text, error);
        return null;
      });
    }
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    while (!this.stopped && this.entries.length > 0) {
      this.prefetch();
      const entry = this.entries[0]!;
      const clip = await entry.clip;
      this.entries.shift();
      if (this.stopped) {
        clip?.stop();
        break;
      }
      if (!clip) continue;
      this.prefetch();
      await this.playOne(entry.text, clip);
    }
    this.running = false;
    if (this.stopped || this.entries.length > 0) return;
    if (this.ended) {
      this.setSpeaking(false);
      this.events.onDone();
    }
  }

  private async playOne(text: string, clip: SpeechClip): Promise<void> {
    this.current = clip;
    const playing = clip.play();
    this.setSpeaking(true);
    try {
      await playing;
    } catch (error) {
      clip.stop();
      if (!this.stopped) this.events.onSkipped(text, error);
    } finally {
      if (this.current === clip) this.current = null;
    }
  }

  private setSpeaking(on: boolean): void {
    if (this.speaking === on) return;
    this.speaking = on;
    this.events.onSpeaking(on);
  }
}
