import type { ImportResult } from '@parley/schema';
import { ApiError } from '../../api/api-error';
import { refreshSession } from '../../api/client';
import { authStore } from '../../store/auth-store';

function upload(file: File, token: string | null): Promise<Response> {
  const form = new FormData();
  form.append('file', file, file.name);
  return fetch('/api/convos/import', {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
}

/** POST /api/convos/import (multipart). The typed client speaks JSON only, so this posts itself. */
export async function importConversations(file: File): Promise<ImportResult> {
  let res = await upload(file, authStore.getState().token);
  if (res.status === 401) res = await upload(file, await refreshSession());
  const body = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) throw new ApiError(res.status, body);
  return body as ImportResult;
}
