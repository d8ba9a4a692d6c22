import type { SsoErrorCode } from '@parley/schema';

/** A refused external sign-in; its code travels to the login page as `?error=<code>`. */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'SsoError';
  }
}
