/**
 * A minimal browser for API tests of redirect sign-ins: follows redirects by hand, keeping the
 * cookies each origin sets (name → value, per host:port), so a test can walk Parley → provider →
 * Parley and look at every hop.
 */
export class BrowserSession {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    if (!this.jars.has(host)) this.jars.set(host, new Map());
    this.jars.get(host)!.set(name, value);
  }

  dropCookie(url: string, name: string): void {
    this.jars.get(new URL(url).host)?.delete(name);
  }

  /** One request with this browser's cookies; stores what the answer sets. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const jar = this.jars.get(new URL(url).host);
    const headers = new Headers(init.headers);
    if (jar?.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '';
      if (expired) this.dropCookie(url, name);
      else this.setCookie(url, name, value);
    }
    return res;
  }

  /**
   * Follows redirects from `url` until an answer is not a redirect, or the next target starts
   * with one of `stopAt` (that target is returned, not requested).
   */
  async follow(
    url: string,
    stopAt: string[] = [],
    maxHops = 20,
  ): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < maxHops; hop++) {
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).href;
      if (stopAt.some((prefix) => current.startsWith(prefix))) return { url: current, response };
    }
    throw new Error(`more than ${maxHops} redirects from ${url}`);
  }
}
