import { loadAppConfig } from './config/app-config.ts';
import { ConfigError } from './config/env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

/** `npm start` / `npm run dev`: one server process on the configured host and port. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadAppConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Parley cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.env.LOG_LEVEL);
  // The signal handlers go in before anything opens: a SIGTERM that lands while the server is
  // still starting (or between listening and this function resuming, which a loaded machine
  // stretches) would otherwise kill the process by the signal's default action, leaving the
  // embedded database unclosed. A signal received early waits for the start to finish, then stops.
  let starting: Promise<Started> | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void (starting ?? Promise.resolve(null))
      .then((server) => server?.close(10_000))
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

  starting = startServer({ config, logger }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`Parley cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  });
  const server = await starting;
  if (!server || stopping) return;
  logger.info(
    { url: server.url, database: server.ctx.dbKind, config: config.yamlPath },
    `Parley is listening on ${server.url}`,
  );
}

type Started = Awaited<ReturnType<typeof startServer>>;

main().catch((error: unknown) => {
  console.error('Parley failed to start:', error);
  process.exit(1);
});
