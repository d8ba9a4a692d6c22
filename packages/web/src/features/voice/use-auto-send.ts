import { useEffect, useRef, useState } from 'react';
import { useVoice } from './voice-store';

/**
 * Sends a transcript after the auto-send delay (seconds; negative means never). `cancel` drops a
 * pending send (the user is typing, sent it by hand, or pressed cancel). The latest `send` is used
 * when the delay ends. `sendsAt` is when the pending send goes (epoch ms), or null: the voice
 * status shows the countdown from it.
 */
export function useAutoSend(send: (text: string) => void) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(send);
  latest.current = send;
  const [sendsAt, setSendsAt] = useState<number | null>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    sendsAt,
    schedule(text: string) {
      window.clearTimeout(timer.current);
      const delay = useVoice.getState().autoSendText;
      if (delay < 0) return;
      setSendsAt(Date.now() + delay * 1000);
      timer.current = window.setTimeout(() => {
        setSendsAt(null);
        latest.current(text);
      }, delay * 1000);
    },
    cancel() {
      window.clearTimeout(timer.current);
      setSendsAt(null);
    },
  };
}
