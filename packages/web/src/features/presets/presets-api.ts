import type { DeletePresetsResult, Preset } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';

export const presetKeys = { all: ['presets'] as const };

/** Presets are stale after 10 s. */
export function usePresets() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: presetKeys.all,
    queryFn: () => api<Preset[]>('/api/presets'),
    enabled: status === 'authenticated',
    staleTime: 10_000,
  });
}

export function useSavePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preset: Record<string, unknown>) =>
      api<Preset>('/api/presets', { method: 'POST', json: preset }),
    onSuccess: () => client.invalidateQueries({ queryKey: presetKeys.all }),
  });
}

export function useDeletePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string | null) =>
      api<DeletePresetsResult>('/api/presets/delete', { method: 'POST', json: presetId ? { presetId } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: presetKeys.all }),
  });
}
