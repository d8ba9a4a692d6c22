import type { Env } from '../../config/env.ts';
import type { WindowLimits } from '../../config/yaml-sections/rate-limits.ts';
import type { LimitRule } from './rate-limiter.ts';

const minutes = (n: number) => n * 60_000;

/**
 * Upload rate limits (file_upload_limit), per IP and per user: parley.yaml's
 * `rateLimits.fileUploads` over FILE_UPLOAD_* from the environment.
 */
export function fileUploadLimits(env: Env, yaml: WindowLimits = {}) {
  return {
    ip: {
      type: 'file_upload_limit',
      max: yaml.ipMax ?? env.FILE_UPLOAD_IP_MAX,
      windowMs: minutes(yaml.ipWindowInMinutes ?? env.FILE_UPLOAD_IP_WINDOW),
      what: 'file uploads from this IP',
    },
    user: {
      type: 'file_upload_limit',
      max: yaml.userMax ?? env.FILE_UPLOAD_USER_MAX,
      windowMs: minutes(yaml.userWindowInMinutes ?? env.FILE_UPLOAD_USER_WINDOW),
      what: 'file uploads',
    },
  } satisfies Record<string, LimitRule>;
}

/**
 * Conversation import limits, per IP and per user: parley.yaml's `rateLimits.conversationsImport`
 * over IMPORT_* from the environment. The catalogue has no import type, so an import answers as
 * an upload (`file_upload_limit`), but it counts on counters of its own: imports and uploads each
 * have their own allowance, and many uploads must not use up the imports' (or the reverse).
 */
export function importLimits(env: Env, yaml: WindowLimits = {}) {
  return {
    ip: {
      type: 'file_upload_limit',
      counter: 'import_ip',
      max: yaml.ipMax ?? env.IMPORT_IP_MAX,
      windowMs: minutes(yaml.ipWindowInMinutes ?? env.IMPORT_IP_WINDOW),
      what: 'conversation imports from this IP',
    },
    user: {
      type: 'file_upload_limit',
      counter: 'import_user',
      max: yaml.userMax ?? env.IMPORT_USER_MAX,
      windowMs: minutes(yaml.userWindowInMinutes ?? env.IMPORT_USER_WINDOW),
      what: 'conversation imports',
    },
  } satisfies Record<string, LimitRule>;
}
