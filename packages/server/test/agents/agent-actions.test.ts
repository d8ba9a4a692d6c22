// Actions: an agent's OpenAPI document becomes tools its model calls, and the server makes those
// calls through the guarded HTTP client. A local API on 127.0.0.2 plays a public host (the
// operator's allow-list admits it, as USER_BASE_URL_ALLOWLIST would a real one); a "private"
// service on 127.0.0.1, same port, must never be reached — not directly, not through a redirect.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NO_PARENT, type AgentAction, type ContentPart } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentActions } from '../../src/db/schema/index.ts';
import { openStream } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { providerEnv, providerYaml } from '../providers/provider-env.ts';
import { startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { agentClient } from './agent-client.ts';

const API_KEY = 'weather-key-1234567890';
let f: ProviderFixture;
let owner: TestUser;
let other: TestUser;
let api: Server;
let internal: Server;
let port: number;
const apiSeen: { url: string; headers: IncomingHttpHeaders }[] = [];
const internalSeen: string[] = [];

/** The weather API's OpenAPI document, its server at `host`. */
const weatherSpec = (host = '127.0.0.2') =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Weather', version: '1' },
    servers: [{ url: `http://${host}:${port}/v1` }],
    paths: {
      '/weather': {
        get: {
          operationId: 'get_weather',
          summary: 'Current weather for a place',
          parameters: [
            { name: 'location', in: 'query', required: true, schema: { type: 'string' } },
            { $ref: '#/components/parameters/unit' },
          ],
        },
      },
      '/stations/{id}': {
        post: {
          operationId: 'report_station',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Report' } } },
          },
        },
      },
    },
    components: {
      parameters: { unit: { name: 'unit', in: 'query', schema: { type: 'string' } } },
      schemas: { Report: { type: 'object', properties: { sky: { type: 'string' } } } },
    },
  });

/** The document as an object, for a test to break one part of it. */
interface SpecObject {
  paths: Record<string, { get: { operationId?: string } }>;
  components: { schemas: Record<string, unknown> };
}
const specObject = () => JSON.parse(weatherSpec()) as SpecObject;

