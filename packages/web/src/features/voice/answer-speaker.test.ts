import { afterEach, describe, expect, it } from 'vitest';
import { useLive, type Generation } from '../chat-run';
import { AnswerSpeaker } from './answer-speaker';
import type { SpeechClip, SpeechEngine } from './speech-queue';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Prepares at once and plays until told (or stopped); records what it was asked. */
class RecordingEngine implements SpeechEngine {
  readonly said: string[] = [];
  readonly stopped: string[] = [];
  private ends: (() => void)[] = [];

  prepare(text: string): Promise<SpeechClip> {
    let end: () => void = () => undefined;
    return Promise.resolve({
      play: () => {
        this.said.push(text);
        return new Promise<void>((resolve) => {
          end = resolve;
          this.ends.push(resolve);
        });
      },
      stop: () => {
        this.stopped.push(text);
        end();
      },
    });
  }

  async finishAll() {
    for (let i = 0; i < 10; i += 1) {
      for (const end of this.ends.splice(0)) end();
      await settle();
    }
  }
}

function generation(
  key: string,
  placeholderId: string,
  text: string,
  extra: Partial<Generation> = {},
): Generation {
  return {
    key,
    userMessageId: `${placeholderId}-q`,
    placeholderId,
    answer: { responseMessageId: null, content: text ? [{ type: 'text', text }] : [], steps: {} },
    stopRequested: false,
    ...extra,
  };
}

function speaker(conversationId: string) {
  const engine = new RecordingEngine();
  const seen = { speaking: [] as boolean[], done: 0, skipped: 0 };
  const s = new AnswerSpeaker(
    conversationId,
    {
      onSpeaking: (on) => seen.speaking.push(on),
      onSkipped: () => (seen.skipped += 1),
      onDone: () => (seen.done += 1),
    },
    engine,
  );
  return { s, engine, seen };
}

afterEach(() => useLive.setState({ generations: {}, created: null }));

describe('the answer speaker', () => {
  it('speaks an answer sentence by sentence while it streams, the last when it ends', async () => {
    const { s, engine, seen } = speaker('c1');
    const live = useLive.getState();
    live.put(generation('c1', 'a1', ''));
    live.patch('c1', generation('c1', 'a1', 'First one. Sec'));
    await settle();
    expect(engine.said).toEqual(['First one.']);
    live.patch('c1', generation('c1', 'a1', 'First one. Second one. Third'));
    live.remove('c1');
    await engine.finishAll();
    expect(engine.said).toEqual(['First one.', 'Second one.', 'Third']);
    expect(seen).toEqual({ speaking: [true, false], done: 1, skipped: 0 });
    s.dispose();
  });

  it('follows a new chat to its id, and stops for a stop request, another conversation or a new answer', async () => {
    const { s, engine, seen } = speaker('new');
    const live = useLive.getState();
    live.put(generation('new', 'a1', ''));
    live.rekey('new', 'c9');
    s.setConversation('c9');
    live.patch('c9', generation('c9', 'a1', 'Kept after the move. More'));
    await settle();
    expect(engine.said).toEqual(['Kept after the move.']);
    live.patch('c9', { stopRequested: true });
    expect(engine.stopped).toEqual(['Kept after the move.']);
    live.remove('c9');

    // A new answer replaces the one being spoken.
    live.put(generation('c9', 'a2', ''));
    live.patch('c9', generation('c9', 'a2', 'Second answer. And'));
    await settle();
    live.remove('c9');
    live.put(generation('c9', 'a3', ''));
    expect(engine.stopped).toContain('Second answer.');

    // Leaving the conversation silences it.
    live.patch('c9', generation('c9', 'a3', 'Third answer. Yes'));
    await settle();
    s.setConversation('c2');
    expect(engine.stopped).toContain('Third answer.');
    expect(seen.done).toBe(0);
    s.dispose();
  });

  it('does not speak an answer re-attached after a reload or already half written', async () => {
    const { s, engine } = speaker('c1');
    const live = useLive.getState();
    live.put(generation('c1', 'c1__resume', ''));
    live.patch('c1', generation('c1', 'c1__resume', 'Resumed text. More'));
    live.remove('c1');
    live.put(generation('c1', 'a5', 'Already written. And'));
    live.patch('c1', generation('c1', 'a5', 'Already written. And more. Yes'));
    await settle();
    expect(engine.said).toEqual([]);
    s.dispose();
  });
});
