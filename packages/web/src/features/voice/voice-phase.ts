import type { RecordingState } from './recording-session';

/** What the voice conversation is doing, as shown beside the message box. */
export type VoicePhase = 'idle' | 'listening' | 'thinking' | 'speaking';

/**
 * Listening wins (the microphone is open), then speaking (an answer is being read while it may
 * still stream), then thinking (a recording is transcribed or the answer is awaited).
 */
export function voicePhase(recording: RecordingState, speaking: boolean, submitting: boolean): VoicePhase {
  if (recording === 'listening') return 'listening';
  if (speaking) return 'speaking';
  if (recording === 'processing' || submitting) return 'thinking';
  return 'idle';
}
