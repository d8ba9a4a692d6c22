import type { Env } from '../../config/env.ts';
import type { LimitRule } from './rate-limiter.ts';

const minutes = (n: number) => n * 60_000;

/** Upload rate limits (file_upload_limit), per IP and per user. */
export function fileUploadLimits(env: Env) {
  return {
    ip: {
      type: 'file_upload_limit',
      max: env.FILE_UPLOAD_IP_MAX,
      windowMs: minutes(env.FILE_UPLOAD_IP_WINDOW),
      what: 'file uploads from this IP',
    },
    user: {
      type: 'file_upload_limit',
      max: env.FILE_UPLOAD_USER_MAX,
      windowMs: minutes(env.FILE_UPLOAD_USER_WINDOW),
      what: 'file uploads',
    },
  } satisfies Record<string, LimitRule>;
}
