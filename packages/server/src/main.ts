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
  let server;
  try {
    server = await startServer({ config, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Parley cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  logger.info(
    { url: server.url, database: server.ctx.dbKind, config: config.yamlPath },
    `Parley is listening on ${server.url}`,
  );

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server
      .close(10_000)
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
}

main().catch((error: unknown) => {
  console.error('Parley failed to start:', error);
  process.exit(1);
});
