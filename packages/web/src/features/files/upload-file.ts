import type { ParleyFile } from '@parley/schema';
import { refreshSession } from '../../api/client';
import { authStore } from '../../store/auth-store';
import type { UploadToolResource } from './upload-options';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly canceled = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function sendOnce(
  form: FormData,
  path: string,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
    xhr.onerror = () => reject(new UploadError('com_error_files_upload'));
    xhr.onabort = () => reject(new UploadError('com_error_files_upload_canceled', true));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads one file as the spec's form (endpoint, file_id, width/height for pictures, file),
 * reporting the bytes sent as a fraction. A 401 refreshes the session once and retries. Fails with
 * the server's message, or the generic upload error.
 */
export async function uploadFile(
  file: File,
  fields: {
    endpoint: string;
    fileId: string;
    width?: number;
    height?: number;
    /**
     * `file_search`: the file is for file search (the server checks the permission); `ocr`: its
     * text is given to the model.
     */
    toolResource?: UploadToolResource;
  },
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ParleyFile> {
  const form = new FormData();
  form.append('endpoint', fields.endpoint);
  form.append('file_id', fields.fileId);
  form.append('message_file', 'true');
  if (fields.toolResource) form.append('tool_resource', fields.toolResource);
  const image = fields.width !== undefined && fields.height !== undefined;
  if (image) {
    form.append('width', String(fields.width));
    form.append('height', String(fields.height));
  }
  form.append('file', file, encodeURIComponent(file.name));
  const path = image ? '/api/files/images' : '/api/files';
  let result = await sendOnce(form, path, authStore.getState().token, onProgress, signal);
  if (result.status === 401) {
    const token = await refreshSession();
    if (token) result = await sendOnce(form, path, token, onProgress, signal);
  }
  const body = result.body as (ParleyFile & { message?: string }) | null;
  if (result.status >= 200 && result.status < 300 && body?.file_id) return body;
  throw new UploadError(body?.message ?? 'com_error_files_upload');
}
