import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import type { Playback } from './read-aloud';

/** Reads a text aloud and stops it; the playback code loads on first use. */
export function useReadAloud() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const playback = useRef<Playback | null>(null);

  const stop = useCallback(() => {
    playback.current?.stop();
    playback.current = null;
    setPlaying(false);
  }, []);
  useEffect(() => stop, [stop]);

  const play = useCallback(
    async (text: string) => {
      const { readAloud } = await import('./read-aloud');
      playback.current = readAloud(text, {
        onLoading: setLoading,
        onPlaying: setPlaying,
        onMessage: (key, severity) => showToast(t(key), severity),
      });
    },
    [t],
  );

  return { playing, loading, play, stop };
}
