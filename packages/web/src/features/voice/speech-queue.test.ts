import { describe, expect, it } from 'vitest';
import { PREFETCH_AHEAD, SpeechQueue, type SpeechClip, type SpeechEngine } from './speech-queue';

/** Resolves after everything already queued (fetches, plays) has moved on. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A fake engine: each sentence's preparation and playback finish when the test says so, and
 * the engine records what was fetched, played and stopped.
 */
class FakeEngine implements SpeechEngine {
  readonly log: string[] = [];
  private readonly fetches = new Map<string, { resolve(): void; reject(e: Error): void }>();
  private readonly plays = new Map<string, { resolve(): void; reject(e: Error): void }>();

  prepare(text: string, signal: AbortSignal): Promise<SpeechClip> {
    this.log.push(`fetch ${text}`);
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      this.fetches.set(text, {
        resolve: () => resolve(this.clip(text)),
        reject,
      });
    });
  }

  private clip(text: string): SpeechClip {
    let finish: (() => void) | undefined;
    return {
      play: () =>
        new Promise<void>((resolve, reject) => {
          this.log.push(`play ${text}`);
          finish = resolve;
          this.plays.set(text, { resolve, reject });
        }),
      stop: () => {
        this.log.push(`stop ${text}`);
        finish?.();
      },
    };
  }

  async fetched(text: string, error?: Error) {
    const pending = this.fetches.get(text)!;
    if (error) pending.reject(error);
    else pending.resolve();
    await settle();
  }

  async played(text: string, error?: Error) {
    const pending = this.plays.get(text)!;
    if (error) pending.reject(error);
    else pending.resolve();
    await settle();
  }
}

function queueWith(engine: FakeEngine) {
  const seen = { speaking: [] as boolean[], skipped: [] as string[], done: 0 };
  const queue = new SpeechQueue(engine, {
    onSpeaking: (on) => seen.speaking.push(on),
    onSkipped: (text) => seen.skipped.push(text),
    onDone: () => (seen.done += 1),
  });
  return { queue, seen };
}

describe('the speech queue', () => {
  it('plays sentences in order, fetching the next ones while one plays', async () => {
    const engine = new FakeEngine();
    const { queue, seen } = queueWith(engine);
    for (const s of ['a', 'b', 'c', 'd', 'e']) queue.add(s);
    // The first and the next PREFETCH_AHEAD are asked for at once; the rest wait.
    expect(engine.log).toEqual(['fetch a', 'fetch b', 'fetch c'].slice(0, PREFETCH_AHEAD + 1));
    // The second arrives first: nothing plays before the first.
    await engine.fetched('b');
    expect(engine.log).not.toContain('play b');
    await engine.fetched('a');
    expect(engine.log.at(-1)).toBe('play a');
    expect(engine.log).toContain('fetch d');
    expect(seen.speaking).toEqual([true]);
    await engine.played('a');
    expect(engine.log.at(-1)).toBe('play b');
    await engine.fetched('c');
    await engine.fetched('d');
    await engine.played('b');
    await engine.played('c');
    await engine.fetched('e');
    await engine.played('d');
    queue.end();
    expect(seen.done).toBe(0);
    await engine.played('e');
    expect(engine.log.filter((l) => l.startsWith('play'))).toEqual([
      'play a',
      'play b',
      'play c',
      'play d',
      'play e',
    ]);
    expect(seen.done).toBe(1);
    expect(seen.speaking).toEqual([true, false]);
  });

  it('skips a sentence whose audio cannot be fetched or played, and goes on', async () => {
    const engine = new FakeEngine();
    const { queue, seen } = queueWith(engine);
    queue.add('a');
    queue.add('b');
    queue.add('c');
    queue.end();
    await engine.fetched('a', new Error('503'));
    await engine.fetched('b');
    expect(engine.log.at(-1)).toBe('play b');
    await engine.played('b', new Error('cannot decode'));
    await engine.fetched('c');
    await engine.played('c');
    expect(seen.skipped).toEqual(['a', 'b']);
    expect(engine.log.filter((l) => l.startsWith('play'))).toEqual(['play b', 'play c']);
    expect(seen.done).toBe(1);
  });

  it('ends at once when every sentence failed', async () => {
    const engine = new FakeEngine();
    const { queue, seen } = queueWith(engine);
    queue.add('a');
    queue.end();
    await engine.fetched('a', new Error('offline'));
    expect(seen).toEqual({ speaking: [], skipped: ['a'], done: 1 });
  });

  it('stops at once: the playing clip is silenced, fetches are cancelled, nothing more plays', async () => {
    const engine = new FakeEngine();
    const { queue, seen } = queueWith(engine);
    queue.add('a');
    queue.add('b');
    await engine.fetched('a');
    expect(engine.log.at(-1)).toBe('play a');
    queue.stop();
    expect(engine.log).toContain('stop a');
    queue.add('c');
    queue.end();
    await settle();
    expect(engine.log).not.toContain('fetch c');
    expect(engine.log.filter((l) => l.startsWith('play'))).toEqual(['play a']);
    // A cancelled fetch is not a failure to report, and a stopped queue is not "done".
    expect(seen).toEqual({ speaking: [true, false], skipped: [], done: 0 });
    expect(queue.isStopped).toBe(true);
  });

  it('drops a clip that arrives after the stop', async () => {
    const engine = new FakeEngine();
    const { queue } = queueWith(engine);
    queue.add('a');
    queue.stop();
    await settle();
    expect(engine.log).toEqual(['fetch a']);
  });
});
