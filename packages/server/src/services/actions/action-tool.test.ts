// An Action's calls may only reach the API under the server URL its document names: a path
// parameter the model writes cannot climb out of it with dot segments, and the Action's key
// never reaches another path or origin. A real local HTTP server records every request it gets.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ActionAuth } from '@parley/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../net/address-policy.ts';
import { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { callOperation, type ActionRuntime } from './action-tool.ts';
import type { ActionOperation } from './openapi-document.ts';

const API_KEY = 'action-key-0123456789';
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const elsewhereSeen: { url: string; headers: IncomingHttpHeaders }[] = [];
let api: Server;
let elsewhere: Server;
let apiBase: string;
let elsewhereBase: string;
// 127.0.0.2 plays a public host: the policy allows it, as USER_BASE_URL_ALLOWLIST would.
const http = new GuardedHttpClient({ policy: new AddressPolicy(['127.0.0.2']) });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    elsewhereSeen.push({ url: req.url!, headers: req.headers });
    res.end('elsewhere');
  });
  elsewhereBase = await listen(elsewhere);
  api = createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    if (req.url === '/v1/items/moved') {
      res.writeHead(302, { location: `${elsewhereBase}/collect` });
      return res.end();
    }
    res.end('ok');
  });
  apiBase = await listen(api);
});
afterAll(async () => {
  api.close();
  elsewhere.close();
  await http.close();
});
beforeEach(() => {
  seen.length = 0;
  elsewhereSeen.length = 0;
});

const getItem = (path = '/items/{id}'): ActionOperation => ({
  name: 'get_item',
  description: '',
  method: 'GET',
  path,
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
  body: null,
});

function runtime(op: ActionOperation, auth: ActionAuth): ActionRuntime {
  return {
    document: { serverUrl: `${apiBase}/v1`, domain: '127.0.0.2', title: 'Items', operations: [op] },
    auth,
    apiKey: API_KEY,
    http,
  };
}

const bearer: ActionAuth = { type: 'service_http', authorization_type: 'bearer' };
const call = (op: ActionOperation, id: string, auth: ActionAuth = bearer) =>
  callOperation(runtime(op, auth), op, { id }, AbortSignal.timeout(5000), 'user-1');

describe('path parameters of an action', () => {
  it('fills an ordinary value, dots inside it included, under the base path with the key', async () => {
    await expect(call(getItem(), 'v1.2..3')).resolves.toBe('ok');
    await call(getItem(), '..hidden');
    expect(seen.map((r) => r.url)).toEqual(['/v1/items/v1.2..3', '/v1/items/..hidden']);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it.each([
    '..',
    '.',
    '%2e%2e',
    '%2E%2e',
    '.%2E',
    '%2e',
    '%252e%252e',
    '%25252E.',
    '../admin',
    'a/../../admin',
    '..\\admin',
  ])('refuses %j with an error the model reads, and sends nothing', async (id) => {
    await expect(call(getItem(), id)).rejects.toThrow(
      /path parameter "id" must not be "\." or "\.\." \(or an encoded form of them\)/,
    );
    expect(seen).toEqual([]);
  });

  it('refuses a URL that leaves the server path, whatever made it leave', async () => {
    // The document's own path climbs out of /v1: the key would reach /admin.
    await expect(call(getItem('/../admin/{id}'), '7')).rejects.toThrow(
      /outside the action's server path \/v1/,
    );
    // A prefix of the base path is not inside it: /v1beta is not under /v1.
    await expect(call(getItem('beta/{id}'), '7')).rejects.toThrow(/outside the action's server path/);
    expect(seen).toEqual([]);
  });

  it('does not carry a custom-header key to another origin a redirect names', async () => {
    const custom: ActionAuth = {
      type: 'service_http',
      authorization_type: 'custom',
      custom_auth_header: 'X-Items-Key',
    };
    await call(getItem(), 'moved', custom);
    expect(seen[0]!.headers['x-items-key']).toBe(API_KEY);
    expect(elsewhereSeen).toHaveLength(1);
    expect(elsewhereSeen[0]!.headers['x-items-key']).toBeUndefined();
  });
});
