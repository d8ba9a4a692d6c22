import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { onFirstUse } from '../../on-first-use.ts';
import { AddressPolicy } from './address-policy.ts';
import { checkedLookup, refusalOf, resolveAll, type Resolve } from './checked-lookup.ts';
import { RefusedUrlError } from './refused-url-error.ts';

export interface GuardedHttpClientOptions {
  /** Which addresses may be reached (public ones, plus the operator's allow-list). */
  policy?: AddressPolicy;
  /** DNS resolution; replaceable so tests can answer for names of their own. */
  resolve?: Resolve;
  /** Redirects followed before the request fails. */
  maxRedirects?: number;
  /** Milliseconds allowed to open a connection. */
  connectTimeoutMs?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Request headers that carry a credential: never sent on to another origin by a redirect. */
const CREDENTIAL_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'api-key',
  'x-api-key',
  'x-goog-api-key',
];
/** Headers that describe a body: dropped with the body when a redirect turns a POST into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

type Body = RequestInit['body'];

/**
 * undici (about 5 MB of an idle server's memory: its fetch, pool and WebSocket are a second copy
 * beside the one inside Node.js), imported by the first request a guarded client sends.
 */
const loadUndici = onFirstUse(() => import('undici'));

/**
 * The one way the server makes an HTTP request on a user's behalf (a provider at a base URL the
 * user typed, and later Actions, web pages, MCP over HTTP, image URLs). Its `fetch` is a drop-in
 * `fetch` that
 * - allows http: and https: only;
 * - refuses every host whose addresses are not all allowed by the AddressPolicy: an address in
 *   the URL is checked before connecting, a name is checked inside the socket's DNS lookup and
 *   the connection goes to the very address checked (`checkedLookup`), so DNS rebinding cannot
 *   slip a private address in between;
 * - follows redirects itself (up to `maxRedirects`), checking every hop the same way, with the
 *   fetch standard's method rules (303, and POST on 301/302, become GET without a body; 307/308
 *   resend the body), and drops credential headers when a redirect leaves the origin;
 * - throws RefusedUrlError for anything refused: the upstream's answer, including the body of
 *   the redirect that pointed somewhere refused, never reaches the caller.
 */
export class GuardedHttpClient {
  readonly policy: AddressPolicy;
  private readonly resolve: Resolve;
  private readonly maxRedirects: number;
  /** The pool, once the first request made it (close() has nothing to close before). */
  private agent?: Agent;

  constructor(options: GuardedHttpClientOptions = {}) {
    this.policy = options.policy ?? new AddressPolicy();
    this.resolve = options.resolve ?? resolveAll;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.dispatcher = onFirstUse(async () => {
      const { Agent } = await loadUndici();
      this.agent = new Agent({
        connect: {
          lookup: checkedLookup(this.policy, this.resolve),
          timeout: options.connectTimeoutMs ?? 10_000,
        },
      });
      return this.agent;
    });
  }

  /**
   * The checked connection pool, for clients that take a dispatcher rather than a fetch
   * (WebSocket); made, with undici loaded, by the first request.
   */
  readonly dispatcher: () => Promise<Agent>;

  /**
   * Resolves when a URL may be fetched; throws RefusedUrlError saying why not. For an early,
   * clear answer (a key being saved, a chat starting); `fetch` enforces the same rules itself.
   */
  async check(url: string): Promise<void> {
    const target = this.parse(url);
    const host = hostOf(target);
    if (isIP(host)) return this.checkAddressLiteral(host);
    let addresses: string[];
    try {
      addresses = await this.resolve(host);
    } catch {
      throw new RefusedUrlError(`The host "${host}" could not be resolved.`);
    }
    const refusal = refusalOf(this.policy, host, addresses);
    if (refusal) throw refusal;
  }

  /** A `fetch` with the guard's rules, for SDKs that take one. */
  readonly fetch = ((input: string | URL | Request, init: RequestInit = {}): Promise<Response> =>
    this.request(input, init, CREDENTIAL_HEADERS)) as typeof fetch;

