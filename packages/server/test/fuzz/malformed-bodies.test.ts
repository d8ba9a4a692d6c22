import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { registeredRoutes, type RegisteredRoute } from './route-list.ts';

/** One malformed request: a body with its content type (none for GET). */
interface Attack {
  name: string;
  body?: string;
  contentType?: string;
  query?: string;
}

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Field names routes read, so hostile values reach their schemas and services, not just a 400. */
const PLAUSIBLE_KEYS = [
  'email',
  'password',
  'name',
  'conversationId',
  'messageId',
  'parentMessageId',
  'text',
  'title',
  'arg',
  'token',
  'promptPrefix',
  'modelLabel',
  'model',
  'endpoint',
  'prompt',
  'value',
  'tag',
  'description',
];
const withEveryKey = (value: unknown) => Object.fromEntries(PLAUSIBLE_KEYS.map((k) => [k, value]));

/** A cursor as a client could forge it: base64url of any JSON. */
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const FORGED_CURSORS = [
  { o: 'updatedAt:desc', v: '2024-01-01T00:00:00.000000Z', i: 'a\u0000b' },
  { o: 'createdAt:desc', v: '2024-01-01T00:00:00.000000Z', i: 'a\ud800' },
  { o: 'title:desc', v: 'x\u0000', i: 'a' },
  { o: 'relevance:desc', v: '1e999|2024-01-01T00:00:00.000000Z', i: 'a' },
  { o: 'relevance:desc', v: '0.1|2021-02-31T00:00:00.000000Z', i: 'a' },
  { o: 'relevance:desc', v: '0.1|0000-01-01T00:00:00.000000Z', i: 'a' },
].map(forged);

/** One word without spaces in one letter case: a single pre-token for the tokenizer. */
const LONG_WORD = Array.from(
  { length: 90_000 },
  (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7919 + ((i * i) % 31)) % 26],
).join('');

const BODY_ATTACKS: Attack[] = [
  { name: 'no body' },
  { name: 'empty JSON body', body: '', contentType: 'application/json' },
  { name: 'null', body: 'null', contentType: 'application/json' },
  { name: 'array', body: '[1,"two",{"three":3}]', contentType: 'application/json' },
  { name: 'string', body: '"just a string"', contentType: 'application/json' },
  { name: 'number', body: '42', contentType: 'application/json' },
  { name: 'huge string', body: JSON.stringify('x'.repeat(1_500_000)), contentType: 'application/json' },
  { name: 'invalid JSON', body: '{"unterminated": ', contentType: 'application/json' },
  { name: 'wrong content-type (text)', body: 'hello there', contentType: 'text/plain' },
  { name: 'wrong content-type (form)', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'wrong content-type (multipart, no boundary)', body: 'xx', contentType: 'multipart/form-data' },
  { name: 'deeply nested object', body: nested(5000), contentType: 'application/json' },
  {
    name: 'prototype-pollution keys',
    body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    contentType: 'application/json',
  },
  {
    name: 'constructor.prototype only',
    body: '{"constructor":{"prototype":{"polluted":true}},"email":"a@b.co"}',
    contentType: 'application/json',
  },
  {
    name: 'plausible keys with wrong types',
    body: JSON.stringify({
      email: { $ne: null },
      password: ['x'],
      name: 12,
      conversationId: { a: 1 },
      messageId: [],
      text: null,
      title: 1e308,
      token: false,
      userId: -1,
      isArchived: 'maybe',
      endpoint: { toString: 1 },
      model: 'x'.repeat(100_000),
    }),
    contentType: 'application/json',
  },
  {
    name: 'NUL characters in strings',
    body: JSON.stringify({
      email: 'nul\u0000@example.com',
      password: 'pass\u0000word',
      name: 'Nul\u0000Name',
      conversationId: 'c\u0000',
      text: '\u0000',
      title: 'a\u0000b',
      token: '\u0000',
      '\u0000key': 1,
    }),
    contentType: 'application/json',
  },
  {
    name: 'lone surrogates in strings and keys',
    body: JSON.stringify({
      ...withEveryKey('x\ud800y'),
      'k\udc00': '\udfff',
      stop: ['\ud800'],
      options: { '\ud800': 1 },
    }),
    contentType: 'application/json',
  },
  {
    name: 'NUL in nested keys',
    body: JSON.stringify({ content: [{ type: 'text', text: 'x', '\u0000k': 1 }], options: { '\u0000': 1 } }),
    contentType: 'application/json',
  },
  {
    name: 'one very long word',
    body: JSON.stringify(withEveryKey(LONG_WORD)),
    contentType: 'application/json',
  },
];

