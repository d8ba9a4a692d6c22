import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

const options = (level: string): LoggerOptions => ({
  level,
  base: { app: 'parley' },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.token',
      '*.apiKey',
      '*.value',
    ],
    censor: '[redacted]',
  },
});

/**
 * Readable, coloured lines for a person at a terminal. pino-pretty runs in this process (a
 * transport would start a worker thread) and is loaded only for a terminal, so a production
 * process writing to a pipe or a file never loads it.
 */
function prettyStream(): DestinationStream {
  const require = createRequire(import.meta.url);
  const pretty = require('pino-pretty') as (opts: Record<string, unknown>) => DestinationStream;
  return pretty({
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,app',
  });
}

/**
 * The server's logger: JSON lines (one object per line, for a log collector) when standard output
 * is not a terminal, readable lines on a terminal. Secrets and tokens are redacted either way.
 * `tty` defaults to whether stdout is one.
 */
export function createLogger(level: string, tty = process.stdout.isTTY === true): Logger {
  return tty ? pino(options(level), prettyStream()) : pino(options(level));
}
