import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.ts';
import { GuardedHttpClient } from './guarded-http-client.ts';
import { RefusedUrlError } from './refused-url-error.ts';

/**
 * Real HTTP servers on this machine: a "private" service on 127.0.0.1 that must never be
 * reached, and a "public" host on 127.0.0.2 (same port), which the clients here treat as public
 * through their AddressPolicy's allow-list, exactly as an operator would allow a host.
 */
interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

function listen(host: string, port: number, handle: (req: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: req.url!,
        body: Buffer.concat(chunks).toString(),
        headers: req.headers,
      };
      seen.push(request);
      handle(request, res);
    });
  });
  return new Promise<{ server: Server; seen: Seen[]; port: number }>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, seen, port: (server.address() as AddressInfo).port }));
  });
}

let privateSide: Awaited<ReturnType<typeof listen>>;
let publicSide: Awaited<ReturnType<typeof listen>>;
let port: number;
const SECRET = 'internal-secret-reply';

beforeAll(async () => {
  publicSide = await listen('127.0.0.2', 0, (req, res) => {
    const url = new URL(req.url, 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname.startsWith('/redirect/') && to) {
      res.writeHead(Number(url.pathname.slice('/redirect/'.length)), { location: to });
      return res.end(`redirecting to ${to}`);
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        method: req.method,
        body: req.body,
        authorization: req.headers.authorization ?? null,
      }),
    );
  });
  port = publicSide.port;
  privateSide = await listen('127.0.0.1', port, (_req, res) => res.end(SECRET));
});
afterAll(async () => {
  publicSide.server.close();
  privateSide.server.close();
});
beforeEach(() => {
  privateSide.seen.length = 0;
  publicSide.seen.length = 0;
});

/** Test DNS: names of our own, and one that answers differently on its second lookup. */
function testDns() {
  let rebindCalls = 0;
  const table: Record<string, string[]> = {
    'public.test': ['127.0.0.2'],
    'localhost.test': ['127.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'mixed.test': ['127.0.0.2', '127.0.0.1'],
  };
  return async (host: string) => {
    if (host === 'rebind.test') return ++rebindCalls === 1 ? ['127.0.0.2'] : ['127.0.0.1'];
    if (!table[host]) throw new Error('ENOTFOUND');
    return table[host];
  };
}

const client = () => new GuardedHttpClient({ policy: new AddressPolicy(['127.0.0.2']), resolve: testDns() });
const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const redirect = (status: number, to: string) =>
  at('public.test', `/redirect/${status}?to=${encodeURIComponent(to)}`);

/** The refusal a call ends with; the private service must have seen nothing. */
async function refusal(call: Promise<Response>): Promise<RefusedUrlError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedUrlError);
  expect(privateSide.seen).toEqual([]);
  expect(String((error as Error).message)).not.toContain(SECRET);
  return error as RefusedUrlError;
}

describe('GuardedHttpClient', () => {
  it('reaches a public host', async () => {
    const res = await client().fetch(at('public.test', '/ok'), { method: 'POST', body: 'hi' });
    expect(await res.json()).toMatchObject({ method: 'POST', body: 'hi' });
  });

  it.each([301, 302, 303, 307, 308])(
    'refuses a %i redirect to loopback, sending nothing there',
    async (status) => {
      const http = client();
      const error = await refusal(
        http.fetch(redirect(status, at('127.0.0.1', '/v1/chat/completions')), {
          method: 'POST',
          body: '{"q":1}',
        }),
      );
      expect(error.message).toMatch(/127\.0\.0\.1.*private, loopback/);
      expect(error.message).not.toContain('redirecting to');
      expect(publicSide.seen).toHaveLength(1);
    },
  );

  it.each([
    ['an IPv4-mapped IPv6 address', `http://[::ffff:127.0.0.1]:PORT/x`],
    ['its hexadecimal form', `http://[::ffff:7f00:1]:PORT/x`],
    ['a name resolving to loopback', `http://localhost.test:PORT/x`],
    ['a name resolving to a mapped address', `http://mapped.test:PORT/x`],
    ['a name with one private address among public ones', `http://mixed.test:PORT/x`],
    ['IPv6 loopback', `http://[::1]:PORT/x`],
  ])('refuses a redirect to %s', async (_name, to) => {
    await refusal(client().fetch(redirect(302, to.replace('PORT', String(port)))));
  });

  it('refuses redirects to other schemes and endless redirects', async () => {
    await refusal(client().fetch(redirect(302, 'file:///etc/passwd')));
    publicSide.seen.length = 0;
    const error = await refusal(client().fetch(at('public.test', '/loop')));
    expect(error.message).toMatch(/Too many redirects/);
    expect(publicSide.seen).toHaveLength(6);
  });

  it('resends the body on 307/308 and turns 303 (and POST on 302) into a GET without one', async () => {
    const post = (status: number) =>
      client().fetch(redirect(status, at('public.test', '/echo')), {
        method: 'POST',
        body: '{"keep":true}',
        headers: { 'content-type': 'application/json' },
      });
    expect(await (await post(307)).json()).toMatchObject({ method: 'POST', body: '{"keep":true}' });
    expect(await (await post(308)).json()).toMatchObject({ method: 'POST', body: '{"keep":true}' });
    expect(await (await post(303)).json()).toMatchObject({ method: 'GET', body: '' });
    expect(await (await post(302)).json()).toMatchObject({ method: 'GET', body: '' });
  });

  it('keeps credentials on the same origin and drops them when a redirect leaves it', async () => {
    const headers = { authorization: 'Bearer user-key' };
    const same = await client().fetch(redirect(302, at('public.test', '/echo')), { headers });
    expect(await same.json()).toMatchObject({ authorization: 'Bearer user-key' });
    const other = await client().fetch(redirect(302, at('127.0.0.2', '/echo')), { headers });
    expect(await other.json()).toMatchObject({ authorization: null });
  });

  it('connects to the address it checked: a name that rebinds to loopback after the check is refused', async () => {
    const http = client();
    await expect(http.check(at('rebind.test', '/v1'))).resolves.toBeUndefined();
    await refusal(http.fetch(at('rebind.test', '/v1/chat/completions'), { method: 'POST', body: 'x' }));
  });

  it('checks a URL early with the same rules', async () => {
    const http = client();
    await expect(http.check(at('public.test', '/v1'))).resolves.toBeUndefined();
    await expect(http.check(at('127.0.0.1', '/v1'))).rejects.toThrow(/loopback/);
    await expect(http.check('http://[::ffff:127.0.0.1]/v1')).rejects.toThrow(/private/);
    await expect(http.check('https://nowhere.test')).rejects.toThrow(/could not be resolved/);
    await expect(http.check('file:///etc/passwd')).rejects.toThrow(/http/);
    await expect(http.check('not a url')).rejects.toThrow(/not a valid URL/);
    await expect(
      new GuardedHttpClient({
        policy: new AddressPolicy(['llm.internal']),
        resolve: async () => ['10.0.0.7'],
      }).check('http://llm.internal/v1'),
    ).resolves.toBeUndefined();
  });

  it('with the default policy, loopback is refused even directly', async () => {
    await refusal(new GuardedHttpClient().fetch(at('127.0.0.1', '/')));
    await refusal(new GuardedHttpClient({ resolve: testDns() }).fetch(at('public.test', '/')));
  });
});
