import {
  checkUploads,
  fileLimitsFor,
  FILE_DELETE_DEBOUNCE_MS,
  inferFileType,
  isHeicType,
  needsToolResource,
  UPLOAD_DONE_DELAY_MS,
  uploadErrors,
  UPLOAD_PROGRESS,
  type FileConfigResponse,
  type ParleyFile,
} from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { showToast } from '../toasts';
import { useAttachments, type Attachment } from './attachments-store';
import { localStore } from './local-store';
import { forgetPendingDeletes, keepPendingDelete } from './pending-deletes';
import { imageSizeOf, resizeForUpload } from './prepare-image';
import { SLOW_UPLOAD_NOTICE_MS, watchSlowUpload } from './slow-upload';
import { asProcessing, runUploadChecks } from './upload-failures';
import { UploadError, uploadFile } from './upload-file';
import type { UploadToolResource } from './upload-options';
import { randomUuid } from '../../lib/random-uuid';

export const fileConfigQueryKey = ['files', 'config'] as const;

export function useFileConfig() {
  return useQuery({
    queryKey: fileConfigQueryKey,
    queryFn: () => api<FileConfigResponse>('/api/files/config'),
    staleTime: Infinity,
  });
}

/**
 * Uploaded files removed before sending, deleted on the server in one batch after a pause; each
 * is kept in local storage until the server answers (pending-deletes.ts), so a reload in the
 * meantime does not leave it behind.
 */
let pendingDeletes: string[] = [];
let deleteTimer: number | undefined;
function scheduleDelete(file: ParleyFile) {
  const store = localStore();
  if (store) keepPendingDelete(store, file);
  pendingDeletes.push(file.file_id);
  window.clearTimeout(deleteTimer);
  deleteTimer = window.setTimeout(() => {
    const ids = pendingDeletes;
    pendingDeletes = [];
    api('/api/files', { method: 'DELETE', json: { files: ids.map((file_id) => ({ file_id })) } }).then(
      () => {
        if (store) forgetPendingDeletes(store, ids);
        showToast(i18next.t('com_ui_delete_success'), 'success');
      },
      (e: unknown) => {
        // A refusal is said; any other failed clean-up is logged, and the files stay kept for the next start.
        if (e instanceof ApiError && e.status === 403)
          showToast(i18next.t('com_ui_delete_not_allowed'), 'error');
        else console.warn(e);
      },
    );
  }, FILE_DELETE_DEBOUNCE_MS);
}

interface AddOptions {
  toolResource?: UploadToolResource;
}

/**
 * Adding and removing a conversation's attachments: the spec's checks first (one message for the
 * whole choice), then each file uploads on its own (a HEIC picture first becomes a JPEG, as vision
 * models and the viewer cannot read HEIC) with progress 0.1 → 0.5 (converted) → 0.6
 * (measured) → 0.9 (uploaded) → 1 after 300 ms. A failed upload is removed and its error shown.
 */
