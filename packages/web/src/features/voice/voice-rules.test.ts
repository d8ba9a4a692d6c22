import { SPEECH_DEFAULTS } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { conversationModeAvailable, knownEngine, serverDefaults, withConversationMode } from './voice-rules';

describe('voice settings rules', () => {
  it('conversation mode sets auto-transcribe with it, auto-send 3 and -45 dB', () => {
    const on = withConversationMode({ ...SPEECH_DEFAULTS, decibelValue: -80, autoSendText: 10 }, true);
    expect(on).toMatchObject({
      conversationMode: true,
      autoTranscribeAudio: true,
      autoSendText: 3,
      decibelValue: -45,
    });
    expect(withConversationMode(on, false)).toMatchObject({
      conversationMode: false,
      autoTranscribeAudio: false,
    });
    expect(conversationModeAvailable({ ...SPEECH_DEFAULTS, textToSpeech: false })).toBe(false);
    expect(conversationModeAvailable(SPEECH_DEFAULTS)).toBe(true);
  });

  it('reads an unknown engine as browser', () => {
    expect(knownEngine('external')).toBe('external');
    expect(knownEngine('elevenlabs')).toBe('browser');
  });

  it("fills only what the user has not set from the server's settings; not_found fills nothing", () => {
    const answer = { engineSTT: 'external', voice: 'nova', sttExternal: true, ttsExternal: false } as const;
    expect(serverDefaults(answer, (key) => key === 'voice')).toEqual({ engineSTT: 'external' });
    expect(serverDefaults({ message: 'not_found' }, () => false)).toEqual({});
  });
});
