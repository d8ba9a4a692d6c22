/**
 * A request the guarded client would not make: a URL that is not http(s), a host that resolves
 * to a private or loopback address, a redirect to one, too many redirects. Its message is safe
 * to show the user; nothing an upstream answered is ever part of it.
 */
export class RefusedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedUrlError';
  }
}
