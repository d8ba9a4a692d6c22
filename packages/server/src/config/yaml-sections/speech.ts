import { DECIBEL_VALUE, AUTO_SEND_TEXT, PLAYBACK_RATE, SPEECH_ENGINES } from '@parley/schema';
import { z } from 'zod';
import { implemented } from './section.ts';

const text = z.string().min(1, 'must not be empty');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const voices = z.array(text).min(1, 'needs at least one voice');

/** OpenAI's `/v1/audio/speech` (or any server that speaks it, through `url`). */
const openaiTts = z.strictObject({ url: httpUrl.optional(), apiKey: text, model: text, voices });
/** Azure OpenAI's speech deployment. */
const azureTts = z.strictObject({
  instanceName: text,
  apiKey: text,
  deploymentName: text,
  apiVersion: text,
  model: text,
  voices,
});
/** ElevenLabs' `/v1/text-to-speech/{voice}/stream`. */
const elevenlabsTts = z.strictObject({
  url: httpUrl.optional(),
  websocketUrl: z.string().optional(),
  apiKey: text,
  model: text,
  voices,
  voice_settings: z
    .strictObject({
      similarity_boost: z.number().min(0).max(1).optional(),
      stability: z.number().min(0).max(1).optional(),
      style: z.number().min(0).max(1).optional(),
      use_speaker_boost: z.boolean().optional(),
    })
    .optional(),
  pronunciation_dictionary_locators: z.array(z.string()).optional(),
});
/** LocalAI's `/tts`. */
const localaiTts = z.strictObject({ url: httpUrl, apiKey: z.string().optional(), voices, backend: text });

const openaiStt = z.strictObject({ url: httpUrl.optional(), apiKey: text, model: text });
const azureStt = z.strictObject({ instanceName: text, apiKey: text, deploymentName: text, apiVersion: text });

/** Exactly one provider per direction: which one speaks is never a guess. */
function oneProvider<S extends z.ZodObject>(shape: S, what: string) {
  return shape.refine((value) => Object.values(value).filter((v) => v !== undefined).length === 1, {
    message: `${what} needs exactly one provider`,
  });
}

const speechToTextTab = z.union([
  z.boolean(),
  z.strictObject({
    engineSTT: z.enum(SPEECH_ENGINES).optional(),
    languageSTT: z.string().optional(),
    autoTranscribeAudio: z.boolean().optional(),
    decibelValue: z.number().min(DECIBEL_VALUE.min).max(DECIBEL_VALUE.max).optional(),
    autoSendText: z.number().int().min(AUTO_SEND_TEXT.min).max(AUTO_SEND_TEXT.max).optional(),
  }),
]);
const textToSpeechTab = z.union([
  z.boolean(),
  z.strictObject({
    engineTTS: z.enum(SPEECH_ENGINES).optional(),
    voice: z.string().optional(),
    languageTTS: z.string().optional(),
    automaticPlayback: z.boolean().optional(),
    playbackRate: z.number().min(PLAYBACK_RATE.min).max(PLAYBACK_RATE.max).optional(),
    cacheTTS: z.boolean().optional(),
  }),
]);

/**
 * `speech` (librechat.yaml 1.2.8): the external text-to-speech and speech-to-text providers, and
 * `speechTab`, the defaults of the voice settings a user has not set themselves.
 */
export const speechYamlSchema = z.strictObject({
  tts: oneProvider(
    z.strictObject({
      openai: openaiTts.optional(),
      azureOpenAI: azureTts.optional(),
      elevenlabs: elevenlabsTts.optional(),
      localai: localaiTts.optional(),
    }),
    'tts',
  ).optional(),
  stt: oneProvider(
    z.strictObject({ openai: openaiStt.optional(), azureOpenAI: azureStt.optional() }),
    'stt',
  ).optional(),
  speechTab: z
    .strictObject({
      conversationMode: z.boolean().optional(),
      advancedMode: z.boolean().optional(),
      speechToText: speechToTextTab.optional(),
      textToSpeech: textToSpeechTab.optional(),
    })
    .optional(),
});
export type SpeechYaml = z.infer<typeof speechYamlSchema>;

export const speechSection = implemented(speechYamlSchema);
