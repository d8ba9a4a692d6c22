import type { ParleyFile } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, refreshSession } from '../../api/client';
import { authStore, useAuth } from '../../store/auth-store';

export const myFilesKeys = { all: ['files', 'mine'] as const };

/** GET /api/files: the caller's attachments, newest first. */
export function useMyFiles() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: myFilesKeys.all,
    queryFn: () => api<ParleyFile[]>('/api/files'),
    enabled: status === 'authenticated',
  });
}

/** DELETE /api/files for the chosen files; the list drops them once the server agrees. */
export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: ParleyFile[]) =>
      api('/api/files', {
        method: 'DELETE',
        json: {
          files: files.map((f) => ({
            file_id: f.file_id,
            filepath: f.filepath,
            source: f.source,
            embedded: f.embedded,
          })),
        },
      }),
    onSuccess: (_, deleted) => {
      const gone = new Set(deleted.map((f) => f.file_id));
      queryClient.setQueryData<ParleyFile[]>(myFilesKeys.all, (list) =>
        list?.filter((f) => !gone.has(f.file_id)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myFilesKeys.all }),
  });
}

async function fetchBytes(path: string, method: 'GET' | 'HEAD' = 'GET'): Promise<Response> {
  const send = (token: string | null) =>
    fetch(path, {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  const res = await send(authStore.getState().token);
  return res.status === 401 ? send(await refreshSession()) : res;
}

/**
 * Saves one file to the person's disk under its own name: the bytes need the session's token, so
 * they are fetched and handed to the browser as an object URL. Throws when there is no data.
 */
export async function downloadFile(file: ParleyFile): Promise<void> {
  const res = await fetchBytes(file.filepath);
  if (!res.ok) throw new Error(`Download failed with status ${res.status}`);
  const blob = await res.blob();
  if (blob.size === 0 && file.bytes > 0) throw new Error('The download had no data');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the URL by the next turn; keep it a little longer for slow machines.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The header in which the download route sends the file's record as JSON. */
const FILE_METADATA_HEADER = 'x-file-metadata';

/**
 * The caller's own file `fileId`, asked of the server (a HEAD on its download address, which
 * answers 404 for a file that is not the caller's), or null when the caller may not have it.
 */
export async function ownFile(fileId: string): Promise<ParleyFile | null> {
  const userId = authStore.getState().user?.id;
  if (!userId) return null;
  const res = await fetchBytes(
    `/api/files/download/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`,
    'HEAD',
  );
  if (res.status === 404 || res.status === 403) return null;
  if (!res.ok) throw new Error(`File check failed with status ${res.status}`);
  const metadata = res.headers.get(FILE_METADATA_HEADER);
  return metadata ? (JSON.parse(metadata) as ParleyFile) : null;
}

/** useQuery over ownFile: asked only while `enabled` (an open pop-up), kept for a minute. */
export function useOwnFile(fileId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['files', 'own', fileId] as const,
    queryFn: () => ownFile(fileId),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
