/** The voice feature as other folders see it: import from here, never from its other files. */
export { MicButton } from './mic-button';
export { ReadAloudButton } from './read-aloud-button';
export { useAutoSend } from './use-auto-send';
export { useVoiceChat } from './use-voice-chat';
export { VoiceStatus } from './voice-status';
export type { StreamingAnswer, StreamingAnswers } from './answer-speaker';
