import { RECORDER_CHUNK_MS } from '@parley/schema';
import { ensureSpeechConfig, transcribe } from './speech-api';
import { watchSilence } from './silence-watch';
import { useVoice } from './voice-store';

export type RecordingState = 'idle' | 'listening' | 'processing';

/** What a recording reports: its state, the transcript, or a failure (an i18n key and values). */
export interface RecordingCallbacks {
  onState(state: RecordingState): void;
  onTranscript(text: string): void;
  onError(key: string, values?: Record<string, string>): void;
}

export interface RecordingSession {
  /** Stops listening and transcribes what was said. */
  stop(): void;
  /** Stops listening and drops the recording (conversation mode was ended). */
  cancel(): void;
}

interface BrowserRecognition {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/**
 * Starts dictation: idle → listening → processing → idle. The external engine records
 * with MediaRecorder (100 ms chunks), stops after 3 s under the decibel threshold and uploads the
 * recording; the browser engine uses the Web Speech API where the browser has one. Loaded when
 * the microphone is first used, so the chat page does not carry it.
 */
export async function startRecording(callbacks: RecordingCallbacks): Promise<RecordingSession | null> {
  await ensureSpeechConfig();
  const { engineSTT, sttExternal } = useVoice.getState();
  return engineSTT === 'external' && sttExternal ? startExternal(callbacks) : startBrowser(callbacks);
}

async function startExternal(cb: RecordingCallbacks): Promise<RecordingSession | null> {
  if (typeof MediaRecorder === 'undefined') return failed(cb, 'voice.error_no_media_recorder');
  if (!navigator.mediaDevices?.getUserMedia) return failed(cb, 'voice.error_no_microphone');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    return failed(cb, 'voice.error_permission');
  }
  const { decibelValue, languageSTT } = useVoice.getState();
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream);
  } catch (error) {
    stream.getTracks().forEach((track) => track.stop());
    return failed(cb, 'voice.error_start', { error: (error as Error).message });
  }
  const chunks: Blob[] = [];
  let dropped = false;
  const session = {
    stop: () => {
      if (recorder.state === 'recording') recorder.stop();
    },
    cancel: () => {
      dropped = true;
      session.stop();
    },
  };
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopWatching = watchSilence(stream, decibelValue, session.stop);
  recorder.onstop = () => {
    stopWatching();
    stream.getTracks().forEach((track) => track.stop());
    if (dropped) return cb.onState('idle');
    const audio = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
    if (audio.size === 0) return void failed(cb, 'voice.error_too_short');
    cb.onState('processing');
    transcribe(audio, languageSTT)
      .then((text) => {
        cb.onState('idle');
        if (text.trim()) cb.onTranscript(text.trim());
        else cb.onError('voice.error_processing');
      })
      .catch(() => failed(cb, 'voice.error_processing'));
  };
  recorder.start(RECORDER_CHUNK_MS);
  cb.onState('listening');
  return session;
}

function startBrowser(cb: RecordingCallbacks): RecordingSession | null {
  const w = window as unknown as Record<string, unknown>;
  const Recognition = (w.SpeechRecognition ?? w.webkitSpeechRecognition) as
    (new () => BrowserRecognition) | undefined;
  if (!Recognition) return failed(cb, 'voice.error_no_speech_recognition');
  const recognition = new Recognition();
  recognition.lang = useVoice.getState().languageSTT || navigator.language;
  recognition.interimResults = false;
  recognition.onresult = (event) => {
    const text = Array.from(event.results)
      .map((result) => result[0]?.transcript ?? '')
      .join(' ')
      .trim();
    if (text) cb.onTranscript(text);
  };
  recognition.onerror = (event) => void failed(cb, 'voice.error_start', { error: event.error });
  recognition.onend = () => cb.onState('idle');
  recognition.start();
  cb.onState('listening');
  return {
    stop: () => recognition.stop(),
    cancel: () => {
      recognition.onresult = null;
      recognition.abort();
    },
  };
}

function failed(cb: RecordingCallbacks, key: string, values?: Record<string, string>): null {
  cb.onState('idle');
  cb.onError(key, values);
  return null;
}
