import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import type { AnswerSpeaker, AnswerSpeakerEvents, StreamingAnswers } from './answer-speaker';
import { SpeakerHandover } from './speaker-handover';
import { useVoice } from './voice-store';

/** The speaker passed from a message box that unmounts to the one mounted in its place. */
const handover = new SpeakerHandover<AnswerSpeaker>();

/**
 * Speaks this conversation's new answers as they stream when automatic playback (or conversation
 * mode) is on; the speaking code loads only then. `onDone` runs when an answer was spoken to its
 * end. Another conversation, turning the setting off or leaving the chat stops the speech; the box
 * mounted anew in the same place (a new chat's first send moves it) keeps speaking the answer.
 */
export function useSpokenAnswers(conversationId: string, answers: StreamingAnswers, onDone: () => void) {
  const { t } = useTranslation();
  const wanted = useVoice((s) => s.textToSpeech && (s.automaticPlayback || s.conversationMode));
  const [speaking, setSpeaking] = useState(false);
  const speaker = useRef<AnswerSpeaker | null>(null);
  const latest = useRef({ conversationId, onDone, t });
  latest.current = { conversationId, onDone, t };

  useEffect(() => {
    if (!wanted) {
      handover.disposeParked();
      setSpeaking(false);
      return;
    }
    let gone = false;
    const events: AnswerSpeakerEvents = {
      onSpeaking: setSpeaking,
      onSkipped: () => showToast(latest.current.t('voice.sentence_skipped'), 'info'),
      onDone: () => latest.current.onDone(),
    };
    const adopted = handover.take(answers);
    if (adopted) {
      adopted.setEvents(events);
      adopted.setConversation(latest.current.conversationId);
      speaker.current = adopted;
      setSpeaking(adopted.speaking);
    } else {
      void import('./answer-speaker').then(({ AnswerSpeaker }) => {
        if (gone) return;
        speaker.current = new AnswerSpeaker(latest.current.conversationId, answers, events);
      });
    }
    return () => {
      gone = true;
      if (speaker.current) handover.park(answers, speaker.current);
      speaker.current = null;
    };
  }, [wanted, answers]);

  useEffect(() => speaker.current?.setConversation(conversationId), [conversationId]);

  const stop = useCallback(() => speaker.current?.stop(), []);
  return { speaking, stop };
}