beforeAll(async () => {
  internal = createServer((req, res) => {
    internalSeen.push(req.url!);
    res.end('internal secret');
  });
  api = createServer((req, res) => {
    apiSeen.push({ url: req.url!, headers: req.headers });
    const url = new URL(req.url!, 'http://x');
    if (url.searchParams.get('location') === 'Redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
      return res.end();
    }
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401);
      return res.end('no key');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ location: url.searchParams.get('location'), sky: 'clear' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.2', resolve));
  port = (api.address() as AddressInfo).port;
  await new Promise<void>((resolve) => internal.listen(port, '127.0.0.1', resolve));
  f = await startProviderFixture({
    env: (url) => ({
      ...providerEnv(url),
      OPENAI_MODELS: 'tools,gpt-4o-mini',
      USER_BASE_URL_ALLOWLIST: '127.0.0.2',
    }),
    yaml: (url) =>
      `${providerYaml(url)}\nactions:\n  allowedDomains: ['127.0.0.2', '127.0.0.1', 'localhost', '*.example.com']\n`,
  });
  owner = f.user;
  other = await createTestUser(f.server);
});
afterAll(async () => {
  await f.stop();
  api.close();
  internal.close();
});

const agents = () => agentClient(f.server);
const saveAction = (user: TestUser, agentId: string, body: unknown) =>
  agents().call(user, 'POST', `/api/agents/actions/${agentId}`, body);
const bearer = { type: 'service_http', authorization_type: 'bearer' };

async function agentWithAction(): Promise<{ agentId: string; action: AgentAction }> {
  const agent = await agents().create(owner, { model: 'tools' });
  const res = await saveAction(owner, agent.id, {
    metadata: { raw_spec: weatherSpec(), auth: bearer, api_key: API_KEY },
  });
  return { agentId: agent.id, action: await agents().ok<AgentAction>(res) };
}

async function runAgent(agentId: string, text: string) {
  const stream = await openStream(f.server, '/api/agents/chat/agents', {
    token: owner.token,
    json: { text, parentMessageId: NO_PARENT, conversationId: null, endpoint: 'agents', agent_id: agentId },
  });
  const final = (await stream.rest()).at(-1)!.data;
  const calls = (final.responseMessage.content as ContentPart[]).flatMap((p) =>
    p.type === 'tool_call' ? [p.tool_call as Record<string, unknown>] : [],
  );
  return { final, calls };
}

describe('saving an action', () => {
  it('reads the operations from the document and keeps the API key encrypted, never answered', async () => {
    const { agentId, action } = await agentWithAction();
    expect(action).toMatchObject({
      agent_id: agentId,
      domain: '127.0.0.2',
      metadata: { auth: bearer, api_key_set: true },
      functions: [
        { name: 'get_weather', method: 'GET', path: '/weather', description: 'Current weather for a place' },
        { name: 'report_station', method: 'POST', path: '/stations/{id}' },
      ],
    });
    expect(action.action_id).toMatch(/^act_/);
    expect(JSON.stringify(action)).not.toContain(API_KEY);
    const [row] = await f.server.ctx.db
      .select()
      .from(agentActions)
      .where(eq(agentActions.id, action.action_id));
    expect(row!.apiKey).toMatch(/^v1:/);
    expect(row!.apiKey).not.toContain(API_KEY);
    const listed = await agents().ok<AgentAction[]>(await agents().call(owner, 'GET', '/api/agents/actions'));
    expect(listed.map((a) => a.action_id)).toContain(action.action_id);
    expect(JSON.stringify(listed)).not.toContain(API_KEY);
  });

  it('accepts YAML, keeps the saved key when a change omits it, and deletes', async () => {
    const { agentId, action } = await agentWithAction();
    const yaml = `openapi: 3.0.3\ninfo: { title: W, version: '1' }\nservers:\n  - url: http://127.0.0.2:${port}/v1\npaths:\n  /weather:\n    get:\n      operationId: get_weather\n      parameters:\n        - { name: location, in: query, required: true, schema: { type: string } }\n        - { name: unit, in: query, schema: { type: string } }\n`;
    const changed = await agents().ok<AgentAction>(
      await saveAction(owner, agentId, {
        action_id: action.action_id,
        metadata: { raw_spec: yaml, auth: bearer },
      }),
    );
    expect(changed.action_id).toBe(action.action_id);
    expect(changed.metadata.api_key_set).toBe(true);
    expect(changed.functions.map((fn) => fn.name)).toEqual(['get_weather']);
    const { calls } = await runAgent(agentId, 'Weather in Oslo?');
    expect(JSON.parse(calls[0]!.output as string)).toEqual({ location: 'Oslo', sky: 'clear' });
    const deleted = await agents().call(
      owner,
      'DELETE',
      `/api/agents/actions/${agentId}/${action.action_id}`,
    );
    expect(deleted.status).toBe(200);
    const again = await agents().call(owner, 'DELETE', `/api/agents/actions/${agentId}/${action.action_id}`);
    expect(again.status).toBe(404);
  });
});

describe('running an action', () => {
  it('calls the API with the key as the model asked and saves the answer as the tool output', async () => {
    const { agentId } = await agentWithAction();
    apiSeen.length = 0;
    const { final, calls } = await runAgent(agentId, 'Weather in Lima?');
    expect(final.error).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'get_weather', progress: 1 });
    expect(JSON.parse(calls[0]!.output as string)).toEqual({ location: 'Lima', sky: 'clear' });
    expect(apiSeen).toHaveLength(1);
    expect(apiSeen[0]!.url).toBe('/v1/weather?location=Lima&unit=celsius');
    expect(apiSeen[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(final.responseMessage.text).toContain('"sky":"clear"');
  });

  it('refuses a redirect to a private address: the internal service receives nothing', async () => {
    const { agentId } = await agentWithAction();
    internalSeen.length = 0;
    const { final, calls } = await runAgent(agentId, 'Weather in Redirect?');
    expect(calls[0]!.output).toMatch(/^Error processing tool get_weather: .*private, loopback or link-local/);
    expect(internalSeen).toEqual([]);
    expect(JSON.stringify(final)).not.toContain('internal secret');
    expect(final.responseMessage.finish_reason).toBe('stop');
  });
});

describe('bad input', () => {
  let agentId: string;
  beforeAll(async () => {
    agentId = (await agents().create(owner, { model: 'tools' })).id;
  });

  const refused = async (raw_spec: string, message: RegExp, auth: unknown = { type: 'none' }) => {
    const res = await saveAction(owner, agentId, { metadata: { raw_spec, auth } });
    const body = (await res.json()) as { message: string };
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.message).toMatch(message);
  };

  it('refuses malformed, non-OpenAPI-3, cyclic and huge documents', async () => {
    await refused('{"openapi": "3.0.0", ', /JSON does not parse/);
    await refused('openapi: [unclosed', /neither JSON nor YAML/);
    await refused(JSON.stringify({ swagger: '2.0', paths: {} }), /only OpenAPI 3/);
    const cyclic = specObject();
    cyclic.components.schemas.Report = {
      type: 'object',
      properties: { next: { $ref: '#/components/schemas/Report' } },
    };
    await refused(JSON.stringify(cyclic), /is cyclic/);
    const outside = specObject();
    outside.components.schemas.Report = { $ref: 'https://example.com/schema.json' };
    await refused(JSON.stringify(outside), /only references inside the document/);
    const noId = specObject();
    delete noId.paths['/weather']!.get.operationId;
    await refused(JSON.stringify(noId), /needs an operationId/);
    await refused('x'.repeat(1_000_001), /at most 1000000 characters/);
    // A YAML alias bomb: each level doubles; the parser stops at its alias limit.
    const bomb = [
      'a: &a ["x","x"]',
      ...Array.from(
        { length: 30 },
        (_, i) =>
          `${String.fromCharCode(98 + (i % 20))}${i}: &l${i} [${i === 0 ? '*a,*a' : `*l${i - 1},*l${i - 1}`}]`,
      ),
    ].join('\n');
    await refused(`openapi: 3.0.0\n${bomb}\n`, /neither JSON nor YAML|too many/);
    // Many references to one large schema expand past the node budget.
    const wide = specObject();
    wide.components.schemas.Big = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, { type: 'string' }])),
    };
    wide.components.schemas.Report = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`r${i}`, { $ref: '#/components/schemas/Big' }]),
      ),
    };
    await refused(JSON.stringify(wide), /too many schema nodes/);
  });

  it('refuses a server at a private address, a domain outside actions.allowedDomains, and OAuth without its URLs', async () => {
    // actions.allowedDomains names them, yet the address guard still refuses loopback.
    await refused(weatherSpec('127.0.0.1'), /private, loopback or link-local/);
    await refused(weatherSpec('localhost'), /private, loopback or link-local/);
    await refused(weatherSpec('api.example.org'), /domain api.example.org is not allowed for actions/);
    await refused(weatherSpec('[::ffff:127.0.0.2]'), /not allowed for actions/);
    await refused(weatherSpec().replace('http://127.0.0.2', 'ftp://127.0.0.2'), /http:\/\/ or https:\/\//);
    // OAuth needs its authorization and token URLs (agent-action-oauth.test.ts covers the rest).
    await refused(weatherSpec(), /authorization_url/, { type: 'oauth' });
    await refused(weatherSpec(), /API key is required/, bearer);
    const res = await saveAction(owner, agentId, {
      metadata: {
        raw_spec: weatherSpec(),
        auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'Host' },
        api_key: 'k',
      },
    });
    expect(res.status).toBe(400);
    const wrongType = await saveAction(owner, agentId, { metadata: { raw_spec: 42 } });
    expect(wrongType.status).toBe(400);
  });

  it("answers 404 for another user's agent and action, and for an action of another agent", async () => {
    const { agentId: ownersAgent, action } = await agentWithAction();
    const save = await saveAction(other, ownersAgent, {
      metadata: { raw_spec: weatherSpec(), auth: { type: 'none' } },
    });
    expect(save.status).toBe(404);
    const del = await agents().call(
      other,
      'DELETE',
      `/api/agents/actions/${ownersAgent}/${action.action_id}`,
    );
    expect(del.status).toBe(404);
    const theirs = await agents().create(other, { model: 'tools' });
    const cross = await agents().call(
      other,
      'DELETE',
      `/api/agents/actions/${theirs.id}/${action.action_id}`,
    );
    expect(cross.status).toBe(404);
    const hijack = await saveAction(other, theirs.id, {
      action_id: action.action_id,
      metadata: { raw_spec: weatherSpec(), auth: { type: 'none' } },
    });
    expect(hijack.status).toBe(404);
    const listed = await agents().ok<AgentAction[]>(await agents().call(other, 'GET', '/api/agents/actions'));
    expect(listed).toEqual([]);
    const badId = await agents().call(owner, 'DELETE', `/api/agents/actions/${ownersAgent}/not-an-id`);
    expect(badId.status).toBe(400);
    // The owner's action still works after all of that.
    const { calls } = await runAgent(ownersAgent, 'Weather in Rome?');
    expect(JSON.parse(calls[0]!.output as string)).toMatchObject({ location: 'Rome' });
  });

  it('refuses an operation named like a tool the agent already has', async () => {
    const { agentId: id } = await agentWithAction();
    const res = await saveAction(owner, id, {
      metadata: { raw_spec: weatherSpec(), auth: { type: 'none' } },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /already has a tool named get_weather/,
    );
  });
});
