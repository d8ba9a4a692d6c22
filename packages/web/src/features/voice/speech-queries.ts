import type { SpeechConfigAnswer } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';
import { useVoice } from './voice-store';

export const speechKeys = { config: ['speech', 'config'] as const, voices: ['speech', 'voices'] as const };

/** The server's voice settings, applied once signed in (they fill what the user has not set). */
export function useSpeechConfigSync(): void {
  const status = useAuth((s) => s.status);
  const { data } = useQuery({
    queryKey: speechKeys.config,
    queryFn: () => api<SpeechConfigAnswer>('/api/files/speech/config/get'),
    enabled: status === 'authenticated',
    staleTime: Infinity,
  });
  useEffect(() => {
    if (data) useVoice.getState().applyServer(data);
  }, [data]);
}

/** The external engine's voices. */
export function useExternalVoices(enabled: boolean) {
  return useQuery({
    queryKey: speechKeys.voices,
    queryFn: () => api<string[]>('/api/files/speech/tts/voices'),
    enabled,
    staleTime: 5 * 60_000,
  });
}
