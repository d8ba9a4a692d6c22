import type { SpeechConfigAnswer, SpeechSettings } from '@parley/schema';
import type { SpeechYaml } from '../../config/yaml-sections/speech.ts';

/**
 * GET /api/files/speech/config/get: parley.yaml's `speech.speechTab` as voice settings (a
 * direction given as an object turns it on with those fields), and whether each direction has an
 * external engine. An external engine is the default engine of its direction unless speechTab
 * names one: an administrator who configured it wants it used. Without a `speech` section the
 * answer is `{ message: 'not_found' }` and the browser keeps its own defaults.
 */
export function speechConfigAnswer(speech: SpeechYaml | undefined): SpeechConfigAnswer {
  if (!speech) return { message: 'not_found' };
  const tab = speech.speechTab ?? {};
  const settings: Partial<SpeechSettings> = {};
  if (tab.conversationMode !== undefined) settings.conversationMode = tab.conversationMode;
  if (tab.advancedMode !== undefined) settings.advancedMode = tab.advancedMode;
  if (speech.stt) settings.engineSTT = 'external';
  if (speech.tts) settings.engineTTS = 'external';
  if (typeof tab.speechToText === 'boolean') settings.speechToText = tab.speechToText;
  else if (tab.speechToText) Object.assign(settings, { speechToText: true }, tab.speechToText);
  if (typeof tab.textToSpeech === 'boolean') settings.textToSpeech = tab.textToSpeech;
  else if (tab.textToSpeech) Object.assign(settings, { textToSpeech: true }, tab.textToSpeech);
  return { ...settings, sttExternal: Boolean(speech.stt), ttsExternal: Boolean(speech.tts) };
}
