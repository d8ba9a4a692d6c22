import { describe, expect, it } from 'vitest';
import { AnswerSpeaker, type StreamingAnswer, type StreamingAnswers } from './answer-speaker';
import { SpeakerHandover } from './speaker-handover';
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

/** The chat's live answers, in miniature: one per conversation key, changed by the test. */
class LiveAnswers implements StreamingAnswers {
  private answers = new Map<string, StreamingAnswer>();
  private readonly listeners = new Set<() => void>();

  current = () => [...this.answers.values()];
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  put(key: string, placeholderId: string, text = '') {
    this.answers.set(key, { key, placeholderId, text, stopRequested: false });
    this.emit();
  }
  patch(key: string, change: Partial<StreamingAnswer>) {
    this.answers.set(key, { ...this.answers.get(key)!, ...change });
    this.emit();
  }
  rekey(from: string, to: string) {
    const answer = this.answers.get(from)!;
    this.answers.delete(from);
    this.answers.set(to, { ...answer, key: to });
    this.emit();
  }
  remove(key: string) {
    this.answers.delete(key);
    this.emit();
  }
  private emit() {
    for (const listener of this.listeners) listener();
  }
}

function speaker(conversationId: string) {
  const engine = new RecordingEngine();
  const live = new LiveAnswers();
  const seen = { speaking: [] as boolean[], done: 0, skipped: 0 };
  const s = new AnswerSpeaker(
    conversationId,
    live,
    {
      onSpeaking: (on) => seen.speaking.push(on),
      onSkipped: () => (seen.skipped += 1),
      onDone: () => (seen.done += 1),
    },
    engine,
  );
  return { s, engine, seen, live };
}

describe('the answer speaker', () => {
  it('speaks an answer sentence by sentence while it streams, the last when it ends', async () => {
    const { s, engine, seen, live } = speaker('c1');
    live.put('c1', 'a1');
    live.patch('c1', { text: 'First one. Sec' });
    await settle();
    expect(engine.said).toEqual(['First one.']);
    live.patch('c1', { text: 'First one. Second one. Third' });
    live.remove('c1');
    await engine.finishAll();
    expect(engine.said).toEqual(['First one.', 'Second one.', 'Third']);
    expect(seen).toEqual({ speaking: [true, false], done: 1, skipped: 0 });
    s.dispose();
  });

  it('follows a new chat to its id, and stops for a stop request, another conversation or a new answer', async () => {
    const { s, engine, seen, live } = speaker('new');
    live.put('new', 'a1');
    live.rekey('new', 'c9');
    s.setConversation('c9');
    live.patch('c9', { text: 'Kept after the move. More' });
    await settle();
    expect(engine.said).toEqual(['Kept after the move.']);
    live.patch('c9', { stopRequested: true });
    expect(engine.stopped).toEqual(['Kept after the move.']);
    live.remove('c9');

    // A new answer replaces the one being spoken.
    live.put('c9', 'a2');
    live.patch('c9', { text: 'Second answer. And' });
    await settle();
    live.remove('c9');
    live.put('c9', 'a3');
    expect(engine.stopped).toContain('Second answer.');

    // Leaving the conversation silences it.
    live.patch('c9', { text: 'Third answer. Yes' });
    await settle();
    s.setConversation('c2');
    expect(engine.stopped).toContain('Third answer.');
    expect(seen.done).toBe(0);
    s.dispose();
  });

  it('does not speak an answer re-attached after a reload or already half written', async () => {
    const { s, engine, live } = speaker('c1');
    live.put('c1', 'c1__resume');
    live.patch('c1', { text: 'Resumed text. More' });
    live.remove('c1');
    live.put('c1', 'a5', 'Already written. And');
    live.patch('c1', { text: 'Already written. And more. Yes' });
    await settle();
    expect(engine.said).toEqual([]);
    s.dispose();
  });
});

describe('the speaker handed over to a message box mounted anew', () => {
  // On a new chat's first send the desktop box moves from the centred greeting to the chat's foot
  // (React mounts it anew) while the answer may already be streaming.
  it('a speaker made by the new box would miss the answer already under way', async () => {
    const { s, engine, live } = speaker('new');
    live.put('new', 'a1');
    s.dispose();
    const late = new AnswerSpeaker(
      'new',
      live,
      { onSpeaking: () => {}, onSkipped: () => {}, onDone: () => {} },
      engine,
    );
    live.patch('new', { text: 'Already streaming. More' });
    live.remove('new');
    await engine.finishAll();
    expect(engine.said).toEqual([]);
    late.dispose();
  });

  it('the parked speaker taken in the same task speaks on, and its events reach the new box', async () => {
    const { s, engine, seen, live } = speaker('new');
    const handover = new SpeakerHandover<AnswerSpeaker>();
    live.put('new', 'a1');
    live.patch('new', { text: 'First one. Sec' });
    await settle();
    expect(s.speaking).toBe(true);

    handover.park(live, s);
    const adopted = handover.take(live);
    expect(adopted).toBe(s);
    const moved = { speaking: [] as boolean[], done: 0 };
    adopted!.setEvents({
      onSpeaking: (on) => moved.speaking.push(on),
      onSkipped: () => {},
      onDone: () => (moved.done += 1),
    });
    live.rekey('new', 'c9');
    adopted!.setConversation('c9');
    live.patch('c9', { text: 'First one. Second one.' });
    live.remove('c9');
    await engine.finishAll();
    expect(engine.said).toEqual(['First one.', 'Second one.']);
    expect(engine.stopped).toEqual([]);
    expect(seen).toEqual({ speaking: [true], done: 0, skipped: 0 });
    expect(moved).toEqual({ speaking: [false], done: 1 });
    s.dispose();
  });

  it('a parked speaker nobody takes by the next task is disposed; another source does not take it', async () => {
    const { s, engine, live } = speaker('c1');
    const handover = new SpeakerHandover<AnswerSpeaker>();
    live.put('c1', 'a1');
    live.patch('c1', { text: 'Spoken. Cut' });
    await settle();
    handover.park(live, s);
    expect(handover.take(new LiveAnswers())).toBeNull();
    await settle();
    expect(engine.stopped).toEqual(['Spoken.']);
    expect(handover.take(live)).toBeNull();
  });

  it('speech turned off disposes a parked speaker at once', async () => {
    const { s, engine, live } = speaker('c1');
    const handover = new SpeakerHandover<AnswerSpeaker>();
    live.put('c1', 'a1');
    live.patch('c1', { text: 'Spoken. Cut' });
    await settle();
    handover.park(live, s);
    handover.disposeParked();
    expect(engine.stopped).toEqual(['Spoken.']);
    expect(handover.take(live)).toBeNull();
  });
});
