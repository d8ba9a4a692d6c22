import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AVATAR_CROP_PX, AVATAR_IMAGE_TYPES, uploadErrors } from '@parley/schema';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files, users } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { withBlobOnDisk } from './blob-on-disk.ts';
import { blobKey, type BlobStore } from './blob-store.ts';
import { checkImage, ImageRejected, MAX_IMAGE_PIXELS } from './image-check.ts';
import { loadSharp } from './load-sharp.ts';
import { readHead } from './read-head.ts';
import { sniffType } from './sniff-type.ts';
import type { StoredUpload } from './upload-service.ts';

/**
 * Where an avatar is served. Unlike attachments it needs no sign-in (an <img> cannot send the
 * session's token, and other people see it beside shared work); its file id is a random UUID, so
 * the address cannot be guessed, and only files stored as avatars are served there.
 */
export const avatarPath = (userId: string, fileId: string) => `/api/files/avatars/${userId}/${fileId}`;

/** The stored avatar's encoding: WebP keeps a PNG's transparency at a fraction of its size. */
export const AVATAR_STORED_TYPE = 'image/webp';

/** The upload's picture, proved decodable, as the square the profile shows. */
async function renderAvatar(path: string): Promise<Buffer> {
  await checkImage(path);
  const sharp = await loadSharp();
  return sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .autoOrient()
    .resize(AVATAR_CROP_PX, AVATAR_CROP_PX, { fit: 'cover', position: 'centre' })
    .webp({ quality: 90 })
    .toBuffer();
}

/** The avatar's checks: size within the limit, not empty, PNG or JPEG by its bytes. */
async function checkAvatarUpload(store: BlobStore, upload: StoredUpload, limit: number): Promise<void> {
  if (upload.truncated || upload.bytes > limit) {
    throw new AppError('file_too_large', uploadErrors.fileTooLarge(limit));
  }
  if (upload.bytes === 0) throw badRequest(uploadErrors.empty());
  const type = await sniffType(await readHead(store, upload.key, upload.bytes), upload.filename);
  if (!type || !(AVATAR_IMAGE_TYPES as readonly string[]).includes(type)) {
    throw badRequest(uploadErrors.unsupportedType(type || upload.filename));
  }
}

/** A stored avatar picture: its file row is written by the caller, inside its own transaction. */
export interface AvatarPicture {
  fileId: string;
  url: string;
  key: string;
  bytes: number;
}

/**
 * Checks an uploaded picture and stores it as an avatar (centre square, avatar size, WebP) under
 * a new file id of `userId`; the raw upload is always deleted. `save` writes the rows that point
 * at it; if it throws, the stored picture is removed again and nothing is left behind.
 */
export async function storeAvatarPicture<T>(
  store: BlobStore,
  userId: string,
  upload: StoredUpload,
  limit: number,
  save: (picture: AvatarPicture) => Promise<T>,
): Promise<T> {
  let newKey: string | undefined;
  try {
    await checkAvatarUpload(store, upload, limit);
    const picture = await withBlobOnDisk(store, upload.key, renderAvatar).catch((err: unknown) => {
      throw err instanceof ImageRejected ? badRequest(err.message) : err;
    });
    const fileId = randomUUID();
    newKey = blobKey(userId, fileId);
    await store.put(newKey, Readable.from([picture]), AVATAR_STORED_TYPE);
    return await save({ fileId, url: avatarPath(userId, fileId), key: newKey, bytes: picture.length });
  } catch (err) {
    if (newKey) await store.delete(newKey).catch(() => undefined);
    throw err;
  } finally {
    await store.delete(upload.key).catch(() => undefined);
  }
}

/** The file row of a stored avatar picture. */
export function avatarFileRow(
  store: BlobStore,
  userId: string,
  upload: StoredUpload,
  picture: AvatarPicture,
  context: 'avatar' | 'agent_avatar',
) {
  return {
    fileId: picture.fileId,
    userId,
    filename: upload.filename,
    storageKey: picture.key,
    type: AVATAR_STORED_TYPE,
    bytes: picture.bytes,
    width: AVATAR_CROP_PX,
    height: AVATAR_CROP_PX,
    source: store.source,
    context,
  };
}

/**
 * Makes an uploaded picture the user's avatar: checked, cropped to the centre square, scaled to
 * the avatar size and stored as a new file; the user's avatar points at it and the previous
 * uploaded avatar (row and blob) is removed. The raw upload is always deleted; a refusal leaves
 * nothing stored and the old avatar in place.
 */
export async function replaceAvatar(
  db: Database,
  store: BlobStore,
  userId: string,
  upload: StoredUpload,
  limit: number,
): Promise<{ url: string; fileId: string }> {
  return storeAvatarPicture(store, userId, upload, limit, async (picture) => {
    const replaced = await db.transaction(async (tx) => {
      await tx.insert(files).values(avatarFileRow(store, userId, upload, picture, 'avatar'));
      await tx.update(users).set({ avatar: picture.url, updatedAt: new Date() }).where(eq(users.id, userId));
      return tx
        .delete(files)
        .where(and(eq(files.userId, userId), eq(files.context, 'avatar'), ne(files.fileId, picture.fileId)))
        .returning({ storageKey: files.storageKey });
    });
    await Promise.all(replaced.map((row) => store.delete(row.storageKey).catch(() => undefined)));
    return { url: picture.url, fileId: picture.fileId };
  });
}
