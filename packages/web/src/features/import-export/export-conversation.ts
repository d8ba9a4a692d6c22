import type { ExportFormat } from '@parley/schema';
import { ApiError } from '../../api/api-error';
import { refreshSession } from '../../api/client';
import { saveBlob } from '../../lib/save-blob';
import { authStore } from '../../store/auth-store';
import { fileNameFromDisposition } from './export-file';

async function download(path: string, token: string | null): Promise<Response> {
  return fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
}

/**
 * Exports one conversation (JSON that imports again with its tree, Markdown or plain text) and
 * saves it through a temporary link. The body is read as a blob: a typed JSON parse would lose
 * the server's exact bytes.
 */
export async function exportConversation(conversationId: string, title: string, format: ExportFormat) {
  const path = `/api/convos/${encodeURIComponent(conversationId)}/export?format=${format}`;
  let res = await download(path, authStore.getState().token);
  if (res.status === 401) res = await download(path, await refreshSession());
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => undefined));
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition'), title, format));
}
