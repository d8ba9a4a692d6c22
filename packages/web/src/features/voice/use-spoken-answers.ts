import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import type { AnswerSpeaker, StreamingAnswers } from './answer-speaker';
import { useVoice } from './voice-store';

/**
 * Speaks this conversation's new answers as they stream when automatic playback (or conversation
 * mode) is on; the speaking code loads only then. `onDone` runs when an answer was spoken to its
 * end. Another conversation, turning the setting off or leaving the chat stops the speech.
 */
export function useSpokenAnswers(conversationId: string, answers: StreamingAnswers, onDone: () => void) {
  const { t } = useTranslation();
  const wanted = useVoice((s) => s.textToSpeech && (s.automaticPlayback || s.conversationMode));
  const [speaking, setSpeaking] = useState(false);
  const speaker = useRef<AnswerSpeaker | null>(null);
  const latest = useRef({ conversationId, onDone, t });
  latest.current = { conversationId, onDone, t };

  useEffect(() => {
    if (!wanted) return;
    let gone = false;
    void import('./answer-speaker').then(({ AnswerSpeaker }) => {
      if (gone) return;
      speaker.current = new AnswerSpeaker(latest.current.conversationId, answers, {
        onSpeaking: setSpeaking,
        onSkipped: () => showToast(latest.current.t('voice.sentence_skipped'), 'info'),
        onDone: () => latest.current.onDone(),
      });
    });
    return () => {
      gone = true;
      speaker.current?.dispose();
      speaker.current = null;
      setSpeaking(false);
    };
  }, [wanted, answers]);

  useEffect(() => speaker.current?.setConversation(conversationId), [conversationId]);

  const stop = useCallback(() => speaker.current?.stop(), []);
  return { speaking, stop };
}
