import type { Database } from '../db/client.ts';
import type { BlobStore } from '../services/files/blob-store.ts';
import { deleteAccount } from '../services/users/account-deletion.ts';
import { CliError, requireUser } from './admin-commands.ts';

/**
 * `delete-user <email>`: deletes the account as its owner's own deletion does — every row of its
 * data and the stored bytes of its files. Answers the account's address and, when the store could
 * not remove every file, why (the account itself is gone then).
 */
export async function deleteUserCommand(
  db: Database,
  store: BlobStore,
  email: string,
): Promise<{ email: string; filesLeft: string | null }> {
  const user = await requireUser(db, email);
  let filesLeft: string | null = null;
  const deleted = await deleteAccount({ db, blobStore: store }, user.id, (err) => {
    filesLeft = `Some of its stored files could not be removed (${err instanceof Error ? err.message : String(err)}); they are under the key prefix ${user.id}/.`;
  });
  if (!deleted) throw new CliError(`No user with the email ${email}.`);
  return { email: user.email, filesLeft };
}
