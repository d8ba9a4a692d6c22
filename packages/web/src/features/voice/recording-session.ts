import { RECORDER_CHUNK_MS } from '@parley/schema';
import { ensureSpeechConfig, transcribe } from './speech-api';
import { watchSilence } from './silence-watch';
import { useVoice } from './voice-store';

import type { RecordingState } from './mic-press';

export type { RecordingState };

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
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/**
 * Starts dictation: idle → listening → processing → idle. The external engine records
 * with MediaRecorder (100 ms chunks) and uploads the recording when it stops; the browser engine
 * uses the Web Speech API where the browser has one. With auto-transcribe (or conversation mode,
 * which needs it) a recording ends by itself once the speaker is silent — the external engine
 * after 3 s under the decibel threshold, the browser's at the end of the utterance — and is
 * transcribed; without it, listening goes on until the user stops it. Loaded when the microphone
 * is first used, so the chat page does not carry it.
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
      // A stop can cross the recorder's own end (silence, a lost device): say so, once.
      if (recorder.state === 'recording') recorder.stop();
      else if (!dropped) cb.onError('voice.error_not_recording');
    },
    cancel: () => {
      dropped = true;
      session.stop();
    },
  };
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopWatching = endsOnSilence() ? watchSilence(stream, decibelValue, session.stop) : () => undefined;
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
  // Continuous recognition keeps listening through pauses until the user stops it.
  recognition.continuous = !endsOnSilence();
  // Continuous recognition reports everything heard so far each time: the transcript is the
  // last report, handed over when listening ends.
  let heard = '';
  recognition.onresult = (event) => {
    heard = Array.from(event.results)
      .map((result) => result[0]?.transcript ?? '')
      .join(' ')
      .trim();
  };
  recognition.onerror = (event) => void failed(cb, 'voice.error_start', { error: event.error });
  recognition.onend = () => {
    cb.onState('idle');
    if (heard) cb.onTranscript(heard);
  };
  recognition.start();
  cb.onState('listening');
  return {
    stop: () => recognition.stop(),
    cancel: () => {
      recognition.onresult = null;
      heard = '';
      recognition.abort();
    },
  };
}

/** Whether a recording ends (and is transcribed) by itself when the speaker falls silent. */
export function endsOnSilence(): boolean {
  const { autoTranscribeAudio, conversationMode } = useVoice.getState();
  return autoTranscribeAudio || conversationMode;
}

function failed(cb: RecordingCallbacks, key: string, values?: Record<string, string>): null {
  cb.onState('idle');
  cb.onError(key, values);
  return null;
}
