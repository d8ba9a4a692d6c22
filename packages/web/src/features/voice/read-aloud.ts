import { LONG_AUDIO_CHARS } from '@parley/schema';
import { SentenceSplitter } from './sentence-splitter';
import { PlaybackFailed, chosenEngine } from './speech-engines';
import { SpeechQueue } from './speech-queue';

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
 * Reads a finished message aloud, sentence by sentence through the speech queue (so a long one
 * starts with its first sentence): the external engine's audio (from the browser's cache when kept
 * there, else fetched and cached) at the chosen rate, or the browser's own voices. A fetch or
 * timeout failure is only logged; a playback failure is shown.
 */
export function readAloud(text: string, cb: PlaybackCallbacks): Playback {
  if (text.length >= LONG_AUDIO_CHARS) cb.onMessage('voice.long_audio_warning', 'info');
  cb.onLoading(true);
  let failedToPlay = false;
  const queue = new SpeechQueue(chosenEngine(), {
    onSpeaking: (speaking) => {
      if (speaking) cb.onLoading(false);
      cb.onPlaying(speaking);
    },
    onSkipped: (_sentence, error) => {
      if (!(error instanceof PlaybackFailed)) return console.warn('text to speech failed', error);
      if (!failedToPlay) cb.onMessage('voice.error_playback', 'error');
      failedToPlay = true;
    },
    onDone: () => {
      cb.onLoading(false);
      cb.onPlaying(false);
    },
  });
  for (const sentence of new SentenceSplitter().finish(text)) queue.add(sentence);
  queue.end();
  return {
    stop: () => {
      queue.stop();
      cb.onLoading(false);
    },
  };
}
