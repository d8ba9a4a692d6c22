import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { deleteUser } from './user-service.ts';

export interface AccountDeletionDeps {
  db: Database;
  blobStore: BlobStore;
}

/**
 * Deletes an account with everything it owns: the user row, from which every table of the user's
 * data cascades (conversations, messages, file rows, keys, …), then the stored bytes of their
 * files and avatars, which live outside the database (DATA_DIR/files/<id>/ or the S3 bucket).
 * Rows go first, so nothing ever refers to a missing blob. The account is gone once its row is:
 * a store that fails to delete then is handed to `onFilesLeft` (logged, or told to the operator)
 * rather than failing a deletion that already happened. False when there was no such account.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  userId: string,
  onFilesLeft: (err: unknown) => void,
): Promise<boolean> {
  const rows = await deps.db.select({ key: files.storageKey }).from(files).where(eq(files.userId, userId));
  if (!(await deleteUser(deps.db, userId))) return false;
  await deps.blobStore
    .deleteOwner(
      userId,
      rows.map((row) => row.key),
    )
    .catch(onFilesLeft);
  return true;
}
