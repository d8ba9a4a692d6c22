import { SPEECH_DEFAULTS, type SpeechConfigAnswer, type SpeechSettings } from '@parley/schema';
import { create } from 'zustand';
import { hasLocal, readLocal, writeLocal } from '../../lib/local-storage';
import { knownEngine, serverDefaults, withConversationMode } from './voice-rules';

interface VoiceState extends SpeechSettings {
  /** The server has an external speech-to-text engine (never stored; always the server's word). */
  sttExternal: boolean;
  ttsExternal: boolean;
  set<K extends keyof SpeechSettings>(key: K, value: SpeechSettings[K]): void;
  setConversationMode(on: boolean): void;
  applyServer(answer: SpeechConfigAnswer): void;
}

function load(): SpeechSettings {
  const stored = Object.fromEntries(
    Object.entries(SPEECH_DEFAULTS).map(([key, fallback]) => [key, readLocal(key, fallback)]),
  ) as SpeechSettings;
  return { ...stored, engineTTS: knownEngine(stored.engineTTS), engineSTT: knownEngine(stored.engineSTT) };
}

function store(values: Partial<SpeechSettings>): void {
  for (const [key, value] of Object.entries(values)) writeLocal(key, value);
}

/** The voice settings, each in localStorage under its own name like the other settings. */
export const useVoice = create<VoiceState>((set, get) => ({
  ...load(),
  sttExternal: false,
  ttsExternal: false,
  set: (key, value) => {
    store({ [key]: value });
    set({ [key]: value } as Partial<SpeechSettings>);
  },
  setConversationMode: (on) => {
    const next = withConversationMode(get(), on);
    const changed = {
      conversationMode: next.conversationMode,
      autoTranscribeAudio: next.autoTranscribeAudio,
      autoSendText: next.autoSendText,
      decibelValue: next.decibelValue,
    };
    store(changed);
    set(changed);
  },
  applyServer: (answer) => {
    if ('message' in answer) return;
    // Server values are defaults: shown, not written, so a later server change still applies.
    set({
      ...serverDefaults(answer, (key) => hasLocal(key)),
      sttExternal: answer.sttExternal,
      ttsExternal: answer.ttsExternal,
    });
  },
}));
