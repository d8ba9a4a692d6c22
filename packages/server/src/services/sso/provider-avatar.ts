import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import type { Logger } from 'pino';
import { replaceAvatar } from '../files/avatar-service.ts';
import { blobKey, type BlobStore } from '../files/blob-store.ts';
import type { ImageProxy } from '../images/image-proxy.ts';

export interface ProviderAvatarDeps {
  db: Database;
  blobStore: BlobStore;
  logger: Logger;
  /** Fetches the picture through the guarded client, with the image proxy's type and size checks. */
  images: ImageProxy;
  /** fileConfig's avatar size limit, in bytes. */
  avatarSizeLimit: number;
}

/**
 * Copies an avatar an identity provider named by address (an OpenID `picture`, Google's,
 * GitHub's…) into Parley's own storage, as an uploaded avatar is stored, and points the account
 * at the copy. The app's pages load pictures from Parley only (their img-src names no other
 * host), and a reader's browser should not call a provider's server on every page anyway. A
 * picture that cannot be fetched or is not a PNG or JPEG within the avatar limit leaves the
 * account without an avatar (its initial shows), never with the remote address, and never fails
 * the sign-in. Only an account whose avatar is still an address is touched: an avatar the person
 * uploaded, or an earlier copy, stays.
 */
export async function copyProviderAvatar(deps: ProviderAvatarDeps, user: UserRow): Promise<UserRow> {
  if (!user.avatar || !/^https?:\/\//i.test(user.avatar)) return user;
  let stagedKey: string | undefined;
  try {
    const image = await deps.images.image(user.avatar);
    const fileId = randomUUID();
    stagedKey = blobKey(user.id, fileId);
    await deps.blobStore.put(stagedKey, Readable.from([image.bytes]), image.type);
    const { url } = await replaceAvatar(
      deps.db,
      deps.blobStore,
      user.id,
      { fileId, key: stagedKey, filename: 'provider-avatar', bytes: image.bytes.length, truncated: false },
      deps.avatarSizeLimit,
    );
    return { ...user, avatar: url };
  } catch (err) {
    deps.logger.warn(
      { err, userId: user.id },
      "the identity provider's avatar could not be copied; the account shows its initial",
    );
    if (stagedKey) await deps.blobStore.delete(stagedKey).catch(() => undefined);
    await deps.db.update(users).set({ avatar: null }).where(eq(users.id, user.id));
    return { ...user, avatar: null };
  }
}
