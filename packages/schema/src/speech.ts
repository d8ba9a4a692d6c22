/** Voice: speech to text and text to speech. */
export const SPEECH_ENGINES = ['browser', 'external'] as const;
export type SpeechEngine = (typeof SPEECH_ENGINES)[number];

export const PLAYBACK_RATE = { min: 0.1, max: 2, step: 0.1, default: 1 } as const;
/** Seconds after a transcript before it is sent; -1 means never (the user sends it). */
export const AUTO_SEND_TEXT = { min: -1, max: 60, default: -1, conversationMode: 3 } as const;
/** Microphone level (dB) under which the recorder hears silence. */
export const DECIBEL_VALUE = { min: -100, max: -30, default: -45 } as const;
/** Recording stops after this much silence. */
export const SILENCE_STOP_MS = 3000;
/** MediaRecorder hands over its data in pieces this long. */
export const RECORDER_CHUNK_MS = 100;
/** A text this long or longer takes a while to speak: the user is warned. */
export const LONG_AUDIO_CHARS = 4096;
/** A streamed speech answer that sends nothing for this long is given up. */
export const TTS_CHUNK_TIMEOUT_MS = 15_000;
/** The largest recording the server accepts for transcription (OpenAI's limit). */
export const STT_MAX_BYTES = 25 * 1024 * 1024;
/** The most characters one text-to-speech request may speak. */
export const TTS_MAX_INPUT = 20_000;

/** The languages speech recognition is offered in (BCP 47 tags), plus Pig Latin for fun. */
export const STT_LANGUAGES = [
  'af',
  'ar-AE',
  'ar-BH',
  'ar-DZ',
  'ar-EG',
  'ar-IQ',
  'ar-JO',
  'ar-KW',
  'ar-LB',
  'ar-LY',
  'ar-MA',
  'ar-OM',
  'ar-QA',
  'ar-SA',
  'ar-SY',
  'ar-TN',
  'ar-YE',
  'bg',
  'ca',
  'cs',
  'da',
  'de-AT',
  'de-CH',
  'de-DE',
  'el',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-US',
  'en-ZA',
  'es-AR',
  'es-BO',
  'es-CL',
  'es-CO',
  'es-CR',
  'es-DO',
  'es-EC',
  'es-ES',
  'es-GT',
  'es-HN',
  'es-MX',
  'es-NI',
  'es-PA',
  'es-PE',
  'es-PR',
  'es-PY',
  'es-SV',
  'es-US',
  'es-UY',
  'es-VE',
  'eu',
  'fa',
  'fi',
  'fil',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'gl',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'is',
  'it-CH',
  'it-IT',
  'ja',
  'ko',
  'lt',
  'ms',
  'nb',
  'nl',
  'pl',
  'pt-br',
  'pt-PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-HK',
  'zh-TW',
  'zu',
  'xx-piglatin',
] as const;
