import { useRef } from 'react';
import type { StreamingAnswers } from './answer-speaker';
import { useSpeechToText } from './use-speech-to-text';
import { useSpokenAnswers } from './use-spoken-answers';
import { voicePhase } from './voice-phase';
import { useVoice } from './voice-store';

/**
 * The message box's voice: the microphone (its transcript goes to `onTranscript`), new answers
 * spoken as they stream, and conversation mode's loop — once an answer has been spoken to its end
 * the microphone listens again, silence ends the recording and auto-send sends it. `stop` ends the
 * loop: speech stops and a recording in progress is dropped.
 */
export function useVoiceChat(options: {
  conversationId: string;
  submitting: boolean;
  /** The answers being generated, read as they stream. */
  answers: StreamingAnswers;
  onTranscript: (text: string) => void;
}) {
  const speech = useSpeechToText(options.onTranscript);
  const listen = useRef(speech.listen);
  listen.current = speech.listen;
  const spoken = useSpokenAnswers(options.conversationId, options.answers, () => {
    const { conversationMode, speechToText } = useVoice.getState();
    if (conversationMode && speechToText) listen.current();
  });
  return {
    speech,
    phase: voicePhase(speech.state, spoken.speaking, options.submitting),
    stop: () => {
      spoken.stop();
      speech.cancel();
    },
  };
}
