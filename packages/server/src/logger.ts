import pino, { type Logger } from 'pino';

/** Structured JSON logs; secrets and tokens are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
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
}
