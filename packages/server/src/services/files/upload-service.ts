import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  isHeicType,
  isImageType,
  mimeTypeSupported,
  uploadErrors,
  type EndpointFileLimits,
  type FileContext,
  type UploadFields,
} from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { files, type FileRow } from '../../db/schema/index.ts';
import { badRequest, AppError } from '../../errors/app-error.ts';
import { blobKey, type BlobStore } from './blob-store.ts';
import { withBlobOnDisk } from './blob-on-disk.ts';
import { checkImage, ImageRejected } from './image-check.ts';
import { readHead } from './read-head.ts';
import { sniffType } from './sniff-type.ts';

/** A file part received and stored, waiting for its checks. */
export interface StoredUpload {
  fileId: string;
  key: string;
  filename: string;
  bytes: number;
  /** The multipart size ceiling cut the body off: the file was larger than allowed. */
  truncated: boolean;
}

/**
 * Streams one multipart file into the BlobStore under a fresh server-made key. The body is never
 * held whole in memory. On failure (a cut-off or malformed body) nothing stays stored.
 */
export async function storeUpload(
  store: BlobStore,
  userId: string,
  filename: string,
  body: Readable & { truncated?: boolean },
): Promise<StoredUpload> {
  const fileId = randomUUID();
  const key = blobKey(userId, fileId);
  try {
    const bytes = await store.put(key, body, 'application/octet-stream');
    return { fileId, key, filename, bytes, truncated: Boolean(body.truncated) };
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
}

export interface UploadCheck {
  limits: EndpointFileLimits;
  /** The image route: only pictures are accepted. */
  imagesOnly: boolean;
  context: FileContext;
}

/**
 * Runs the upload checks on a stored file (empty, size, type sniffed from the bytes, supported
 * type, a decodable image within the pixel limit) and records it. Any refusal deletes the blob, so
 * a refused upload leaves neither a blob nor a row.
 */
export async function acceptUpload(
  db: Database,
  store: BlobStore,
  userId: string,
  upload: StoredUpload,
  fields: UploadFields,
  check: UploadCheck,
): Promise<FileRow> {
  try {
    if (upload.truncated || upload.bytes > check.limits.fileSizeLimit) {
      throw new AppError('file_too_large', uploadErrors.fileTooLarge(check.limits.fileSizeLimit));
    }
    if (upload.bytes === 0) throw badRequest(uploadErrors.empty());
    const type = await sniffType(await readHead(store, upload.key, upload.bytes), upload.filename);
    if (!type) throw badRequest(uploadErrors.unknownType(upload.filename));
    // The server's image library cannot decode HEVC-coded pictures and no vision model reads
    // HEIC, so one that skipped the browser's conversion is refused rather than stored unusable.
    if (isHeicType(type)) throw badRequest(uploadErrors.heicNotConverted());
    if (
      !mimeTypeSupported(type, check.limits.supportedMimeTypes) ||
      (check.imagesOnly && !isImageType(type))
    ) {
      throw badRequest(uploadErrors.unsupportedType(type));
    }
    const size = isImageType(type)
      ? await withBlobOnDisk(store, upload.key, checkImage).catch((err: unknown) => {
          throw err instanceof ImageRejected ? badRequest(err.message) : err;
        })
      : undefined;
    const [row] = await db
      .insert(files)
      .values({
        fileId: upload.fileId,
        userId,
        tempFileId: fields.file_id ?? null,
        filename: upload.filename,
        storageKey: upload.key,
        type,
        bytes: upload.bytes,
        width: size?.width ?? null,
        height: size?.height ?? null,
        source: store.source,
        context: check.context,
        endpoint: fields.endpoint ?? null,
        toolResource: fields.tool_resource ?? null,
        conversationId: fields.conversationId ?? null,
      })
      .returning();
    return row!;
  } catch (err) {
    await store.delete(upload.key).catch(() => undefined);
    throw err;
  }
}

/** A fresh id for the browser's upload when it sent none. */
export const newTempId = () => randomUUID();
