import type { SignInAttempt } from './attempt-cookie.ts';
import type { ExternalProfile } from './external-profile.ts';

/** Where the browser goes first, and what to remember until it comes back. */
export interface SignInStart {
  redirectUrl: string;
  attempt: SignInAttempt;
}

/** One external sign-in method that sends the browser away and takes it back on a callback. */
export interface RedirectSignIn {
  readonly provider: string;
  /** Configured and able to work (e.g. the issuer's discovery document was read). */
  ready(): boolean;
  begin(): Promise<SignInStart>;
  /**
   * Checks the provider's answer (the callback's query) against the attempt and returns who
   * signed in. Throws SsoError for refusals, anything else for a failed exchange.
   */
  complete(query: URLSearchParams, attempt: SignInAttempt): Promise<CompletedSignIn>;
  /** Where to send the browser after a logout of someone who signed in here, if anywhere. */
  logoutUrl?(): string | undefined;
}

export interface CompletedSignIn {
  profile: ExternalProfile;
}

/** A callback URL from the environment: a full URL, or a path on the server's public origin. */
export function callbackUrl(serverDomain: string, configured: string | undefined, provider: string): string {
  const value = configured ?? `/oauth/${provider}/callback`;
  return /^https?:\/\//.test(value) ? value : new URL(value, serverDomain.replace(/\/?$/, '/')).href;
}
