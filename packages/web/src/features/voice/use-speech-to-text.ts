import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import type { RecordingSession, RecordingState } from './recording-session';

/** The microphone's state and its controls; the recorder itself loads on first use. */
export function useSpeechToText(onTranscript: (text: string) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecordingState>('idle');
  // Read by callbacks that outlive a render (conversation mode starts listening from one).
  const current = useRef<RecordingState>('idle');
  const session = useRef<RecordingSession | null>(null);
  const deliver = useRef(onTranscript);
  deliver.current = onTranscript;

  const start = useCallback(async () => {
    const { startRecording } = await import('./recording-session');
    session.current = await startRecording({
      onState: (next) => {
        current.current = next;
        setState(next);
        if (next !== 'listening') session.current = null;
      },
      onTranscript: (text) => deliver.current(text),
      onError: (key, values) => showToast(t(key, values), 'error'),
    });
  }, [t]);

  const stop = useCallback(() => session.current?.stop(), []);
  /** Stops listening without sending what was heard. */
  const cancel = useCallback(() => session.current?.cancel(), []);
  /** Starts listening when the microphone is free (conversation mode's next turn). */
  const listen = useCallback(() => {
    if (current.current === 'idle') void start();
  }, [start]);
  useEffect(() => () => session.current?.stop(), []);

  const toggle = () => {
    if (current.current === 'listening') stop();
    else if (current.current === 'idle') void start();
    else showToast(t('voice.error_already_listening'), 'error');
  };
  return { state, toggle, listen, cancel };
}

export type SpeechToText = ReturnType<typeof useSpeechToText>;
