import {
  AUTO_SEND_TEXT,
  DECIBEL_VALUE,
  SPEECH_DEFAULTS,
  SPEECH_ENGINES,
  type SpeechConfigAnswer,
  type SpeechSettings,
} from '@parley/schema';

/**
 * Turning conversation mode on or off sets auto-transcribe the same way, auto-send to 3 seconds
 * and the decibel threshold to -45.
 */
export function withConversationMode(settings: SpeechSettings, on: boolean): SpeechSettings {
  return {
    ...settings,
    conversationMode: on,
    autoTranscribeAudio: on,
    autoSendText: AUTO_SEND_TEXT.conversationMode,
    decibelValue: DECIBEL_VALUE.default,
  };
}

/** Conversation mode needs both directions on. */
export function conversationModeAvailable(settings: SpeechSettings): boolean {
  return settings.speechToText && settings.textToSpeech;
}

/** A stored engine that is neither browser nor external is read as browser. */
export function knownEngine(value: unknown): SpeechSettings['engineTTS'] {
  return (SPEECH_ENGINES as readonly unknown[]).includes(value)
    ? (value as SpeechSettings['engineTTS'])
    : 'browser';
}

/**
 * The server's settings fill only the keys the user has not set here (`isSet`); nothing is
 * applied when the server has none (`not_found`). The external flags are handled by the caller:
 * they always come from the server.
 */
export function serverDefaults(
  answer: SpeechConfigAnswer,
  isSet: (key: keyof SpeechSettings) => boolean,
): Partial<SpeechSettings> {
  if ('message' in answer) return {};
  const filled: Partial<SpeechSettings> = {};
  for (const key of Object.keys(SPEECH_DEFAULTS) as (keyof SpeechSettings)[]) {
    const value = answer[key];
    if (value !== undefined && !isSet(key)) Object.assign(filled, { [key]: value });
  }
  return filled;
}
