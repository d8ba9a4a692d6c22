import { ensureSpeechConfig, fetchSpeech } from './speech-api';
import type { SpeechClip, SpeechEngine } from './speech-queue';
import { cacheSpeech, cachedSpeech } from './tts-cache';
import { useVoice } from './voice-store';

/** What the engines read from the voice settings when a sentence is prepared. */
interface VoiceChoice {
  voice: string;
  playbackRate: number;
  cacheTTS: boolean;
  /** The language the browser's voices read in (a BCP 47 tag); empty leaves it to the page's. */
  languageTTS: string;
}

/** A sentence's audio could be had but not played (shown to the user, unlike a failed fetch). */
export class PlaybackFailed extends Error {}

/**
 * The engine of the voice settings, chosen for each sentence once the server's speech settings
 * are known: the server's when it has one and the user picked it, else the browser's voices.
 */
export function chosenEngine(): SpeechEngine {
  void ensureSpeechConfig();
  return {
    async prepare(text, signal) {
      await ensureSpeechConfig();
      const { engineTTS, ttsExternal, voice, playbackRate, cacheTTS, languageTTS } = useVoice.getState();
      const choice = { voice, playbackRate, cacheTTS, languageTTS };
      const engine = engineTTS === 'external' && ttsExternal ? externalEngine(choice) : browserEngine(choice);
      return engine.prepare(text, signal);
    },
  };
}

/**
 * The server's engine: a sentence's audio comes from the browser's cache when it is kept there,
 * else from `POST /api/files/speech/tts/manual` (then cached); it plays in an audio element at the
 * chosen rate. The element is made while fetching ahead, so the browser decodes it before its turn.
 */
function externalEngine(choice: VoiceChoice): SpeechEngine {
  return {
    async prepare(text, signal) {
      const { voice, playbackRate, cacheTTS } = choice;
      let blob = cacheTTS ? await cachedSpeech(text, voice).catch(() => null) : null;
      if (!blob) {
        blob = await fetchSpeech(text, voice, signal);
        if (cacheTTS) await cacheSpeech(text, voice, blob).catch(() => undefined);
      }
      return audioClip(blob, playbackRate);
    },
  };
}

/** Plays recorded audio; the object URL is freed when it ends or is stopped. */
function audioClip(blob: Blob, playbackRate: number): SpeechClip {
  const url = URL.createObjectURL(blob);
  const element = new Audio(url);
  element.preload = 'auto';
  let finish: (() => void) | null = null;
  const release = () => {
    element.onended = null;
    element.onerror = null;
    URL.revokeObjectURL(url);
  };
  return {
    play: () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        element.onended = () => {
          release();
          resolve();
        };
        element.onerror = () => {
          release();
          reject(new PlaybackFailed('The audio could not be played'));
        };
        element.playbackRate = playbackRate;
        element.play().catch((error: unknown) => {
          release();
          reject(new PlaybackFailed(error instanceof Error ? error.message : String(error)));
        });
      }),
    stop: () => {
      element.pause();
      release();
      finish?.();
    },
  };
}

/**
 * The browser's own voices (speechSynthesis): nothing to fetch, each sentence is one utterance,
 * queued like the server's audio so stop and ordering behave the same.
 */
export function browserEngine(choice: VoiceChoice): SpeechEngine {
  return {
    prepare(text) {
      if (typeof speechSynthesis === 'undefined') {
        return Promise.reject(new PlaybackFailed('This browser cannot speak'));
      }
      const { voice, playbackRate, languageTTS } = choice;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.rate = playbackRate;
      // Without a chosen voice the browser picks one for this language (else for the page's).
      if (languageTTS) utterance.lang = languageTTS;
      const chosen = speechSynthesis.getVoices().find((v) => v.name === voice);
      if (chosen) utterance.voice = chosen;
      return Promise.resolve(utteranceClip(utterance));
    },
  };
}

/**
 * How long the browser may take to start an utterance: one without a usable voice never starts
 * nor ends, and must not hold the queue.
 */
const UTTERANCE_START_MS = 5000;

function utteranceClip(utterance: SpeechSynthesisUtterance): SpeechClip {
  let finish: (() => void) | null = null;
  let watchdog: number | undefined;
  return {
    play: () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        watchdog = window.setTimeout(() => {
          speechSynthesis.cancel();
          reject(new PlaybackFailed('The browser did not start speaking'));
        }, UTTERANCE_START_MS);
        utterance.onstart = () => window.clearTimeout(watchdog);
        utterance.onend = () => {
          window.clearTimeout(watchdog);
          resolve();
        };
        // Cancelling (our own stop) reports "interrupted" or "canceled": that is an end, not a failure.
        utterance.onerror = (event) => {
          window.clearTimeout(watchdog);
          if (event.error === 'interrupted' || event.error === 'canceled') resolve();
          else reject(new PlaybackFailed(`Speech synthesis failed: ${event.error}`));
        };
        speechSynthesis.speak(utterance);
      }),
    stop: () => {
      window.clearTimeout(watchdog);
      utterance.onstart = null;
      utterance.onend = null;
      utterance.onerror = null;
      speechSynthesis.cancel();
      finish?.();
    },
  };
}
