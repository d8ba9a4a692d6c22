import { AUTO_SEND_TEXT, DECIBEL_VALUE, PLAYBACK_RATE } from './speech.ts';
import type { SpeechSettings } from './speech-schemas.ts';

// The voice settings a user starts with. Apart from speech.ts because their type comes from the
// schemas file, which builds its limits from speech.ts: kept there, the two files would import
// each other. Only the type is imported, so this file, like speech.ts, holds no zod at run time.

export const SPEECH_DEFAULTS: SpeechSettings = {
  advancedMode: false,
  conversationMode: false,
  speechToText: true,
  textToSpeech: true,
  cacheTTS: true,
  engineSTT: 'browser',
  languageSTT: '',
  autoTranscribeAudio: false,
  decibelValue: DECIBEL_VALUE.default,
  autoSendText: AUTO_SEND_TEXT.default,
  engineTTS: 'browser',
  voice: '',
  cloudBrowserVoices: false,
  languageTTS: '',
  automaticPlayback: false,
  playbackRate: PLAYBACK_RATE.default,
};
