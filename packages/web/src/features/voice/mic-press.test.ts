import { describe, expect, it } from 'vitest';
import { micPress } from './mic-press';

describe('micPress', () => {
  it('starts an idle microphone and stops a listening one', () => {
    expect(micPress('idle', false)).toEqual({ action: 'start' });
    expect(micPress('listening', false)).toEqual({ action: 'stop' });
  });

  it('refuses a press while the last recording is being transcribed', () => {
    expect(micPress('processing', false)).toEqual({ error: 'voice.error_busy' });
  });

  it('refuses a second start while the first is still starting', () => {
    expect(micPress('idle', true)).toEqual({ error: 'voice.error_already_listening' });
  });
});
