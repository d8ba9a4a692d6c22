import { useEffect, useRef } from 'react';
import { useVoice } from './voice-store';

/**
 * Sends a transcript after the auto-send delay (seconds; negative means never). `cancel` drops a
 * pending send (the user is typing). The latest `send` is used when the delay ends.
 */
export function useAutoSend(send: (text: string) => void) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(send);
  latest.current = send;
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    schedule(text: string) {
      window.clearTimeout(timer.current);
      const delay = useVoice.getState().autoSendText;
      if (delay < 0) return;
      timer.current = window.setTimeout(() => latest.current(text), delay * 1000);
    },
    cancel() {
      window.clearTimeout(timer.current);
    },
  };
}
