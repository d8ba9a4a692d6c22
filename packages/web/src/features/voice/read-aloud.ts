import { LONG_AUDIO_CHARS } from '@parley/schema';
import { ensureSpeechConfig, fetchSpeech } from './speech-api';
import { cacheSpeech, cachedSpeech } from './tts-cache';
import { useVoice } from './voice-store';

export interface Playback {
  stop(): void;
}

interface PlaybackCallbacks {
  onLoading(loading: boolean): void;
  onPlaying(playing: boolean): void;
  /** A message for the user: an i18n key and how it is shown. */
  onMessage(key: string, severity: 'info' | 'error'): void;
}

/**
 * Reads a text aloud: the external engine's audio (from the browser's cache when kept there, else
 * fetched and cached) played at the chosen rate, or the browser's own voices. A fetch or timeout
 * failure is only logged and loading stops; a playback failure is shown.
 */
export async function readAloud(text: string, cb: PlaybackCallbacks): Promise<Playback | null> {
  await ensureSpeechConfig();
  const { engineTTS, ttsExternal, voice, playbackRate, cacheTTS } = useVoice.getState();
  if (text.length >= LONG_AUDIO_CHARS) cb.onMessage('voice.long_audio_warning', 'info');
  if (engineTTS !== 'external' || !ttsExternal) return speakInBrowser(text, voice, playbackRate, cb);
  cb.onLoading(true);
  let url: string | undefined;
  try {
    let blob = cacheTTS ? await cachedSpeech(text, voice) : null;
    if (!blob) {
      blob = await fetchSpeech(text, voice);
      if (cacheTTS) await cacheSpeech(text, voice, blob).catch(() => undefined);
    }
    url = URL.createObjectURL(blob);
    const element = new Audio(url);
    element.playbackRate = playbackRate;
    const done = () => {
      cb.onPlaying(false);
      URL.revokeObjectURL(url!);
    };
    element.onended = done;
    cb.onLoading(false);
    try {
      await element.play();
    } catch {
      done();
      cb.onMessage('voice.error_playback', 'error');
      return null;
    }
    cb.onPlaying(true);
    return {
      stop: () => {
        element.pause();
        done();
      },
    };
  } catch (error) {
    console.warn('text to speech failed', error);
    cb.onLoading(false);
    cb.onPlaying(false);
    return null;
  }
}

function speakInBrowser(text: string, voice: string, rate: number, cb: PlaybackCallbacks): Playback | null {
  if (typeof speechSynthesis === 'undefined') return null;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.rate = rate;
  const chosen = speechSynthesis.getVoices().find((v) => v.name === voice);
  if (chosen) utterance.voice = chosen;
  utterance.onend = () => cb.onPlaying(false);
  speechSynthesis.speak(utterance);
  cb.onPlaying(true);
  return { stop: () => speechSynthesis.cancel() };
}
