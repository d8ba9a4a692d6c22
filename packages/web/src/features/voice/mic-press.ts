/** What a recording is doing (the states of the microphone button). */
export type RecordingState = 'idle' | 'listening' | 'processing';

/** What a press of the microphone (button or Shift+Alt+L) does, or the error it shows instead. */
export type MicPress = { action: 'start' } | { action: 'stop' } | { error: string };

/**
 * A press starts an idle microphone and stops a listening one. While a recording is still
 * starting (the permission prompt, the recorder loading) a second start would open a second
 * recorder, and while the last one is being transcribed a new one would race it: both are
 * refused with the catalogue's texts.
 */
export function micPress(state: RecordingState, starting: boolean): MicPress {
  if (starting) return { error: 'voice.error_already_listening' };
  if (state === 'listening') return { action: 'stop' };
  if (state === 'processing') return { error: 'voice.error_busy' };
  return { action: 'start' };
}

/** A stop asked of a microphone that is not listening is refused with this text. */
export const NOT_RECORDING_ERROR = 'voice.error_not_currently_recording';
