import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import type { RecordingSession, RecordingState } from './recording-session';

/** The microphone's state and its start/stop; the recorder itself loads on first use. */
export function useSpeechToText(onTranscript: (text: string) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecordingState>('idle');
  const session = useRef<RecordingSession | null>(null);
  const deliver = useRef(onTranscript);
  deliver.current = onTranscript;

  const start = useCallback(async () => {
    if (state !== 'idle') return showToast(t('voice.error_already_listening'), 'error');
    const { startRecording } = await import('./recording-session');
    session.current = await startRecording({
      onState: (next) => {
        setState(next);
        if (next !== 'listening') session.current = null;
      },
      onTranscript: (text) => deliver.current(text),
      onError: (key, values) => showToast(t(key, values), 'error'),
    });
  }, [state, t]);

  const stop = useCallback(() => session.current?.stop(), []);
  useEffect(() => () => session.current?.stop(), []);

  const toggle = () => {
    if (state === 'listening') stop();
    else if (state === 'idle') void start();
  };
  return { state, toggle };
}
