import { z } from 'zod';
import { AUTO_SEND_TEXT, DECIBEL_VALUE, PLAYBACK_RATE, SPEECH_ENGINES, TTS_MAX_INPUT } from './speech.ts';

// The request and answer schemas of voice; its constants and defaults are in speech.ts, apart from
// zod, for the web's pages that need only those.

/** The per-user voice settings and their local defaults. */
export const speechSettingsSchema = z.object({
  advancedMode: z.boolean(),
  conversationMode: z.boolean(),
  speechToText: z.boolean(),
  textToSpeech: z.boolean(),
  cacheTTS: z.boolean(),
  engineSTT: z.enum(SPEECH_ENGINES),
  languageSTT: z.string(),
  autoTranscribeAudio: z.boolean(),
  decibelValue: z.number().min(DECIBEL_VALUE.min).max(DECIBEL_VALUE.max),
  autoSendText: z.number().int().min(AUTO_SEND_TEXT.min).max(AUTO_SEND_TEXT.max),
  engineTTS: z.enum(SPEECH_ENGINES),
  voice: z.string(),
  cloudBrowserVoices: z.boolean(),
  languageTTS: z.string(),
  automaticPlayback: z.boolean(),
  playbackRate: z.number().min(PLAYBACK_RATE.min).max(PLAYBACK_RATE.max),
});

export type SpeechSettings = z.infer<typeof speechSettingsSchema>;

/**
 * GET /api/files/speech/config/get: the server's `speech.speechTab` defaults flattened, with
 * whether an external engine is configured for each direction; `{ message: 'not_found' }`
 * without a `speech` section.
 */
export const speechConfigAnswerSchema = z.union([
  z.object({ message: z.literal('not_found') }),
  speechSettingsSchema.partial().extend({ sttExternal: z.boolean(), ttsExternal: z.boolean() }),
]);

export type SpeechConfigAnswer = z.infer<typeof speechConfigAnswerSchema>;

/** POST /api/files/speech/tts: speak a saved message of the caller's. */
export const ttsMessageRequestSchema = z.object({
  messageId: z.string({ error: 'messageId is required' }).min(1, 'messageId is required').max(200),
  runId: z.string().max(200).optional(),
  voice: z.string().max(200).optional(),
});

/** POST /api/files/speech/tts/manual: speak a text (multipart or JSON fields). */
export const ttsManualRequestSchema = z.object({
  input: z
    .string({ error: 'input is required' })
    .trim()
    .min(1, 'input is required')
    .max(TTS_MAX_INPUT, `input is too long (at most ${TTS_MAX_INPUT} characters)`),
  voice: z.string().max(200).optional(),
});

export const sttAnswerSchema = z.object({ text: z.string() });
