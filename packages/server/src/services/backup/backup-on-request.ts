import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client.ts';
import { listenAdminSocket } from './admin-socket.ts';
import { takeBackup } from './take-backup.ts';

/**
 * On the embedded database, lets `npm run admin -- backup FILE` ask this server for a backup
 * (only the server may open the database while it runs). Resolves to the function that stops
 * listening, or null where there is nothing to offer (PostgreSQL, an in-memory database) or the
 * socket cannot be made (a DATA_DIR path too long for a Unix socket, a read-only volume).
 */
export async function offerBackups(
  database: DatabaseHandle,
  dataDir: string,
  logger: Logger,
): Promise<(() => Promise<void>) | null> {
  const exclusive = database.exclusive;
  if (!exclusive || dataDir === 'memory://') return null;
  try {
    return await listenAdminSocket(dataDir, async (request) => {
      logger.info({ file: request.file }, 'backup requested');
      const manifest = await takeBackup({ dataDir, exclusive, file: request.file });
      logger.info({ file: request.file, files: manifest.files }, 'backup written');
      return manifest;
    });
  } catch (err) {
    logger.warn({ err }, 'the admin socket could not be opened: backups need the server stopped');
    return null;
  }
}