  /**
   * `fetch` for a caller that sends a credential under a header name of its own choosing (an
   * Action's custom API-key header): that header is dropped with the usual ones when a redirect
   * leaves the origin, so the key only ever reaches the origin it was meant for.
   */
  fetchWithCredentialHeader(url: string, init: RequestInit, credentialHeader: string): Promise<Response> {
    return this.request(url, init, [...CREDENTIAL_HEADERS, credentialHeader.toLowerCase()]);
  }

  private async request(
    input: string | URL | Request,
    init: RequestInit,
    credentialHeaders: readonly string[],
  ): Promise<Response> {
    const request = await requestParts(input, init);
    let url = this.parse(request.url);
    let { method, body } = request;
    const headers = request.headers;
    for (let hop = 0; ; hop++) {
      this.checkLiteral(url);
      const response = await this.send(url, { ...init, method, headers, body });
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location || init.redirect === 'manual') return response;
      await response.body?.cancel().catch(() => undefined);
      if (init.redirect === 'error')
        throw new RefusedUrlError(`The server at ${url.origin} answered with a redirect.`);
      if (hop >= this.maxRedirects) throw new RefusedUrlError(`Too many redirects from ${request.url}.`);
      const next = this.parse(new URL(location, url).href);
      if (response.status === 303 ? method !== 'HEAD' : response.status <= 302 && method === 'POST') {
        method = 'GET';
        body = undefined;
        for (const name of BODY_HEADERS) headers.delete(name);
      } else if (body instanceof ReadableStream) {
        throw new RefusedUrlError(
          `The server at ${url.origin} redirected a request whose body cannot be sent again.`,
        );
      }
      if (next.origin !== url.origin) for (const name of credentialHeaders) headers.delete(name);
      url = next;
    }
  }

  /** Closes the pooled connections. */
  async close(): Promise<void> {
    await this.agent?.close();
  }

  /**
   * Closes the pooled connections at once, ending requests still open (close() would wait for
   * them: a stream the server keeps open never ends by itself).
   */
  async destroy(): Promise<void> {
    await this.agent?.destroy();
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    try {
      const [undici, dispatcher] = await Promise.all([loadUndici(), this.dispatcher()]);
      const response = await undici.fetch(url, {
        ...(init as Parameters<typeof undici.fetch>[1]),
        redirect: 'manual',
        dispatcher,
      });
      return response as unknown as Response;
    } catch (error) {
      // A refusal in the socket's lookup arrives wrapped in fetch's "fetch failed".
      throw refusalIn(error) ?? error;
    }
  }

  private parse(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new RefusedUrlError(`"${url}" is not a valid URL.`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new RefusedUrlError(`Only http:// and https:// URLs can be called, not "${parsed.protocol}".`);
    return parsed;
  }

  /** A socket given an address skips its lookup, so an address in the URL is checked here. */
  private checkLiteral(url: URL): void {
    const host = hostOf(url);
    if (isIP(host)) this.checkAddressLiteral(host);
  }

  private checkAddressLiteral(address: string): void {
    const refusal = refusalOf(this.policy, address, [address]);
    if (refusal) throw refusal;
  }
}

/** The URL's host without IPv6 brackets, lower case. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** The RefusedUrlError in an error's cause chain, if any. */
function refusalIn(error: unknown): RefusedUrlError | null {
  for (
    let e = error as { cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e instanceof RefusedUrlError) return e;
  }
  return null;
}

/** URL, method, headers and a re-sendable body from fetch's two arguments. */
async function requestParts(input: string | URL | Request, init: RequestInit) {
  if (typeof input === 'string' || input instanceof URL) {
    return {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: init.body,
    };
  }
  const body: Body = init.body ?? (input.body ? await input.arrayBuffer() : undefined);
  return {
    url: input.url,
    method: (init.method ?? input.method).toUpperCase(),
    headers: new Headers(init.headers ?? input.headers),
    body,
  };
}
