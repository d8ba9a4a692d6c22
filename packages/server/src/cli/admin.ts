import { loadAppConfig } from '../config/app-config.ts';
import { ConfigError } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { ADMIN_HELP, executeAdminCommand, parseAdminArgs } from './admin-cli.ts';
import { CliError } from './admin-commands.ts';
import { backupCommand, restoreCommand } from './backup-commands.ts';
import { RestoreError } from '../services/backup/restore-backup.ts';
import { balanceSettings } from '../services/balance/balance-settings.ts';
import { createBlobStore } from '../services/files/create-blob-store.ts';

/** `npm run admin -- <command>`: loads the server's configuration, opens and migrates the database, runs one command. */
async function main(argv: string[]): Promise<number> {
  const command = parseAdminArgs(argv);
  if (command.name === 'help') {
    console.log(ADMIN_HELP);
    return 0;
  }
  const config = loadAppConfig();
  const print = (text: string) => console.log(text);
  // These two open the data directory their own way (or ask the running server).
  if (command.name === 'backup') return backupCommand(config.env, command.file, print).then(() => 0);
  if (command.name === 'restore') return restoreCommand(config.env, command.file, print).then(() => 0);
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, dataDir: config.env.DATA_DIR });
  try {
    await database.migrate();
    await executeAdminCommand(
      command,
      database.db,
      (text) => console.log(text),
      balanceSettings(config.yaml),
      config.env.DOMAIN_CLIENT ?? '',
      { openBlobStore: () => createBlobStore(config.env) },
    );
  } finally {
    await database.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (
      err instanceof CliError ||
      err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof RestoreError
    )
      console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
