import { SentenceSplitter } from './sentence-splitter';
import { chosenEngine } from './speech-engines';
import { SpeechQueue, type SpeechEngine } from './speech-queue';

/** An answer being generated in this tab, as the speaker needs to see it. */
export interface StreamingAnswer {
  /** Its conversation (a new chat's temporary key until the server names it). */
  key: string;
  placeholderId: string;
  /** Its text so far. */
  text: string;
  stopRequested: boolean;
}

/**
 * Where the answers being generated are read; the chat passes its live generations (the voice
 * feature does not reach into the chat run itself).
 */
export interface StreamingAnswers {
  current(): StreamingAnswer[];
  subscribe(listener: () => void): () => void;
}

export interface AnswerSpeakerEvents {
  /** Speech of an answer started (true) or ended, finished or stopped (false). */
  onSpeaking(speaking: boolean): void;
  /** A sentence was left out (its audio failed); called once per answer. */
  onSkipped(): void;
  /** An answer was spoken to its end (never after a stop): conversation mode listens again. */
  onDone(): void;
}

/** The answer being spoken: which generation, how far its text was read, and its queue. */
interface Spoken {
  placeholderId: string;
  /** The conversation it belongs to (follows a new chat's temporary key to its id). */
  key: string;
  text: string;
  splitter: SentenceSplitter;
  queue: SpeechQueue;
  finished: boolean;
}

/** Generations re-attached after a reload were not asked for in this page: they are not spoken. */
const RESUMED_SUFFIX = '__resume';

/**
 * Speaks the answers of one conversation as they stream: each new answer's text is cut into
 * sentences as it grows, and each complete sentence goes to a speech queue at once, the last one
 * when the answer ends. A new answer replaces the one being spoken; the stop button (a stop
 * requested on the generation), `stop()` and leaving the conversation silence it.
 */
export class AnswerSpeaker {
  private spoken: Spoken | null = null;
  private speakingNow = false;
  private readonly unsubscribe: () => void;

  constructor(
    private conversationId: string,
    private readonly answers: StreamingAnswers,
    private events: AnswerSpeakerEvents,
    private readonly engine: SpeechEngine = chosenEngine(),
  ) {
    this.unsubscribe = answers.subscribe(() => this.follow(answers.current()));
  }

  /** Whether an answer is being spoken now. */
  get speaking(): boolean {
    return this.speakingNow;
  }

  /** Another message box took this speaker over (see SpeakerHandover): its events go there now. */
  setEvents(events: AnswerSpeakerEvents): void {
    this.events = events;
  }

  /** The chat shown changed: speech of another conversation's answer stops. */
  setConversation(conversationId: string): void {
    this.conversationId = conversationId;
    if (this.spoken && this.spoken.key !== conversationId) this.stop();
  }

  stop(): void {
    const spoken = this.spoken;
    this.spoken = null;
    spoken?.queue.stop();
  }

  dispose(): void {
    this.unsubscribe();
    this.stop();
  }

  private follow(answers: StreamingAnswer[]): void {
    const fresh = answers.find((a) => a.key === this.conversationId);
    if (fresh && fresh.placeholderId !== this.spoken?.placeholderId && this.startsAnew(fresh)) {
      this.start(fresh);
    }
    const spoken = this.spoken;
    if (!spoken || spoken.finished) return;
    const live = answers.find((a) => a.placeholderId === spoken.placeholderId);
    if (!live) {
      // The answer ended: its last sentence is complete now.
      spoken.finished = true;
      for (const sentence of spoken.splitter.finish(spoken.text)) spoken.queue.add(sentence);
      spoken.queue.end();
      return;
    }
    if (live.stopRequested) return this.stop();
    spoken.key = live.key;
    spoken.text = live.text;
    for (const sentence of spoken.splitter.next(spoken.text)) spoken.queue.add(sentence);
  }

  /** A generation seen from its very start (not a reload's, not one already half written). */
  private startsAnew(answer: StreamingAnswer): boolean {
    return !answer.placeholderId.endsWith(RESUMED_SUFFIX) && !answer.stopRequested && answer.text === '';
  }

  private start(answer: StreamingAnswer): void {
    this.stop();
    let skipped = false;
    let spoken: Spoken | null = null;
    const queue = new SpeechQueue(this.engine, {
      onSpeaking: (speaking) => {
        this.speakingNow = speaking;
        this.events.onSpeaking(speaking);
      },
      onSkipped: (sentence, error) => {
        console.warn('a sentence was not spoken', sentence, error);
        if (!skipped) this.events.onSkipped();
        skipped = true;
      },
      onDone: () => {
        if (this.spoken === spoken) this.spoken = null;
        this.events.onDone();
      },
    });
    spoken = {
      placeholderId: answer.placeholderId,
      key: answer.key,
      text: '',
      splitter: new SentenceSplitter(),
      queue,
      finished: false,
    };
    this.spoken = spoken;
  }
}