export function useAttach(conversationId: string, endpoint: string | undefined) {
  const { t } = useTranslation();
  const config = useFileConfig();
  const store = useAttachments;
  const ready = Boolean(config.data && endpoint);
  /** Files dropped, pasted or picked before the limits and the chat's endpoint were known. */
  const waiting = useRef<{ files: File[]; options: AddOptions }[]>([]);

  const add = useCallback(
    async (chosen: File[], options: AddOptions = {}) => {
      if (chosen.length === 0) return;
      if (!config.data || !endpoint) {
        // The chat is still loading: the files are added as soon as it is ready, not lost.
        waiting.current.push({ files: chosen, options });
        return;
      }
      const limits = fileLimitsFor(config.data, endpoint);
      const existing = store.getState().byConversation[conversationId] ?? [];
      const { problem, crashed } = runUploadChecks(() =>
        checkUploads(
          chosen.map((f) => ({ name: f.name, size: f.size, type: f.type })),
          limits,
          existing.map((a) => ({ name: a.name, size: a.size, type: a.type })),
        ),
      );
      if (problem) {
        showToast(crashed ? t(problem) : problem, 'error');
        return;
      }
      // On the agents endpoint a document needs a tool to read it (as text, file search).
      const unread = chosen.find((f) =>
        needsToolResource(endpoint, inferFileType(f.name, f.type), options.toolResource),
      );
      if (unread) {
        showToast(uploadErrors.unsupportedCapability(unread.name), 'error');
        return;
      }
      await Promise.all(
        chosen.map(async (original) => {
          const id = randomUuid();
          const type = inferFileType(original.name, original.type);
          const isImage = type.startsWith('image/');
          // Browsers cannot show a HEIC picture: its thumbnail waits for the JPEG.
          const heic = isHeicType(type);
          const abort = new AbortController();
          let preview = isImage && !heic ? URL.createObjectURL(original) : undefined;
          store.getState().add(conversationId, {
            id,
            name: original.name,
            size: original.size,
            type,
            progress: UPLOAD_PROGRESS.start,
            abort,
            ...(preview ? { preview } : {}),
          });
          const set = (patch: Partial<Attachment>) => store.getState().update(conversationId, id, patch);
          const stopWatching = watchSlowUpload(original.size, () =>
            showToast(t('com_ui_upload_slow', { name: original.name }), 'warning', SLOW_UPLOAD_NOTICE_MS),
          );
          try {
            let picture = original;
            if (heic) {
              showToast(t('com_info_heic_converting'), 'info');
              // The conversion (and its decoder) loads only when a HEIC picture is chosen.
              const { convertHeicToJpeg } = await import('./convert-heic');
              picture = await convertHeicToJpeg(original).catch(() => {
                throw new UploadError('com_error_heic_conversion');
              });
              // From here on the chip shows what is uploaded and sent: the JPEG.
              preview = URL.createObjectURL(picture);
              set({ name: picture.name, size: picture.size, type: picture.type, preview });
            }
            const file = isImage
              ? await asProcessing(resizeForUpload(picture, config.data!, limits.fileSizeLimit))
              : original;
            set({ progress: UPLOAD_PROGRESS.converted });
            const size = isImage ? await imageSizeOf(file) : undefined;
            set({ progress: UPLOAD_PROGRESS.measured });
            const uploaded = await uploadFile(
              file,
              { endpoint, fileId: id, ...size, ...options },
              (fraction) => set({ progress: UPLOAD_PROGRESS.measured + fraction * 0.3 }),
              abort.signal,
            );
            set({ progress: UPLOAD_PROGRESS.uploaded });
            window.setTimeout(
              () => set({ progress: UPLOAD_PROGRESS.done, file: uploaded }),
              UPLOAD_DONE_DELAY_MS,
            );
          } catch (err) {
            store.getState().remove(conversationId, id);
            if (preview) URL.revokeObjectURL(preview);
            const key = err instanceof UploadError ? err.message : 'com_error_files_upload';
            showToast(key.startsWith('com_') ? t(key) : key, 'error');
          } finally {
            stopWatching();
          }
        }),
      );
    },
    [config.data, endpoint, conversationId, store, t],
  );

  const remove = useCallback(
    (attachment: Attachment) => {
      showToast(t('com_ui_deleting_file'), 'info');
      if (attachment.progress < 1) attachment.abort?.abort();
      store.getState().remove(conversationId, attachment.id);
      if (attachment.preview) URL.revokeObjectURL(attachment.preview);
      if (attachment.file) scheduleDelete(attachment.file);
    },
    [conversationId, store, t],
  );

  useEffect(() => {
    if (!ready || waiting.current.length === 0) return;
    const queued = waiting.current;
    waiting.current = [];
    for (const { files, options } of queued) void add(files, options);
  }, [ready, add]);
  // Files waiting for one chat are not added to the next one opened.
  useEffect(() => () => void (waiting.current = []), [conversationId]);

  return { add, remove, ready };
}
