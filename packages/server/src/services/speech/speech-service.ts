import { and, eq } from 'drizzle-orm';
import { speakableText, type SpeechConfigAnswer } from '@parley/schema';
import type { SpeechYaml } from '../../config/yaml-sections/speech.ts';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { speechConfigAnswer } from './speech-config.ts';
import { speechChunks } from './speech-text.ts';
import { sttProvider, type Recording, type SttProvider } from './stt-provider.ts';
import { fetchSpeech, ttsProvider, type TtsProvider } from './tts-provider.ts';

export const TTS_NOT_CONFIGURED = 'Text-to-speech is not configured on this server.';
export const STT_NOT_CONFIGURED = 'Speech-to-text is not configured on this server.';

/** The external speech engines of parley.yaml's `speech` section. */
export class SpeechService {
  readonly tts: TtsProvider | null;
  readonly stt: SttProvider | null;
  readonly config: SpeechConfigAnswer;

  constructor(
    private readonly db: Database,
    speech: SpeechYaml | undefined,
  ) {
    this.tts = ttsProvider(speech?.tts);
    this.stt = sttProvider(speech?.stt);
    this.config = speechConfigAnswer(speech);
  }

  voices(): readonly string[] {
    return this.tts?.voices ?? [];
  }

  /** The speakable text of one of the caller's messages; 404 for a message that is not theirs. */
  async messageText(userId: string, messageId: string): Promise<string> {
    const [row] = await this.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.messageId, messageId), eq(messages.userId, userId)))
      .limit(1);
    if (!row) throw notFound('Message not found');
    return speakableText(row.text);
  }

  /**
   * The audio of `text`, piece by piece: each chunk is one request, made after the previous one's
   * audio has been passed on, so playback can start with the first.
   */
  async speak(
    text: string,
    voice: string | undefined,
    signal: AbortSignal,
  ): Promise<AsyncIterable<Uint8Array>> {
    const tts = this.tts;
    if (!tts) throw badRequest(TTS_NOT_CONFIGURED);
    const chunks = speechChunks(text);
    if (chunks.length === 0) throw badRequest('There is no text to speak.');
    const chosen = tts.pickVoice(voice);
    // The first request is made before answering, so a refusal is an HTTP error, not a cut stream.
    const first = await fetchSpeech(tts.request(chunks[0]!, chosen), signal);
    return (async function* () {
      yield* bytesOf(first.body!);
      for (const chunk of chunks.slice(1)) {
        yield* bytesOf((await fetchSpeech(tts.request(chunk, chosen), signal)).body!);
      }
    })();
  }

  async transcribe(recording: Recording, language: string | undefined, signal: AbortSignal): Promise<string> {
    if (!this.stt) throw badRequest(STT_NOT_CONFIGURED);
    return this.stt.transcribe(recording, language, signal);
  }
}

/** The pieces of a fetch answer's body as they arrive (read explicitly: the DOM and Node typings of ReadableStream disagree on async iteration). */
async function* bytesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
