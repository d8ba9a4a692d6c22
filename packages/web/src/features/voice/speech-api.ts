import { TTS_CHUNK_TIMEOUT_MS, type SpeechConfigAnswer } from '@parley/schema';
import { api, apiResponse } from '../../api/client';
import { useVoice } from './voice-store';

/** Sends a recording for transcription; answers the text. */
export async function transcribe(recording: Blob, language: string): Promise<string> {
  const form = new FormData();
  const extension = recording.type.includes('ogg') ? 'ogg' : recording.type.includes('mp4') ? 'm4a' : 'webm';
  form.append('audio', recording, `audio.${extension}`);
  if (language) form.append('language', language);
  const { text } = await api<{ text: string }>('/api/files/speech/stt', { method: 'POST', form });
  return text;
}

/**
 * The audio of a text from the external engine, read to the end. The answer must be ok and have a
 * body; a stream that sends nothing for 15 s is given up ('Reader promise timed out').
 */
export async function fetchSpeech(input: string, voice: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiResponse('/api/files/speech/tts/manual', {
    method: 'POST',
    json: { input, ...(voice ? { voice } : {}) },
    signal,
  });
  if (!res.body) throw new Error('The speech answer has no body');
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new Error('Reader promise timed out')), TTS_CHUNK_TIMEOUT_MS);
    });
    const { done, value } = await Promise.race([reader.read(), timeout]).finally(() =>
      window.clearTimeout(timer),
    );
    if (done) break;
    chunks.push(value);
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'audio/mpeg' });
}

let configApplied: Promise<void> | null = null;

/**
 * Applies the server's voice settings once (the settings tab does it through its query): the
 * microphone and read-aloud code call this before their first use, so the engine they pick is the
 * server's default when the user chose none.
 */
export function ensureSpeechConfig(): Promise<void> {
  configApplied ??= api<SpeechConfigAnswer>('/api/files/speech/config/get')
    .then((answer) => useVoice.getState().applyServer(answer))
    .catch(() => {
      configApplied = null;
    });
  return configApplied;
}
