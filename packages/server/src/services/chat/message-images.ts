import { isImageType, uploadErrors, type EndpointFileLimits } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { notFound, badRequest } from '../../errors/app-error.ts';
import type { EndpointKind } from '../endpoints/endpoint.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { withBlobOnDisk } from '../files/blob-on-disk.ts';
import { findOwnFiles } from '../files/file-records.ts';
import { fitImage } from '../files/fit-image.ts';
import { imageLimitsFor } from '../files/provider-image-limits.ts';
import type { ProviderMessage } from '../providers/provider.ts';

export interface MessageImageOptions {
  db: Database;
  store: BlobStore;
  userId: string;
  endpointKind: EndpointKind;
  /** The endpoint's upload limits: the new message's files must fit its count and total. */
  limits: EndpointFileLimits;
  /** OpenAI's image detail (low, high, auto); other providers have no such setting. */
  imageDetail?: 'low' | 'high' | 'auto' | null;
  /** false: only the newest user message's pictures are sent, earlier ones stay out. */
  resendFiles?: boolean | null;
}

/**
 * The seam between the chat pipeline and files: turns the file ids on user messages into
 * pictures a vision model receives, fitted to the provider's limits. Only the caller's files are
 * used; a file id of the newest message that is not the caller's is a 404 (as on every files
 * route), and its files must fit the endpoint's count and total size. Files that are not pictures
 * stay out of the model's input here (documents reach it through file search).
 */
export async function attachImages(
  messages: ProviderMessage[],
  opts: MessageImageOptions,
): Promise<ProviderMessage[]> {
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const wanted = messages.flatMap((m, i) =>
    m.fileIds && (opts.resendFiles !== false || i === lastUser) ? m.fileIds : [],
  );
  if (wanted.length === 0) return messages.map(({ fileIds: _ids, ...m }) => m);
  const rows = new Map(
    (await findOwnFiles(opts.db, opts.userId, [...new Set(wanted)])).map((r) => [r.fileId, r]),
  );
  const newest = messages[lastUser]?.fileIds ?? [];
  if (newest.some((id) => !rows.has(id))) throw notFound('File not found');
  if (newest.length > opts.limits.fileLimit) throw badRequest(uploadErrors.tooMany(opts.limits.fileLimit));
  const total = newest.reduce((sum, id) => sum + rows.get(id)!.bytes, 0);
  if (total > opts.limits.totalSizeLimit)
    throw badRequest(uploadErrors.totalTooLarge(opts.limits.totalSizeLimit));

  const limits = imageLimitsFor(opts.endpointKind);
  const detail = opts.imageDetail ?? undefined;
  return Promise.all(
    messages.map(async ({ fileIds, ...message }, i) => {
      if (!fileIds || (opts.resendFiles === false && i !== lastUser)) return message;
      const images = [];
      for (const id of fileIds) {
        const row = rows.get(id);
        // An earlier message's file deleted since is simply no longer sent.
        if (!row || !isImageType(row.type) || !row.width || !row.height) continue;
        // A picture uploaded as text reaches the model as the text OCR read out of it.
        if (row.toolResource === 'ocr') continue;
        const size = { width: row.width, height: row.height, bytes: row.bytes };
        const fitted = await withBlobOnDisk(opts.store, row.storageKey, (path) =>
          fitImage(path, row.type, size, limits),
        ).catch(() => undefined);
        if (fitted) images.push({ ...fitted, ...(detail ? { detail } : {}) });
      }
      return images.length > 0 ? { ...message, images } : message;
    }),
  );
}
