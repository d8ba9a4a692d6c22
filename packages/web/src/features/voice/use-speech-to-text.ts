import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import { micPress, NOT_RECORDING_ERROR } from './mic-press';
import type { RecordingSession, RecordingState } from './recording-session';

/** The microphone's state and its controls; the recorder itself loads on first use. */
export function useSpeechToText(onTranscript: (text: string) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecordingState>('idle');
  // Read by callbacks that outlive a render (conversation mode starts listening from one).
  const current = useRef<RecordingState>('idle');
  const session = useRef<RecordingSession | null>(null);
  // True from a start until the recorder listens (or fails): the permission prompt can take a while.
  const starting = useRef(false);
  const deliver = useRef(onTranscript);
  deliver.current = onTranscript;

  const openSession = useCallback(async () => {
    const { startRecording } = await import('./recording-session');
    return startRecording({
      onState: (next) => {
        current.current = next;
        setState(next);
        if (next !== 'listening') session.current = null;
      },
      onTranscript: (text) => deliver.current(text),
      onError: (key, values) => showToast(t(key, values), 'error'),
    });
  }, [t]);

  const start = useCallback(async () => {
    starting.current = true;
    try {
      session.current = await openSession();
    } finally {
      starting.current = false;
    }
  }, [openSession]);

  const stop = useCallback(() => {
    if (current.current === 'listening' && session.current) session.current.stop();
    else showToast(t(NOT_RECORDING_ERROR), 'error');
  }, [t]);
  /** Stops listening without sending what was heard. */
  const cancel = useCallback(() => session.current?.cancel(), []);
  /** Starts listening when the microphone is free (conversation mode's next turn). */
  const listen = useCallback(() => {
    if (current.current === 'idle' && !starting.current) void start();
  }, [start]);
  useEffect(() => () => session.current?.stop(), []);

  const toggle = () => {
    const press = micPress(current.current, starting.current);
    if ('error' in press) showToast(t(press.error), 'error');
    else if (press.action === 'stop') stop();
    else void start();
  };
  return { state, toggle, listen, stop, cancel };
}

export type SpeechToText = ReturnType<typeof useSpeechToText>;
