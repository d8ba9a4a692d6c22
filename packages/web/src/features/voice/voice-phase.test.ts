import { describe, expect, it } from 'vitest';
import { voicePhase } from './voice-phase';

describe('the voice phase shown beside the message box', () => {
  it('is listening while the microphone is open, then speaking, then thinking', () => {
    expect(voicePhase('listening', true, true)).toBe('listening');
    expect(voicePhase('idle', true, true)).toBe('speaking');
    expect(voicePhase('processing', false, false)).toBe('thinking');
    expect(voicePhase('idle', false, true)).toBe('thinking');
    expect(voicePhase('idle', false, false)).toBe('idle');
  });
});