const QUERY_ATTACKS: Attack[] = [
  { name: 'no query' },
  {
    name: 'garbage query',
    query:
      'cursor=%ZZ&pageSize=-1&pageSize=99999999999&sortBy[]=x&sortDirection=sideways&__proto__[polluted]=1&isArchived=perhaps&tags=&search=%00',
  },
  { name: 'NUL in query', query: 'search=%00&conversationId=%00&cursor=%00&tags=%00' },
  { name: 'long query value', query: `search=${'q'.repeat(4000)}&conversationId=${'c'.repeat(2000)}` },
  ...FORGED_CURSORS.map((cursor, i) => ({
    name: `forged cursor ${i + 1}`,
    query: `cursor=${cursor}&search=${i > 2 ? 'x' : ''}&sortBy=${i === 2 ? 'title' : 'updatedAt'}`,
  })),
  { name: 'lone surrogates in query', query: 'search=%ED%A0%80&conversationId=%ED%B0%80&tags=%ED%A0%80' },
];

/** Random ids for `:param` and `*` segments, plus one hostile encoded value. */
function concreteUrls(url: string): string[] {
  const fill = (value: () => string) => url.replace(/:[^/]+/g, () => value()).replace(/\*/g, () => value());
  const urls = [fill(() => randomBytes(6).toString('hex'))];
  if (/[:*]/.test(url)) {
    urls.push(fill(() => encodeURIComponent(`../'"<x>${'%'}\u0000`)));
    // A lone surrogate, as the bytes a client could send (percent-encoded UTF-8 of U+D800).
    urls.push(fill(() => 'x%ED%A0%80'));
  }
  return urls;
}

async function send(server: TestServer, route: RegisteredRoute, url: string, attack: Attack, token: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (attack.contentType !== undefined) headers['content-type'] = attack.contentType;
  const res = await fetch(server.url + url + (attack.query ? `?${attack.query}` : ''), {
    method: route.method,
    headers,
    body: attack.body,
    // A redirect (sign-in starts and callbacks) is the route's own answer: judge it, do not follow
    // it to a provider or client page that is not running here.
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  // Streaming answers (chat) are judged by their status only.
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

describe('malformed requests on every registered route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('finds the routes from the app itself', () => {
    const routes = registeredRoutes(server.app).map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /health',
        'POST /api/auth/login',
        'GET /api/roles/:role',
        'DELETE /api/user/delete',
      ]),
    );
  });

  it('never answers 5xx, never hangs, and the server keeps serving', { timeout: 600_000 }, async () => {
    // fetch cannot send TRACE, TRACK or CONNECT (routes registered for every method have them).
    const unsendable = new Set(['HEAD', 'TRACE', 'TRACK', 'CONNECT']);
    const routes = registeredRoutes(server.app).filter((r) => !unsendable.has(r.method));
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      // A fresh user per route: DELETE /api/user/delete must not take the others' caller away.
      const { token } = await createTestUser(server);
      const attacks = route.method === 'GET' ? QUERY_ATTACKS : [...BODY_ATTACKS, ...QUERY_ATTACKS.slice(1)];
      for (const url of concreteUrls(route.url)) {
        for (const attack of attacks) {
          requests++;
          try {
            const status = await send(server, route, url, attack, token);
            if (status >= 500) failures.push(`${route.method} ${url} [${attack.name}] → ${status}`);
          } catch (err) {
            failures.push(`${route.method} ${url} [${attack.name}] → ${(err as Error).message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(routes.length * 3);
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    const health = await server.api('/health');
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('OK');
  });
});
