import { expect } from 'vitest';
import { z } from 'zod';
import { SIM_ENDPOINT as SIM_ENDPOINT_NAME } from '../chat/chat-fixture.ts';
import type { TestServer } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

/** What the calls share: the signed-in normal user, their first conversation, and ids created on the way. */
export interface CallContext {
  server: TestServer;
  user: TestUser;
  /** A second normal user whose account the delete-account call removes. */
  doomedUser: TestUser;
  conversationId: string;
  userMessageId: string;
  answerMessageId: string;
  /** Ids earlier calls created (a share id, a prompt id, …), by name. */
  values: Record<string, string>;
}

export interface CallRequest {
  /** The concrete path; the call's own path when absent. */
  path?: string;
  json?: unknown;
  form?: FormData;
  /** null: signed out; absent: the normal user's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface SpecCall {
  /** "METHOD /path" as the spec's call tables write it, `{name}` for a path parameter. */
  call: string;
  request(ctx: CallContext): CallRequest | Promise<CallRequest>;
  /** Checks the answer against what the spec documents. */
  expect(res: Response, ctx: CallContext): Promise<void>;
}

/** Parses a value against the documented shape, reporting the mismatch readably. */
function expectShape(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(`unexpected answer shape: ${z.prettifyError(result.error)}\n${JSON.stringify(value)}`);
}

/** The answer has one of these statuses and a JSON body of this shape; `keep` saves ids from it. */
function answers<S extends z.ZodType>(
  status: number | number[],
  schema: S,
  keep?: (body: z.infer<S>, ctx: CallContext) => void,
): SpecCall['expect'] {
  return async (res, ctx) => {
    const text = await res.text();
    expect([status].flat(), `status ${res.status}: ${text.slice(0, 300)}`).toContain(res.status);
    const body: unknown = text ? JSON.parse(text) : undefined;
    expectShape(schema, body);
    keep?.(body as z.infer<S>, ctx);
  };
}

/** An answer with no body worth checking (204, or 200 with an acknowledgement). */
function answersEmpty(status: number[]): SpecCall['expect'] {
  return async (res) => {
    expect(status, `status ${res.status}: ${(await res.clone().text()).slice(0, 300)}`).toContain(res.status);
  };
}

const message = z.looseObject({ message: z.string() });
const conversation = z.looseObject({
  conversationId: z.string(),
  title: z.string().nullable(),
  endpoint: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const chatMessage = z.looseObject({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string().nullable(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
  sender: z.string().nullable(),
});
const user = z.looseObject({ id: z.string(), email: z.string(), name: z.string(), role: z.string() });
const promptGroup = z.looseObject({ _id: z.string(), name: z.string(), category: z.string() });
const prompt = z.looseObject({ _id: z.string(), groupId: z.string(), prompt: z.string() });
const tag = z.looseObject({
  tag: z.string(),
  description: z.string(),
  position: z.number(),
  count: z.number(),
});
const preset = z.looseObject({ presetId: z.string(), endpoint: z.string() });
const permissionSet = z.record(z.string(), z.record(z.string(), z.boolean()));
const twoFactorCodes = z.looseObject({ backupCodes: z.array(z.string()) });

const signedOutJson = (json: unknown): CallRequest => ({ token: null, json });

/** Signs in with a password and returns the refresh cookie the answer sets. */
async function signInCookie(ctx: CallContext): Promise<string> {
  const email = `contract-${Date.now()}@example.com`;
  const password = 'contract-password-1';
  await ctx.server.api('/api/auth/register', {
    method: 'POST',
    json: { name: 'Contract', email, password, confirm_password: password },
  });
  const res = await ctx.server.api('/api/auth/login', { method: 'POST', json: { email, password } });
  ctx.values.signedInEmail = email;
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Every call whose path the three spec documents' call tables show (core, tools/rendering,
 * settings/sharing), each once, in an order where later calls can use what earlier ones made.
 */
export const SPEC_CALLS: SpecCall[] = [
  // ---- startup reads ----
  {
    call: 'GET /health',
    request: () => ({ token: null }),
    expect: async (res) => expect(await res.text()).toBe('OK'),
  },
  {
    call: 'GET /api/config',
    request: () => ({ token: null }),
    expect: answers(
      200,
      z.looseObject({
        appTitle: z.string(),
        interface: z.looseObject({}),
        socialLogins: z.array(z.string()),
      }),
    ),
  },
  {
    call: 'GET /api/banner',
    request: () => ({}),
    expect: answers(200, z.looseObject({ message: z.string() }).nullable()),
  },
  { call: 'GET /api/search/enable', request: () => ({}), expect: answers(200, z.boolean()) },
  {
    call: 'GET /api/endpoints',
    request: () => ({}),
    expect: answers(200, z.record(z.string(), z.looseObject({}))),
  },
  { call: 'GET /api/endpoints/config/override', request: () => ({}), expect: answers(200, z.unknown()) },
  {
    call: 'GET /api/models',
    request: () => ({}),
    expect: answers(200, z.record(z.string(), z.array(z.string()))),
  },
  {
    call: 'GET /api/plugins',
    request: () => ({}),
    expect: answers(200, z.array(z.looseObject({ pluginKey: z.string() }))),
  },
  {
    call: 'GET /api/agents',
    request: () => ({}),
    expect: answers(200, z.looseObject({ data: z.array(z.unknown()) })),
  },
  {
    call: 'POST /api/tokenizer',
    request: () => ({ json: { arg: 'count these words' } }),
    expect: answers(200, z.object({ count: z.number().int().positive() })),
  },

  // ---- auth ----
  {
    call: 'POST /api/auth/register',
    request: () =>
      signedOutJson({
        name: 'New Person',
        username: 'newperson',
        email: `new-${Date.now()}@example.com`,
        password: 'a-long-password',
        confirm_password: 'a-long-password',
      }),
    expect: answers([200, 201], message),
  },
  {
    call: 'POST /api/auth/refresh',
    request: async (ctx) => ({ token: null, headers: { cookie: await signInCookie(ctx) } }),
    expect: answers(200, z.looseObject({ token: z.string(), user })),
  },
  {
    call: 'POST /api/auth/requestPasswordReset',
    request: (ctx) => signedOutJson({ email: ctx.values.signedInEmail }),
    expect: answers(200, z.looseObject({ message: z.string(), link: z.string().optional() }), (body, ctx) => {
      // Without e-mail the link is shown directly; its query carries what the reset needs.
      const link = new URL(body.link!);
      ctx.values.resetToken = link.searchParams.get('token')!;
      ctx.values.resetUserId = link.searchParams.get('userId')!;
    }),
  },
  {
    call: 'POST /api/auth/resetPassword',
    request: (ctx) =>
      signedOutJson({
        token: ctx.values.resetToken,
        userId: ctx.values.resetUserId,
        password: 'another-long-password',
        confirm_password: 'another-long-password',
      }),
    expect: answers(200, message),
  },
  { call: 'GET /api/auth/google', request: () => ({ token: null }), expect: answersEmpty([302]) },
  {
    call: 'GET /api/auth/2fa/enable',
    request: () => ({}),
    expect: answers(200, twoFactorCodes.extend({ otpauthUrl: z.string() })),
  },
  {
    call: 'POST /api/auth/2fa/verify',
    request: () => ({ json: { token: '000000' } }),
    expect: answers([200, 400], message),
  },
  {
    call: 'POST /api/auth/2fa/verify-temp',
    request: () => signedOutJson({ tempToken: 'x', token: '000000' }),
    expect: answers([400, 401], message),
  },
  {
    call: 'POST /api/auth/2fa/confirm',
    request: () => ({ json: { token: '000000' } }),
    expect: answers([200, 400], message),
  },
  {
    call: 'POST /api/auth/2fa/backup/regenerate',
    request: () => ({}),
    expect: answers([200, 400], z.looseObject({})),
  },
  {
    call: 'POST /api/auth/2fa/disable',
    request: () => ({ json: { token: '000000' } }),
    expect: answers([200, 400], message),
  },

  // ---- user ----
  { call: 'GET /api/user', request: () => ({}), expect: answers(200, user) },
  {
    call: 'GET /api/user/terms',
    request: () => ({}),
    expect: answers(200, z.looseObject({ termsAccepted: z.boolean() })),
  },
  { call: 'POST /api/user/terms/accept', request: () => ({}), expect: answers(200, message) },
  {
    call: 'POST /api/user/verify',
    // The user is verified already; otherwise a wrong token is refused with a message.
    request: (ctx) => signedOutJson({ email: ctx.user.email, token: 'not-the-mailed-token' }),
    expect: answers([200, 400, 404], message),
  },
  {
    call: 'POST /api/user/verify/resend',
    request: (ctx) => signedOutJson({ email: ctx.user.email }),
    expect: answers(200, message),
  },
  {
    call: 'POST /api/user/plugins',
    request: () => ({ json: { pluginKey: 'web_search', action: 'install', auth: {} } }),
    expect: answers([200, 400], message),
  },
  {
    call: 'GET /api/balance',
    request: () => ({}),
    expect: answers(200, z.looseObject({ tokenCredits: z.number() })),
  },

  // ---- keys ----
  {
    call: 'PUT /api/keys',
    request: () => ({ json: { name: SIM_ENDPOINT_NAME, value: 'sk-user', expiresAt: null } }),
    expect: answersEmpty([200, 201, 204]),
  },
  {
    call: 'GET /api/keys',
    request: () => ({ path: `/api/keys?name=${SIM_ENDPOINT_NAME}` }),
    expect: answers(200, z.object({ expiresAt: z.string().nullable() })),
  },
  {
    call: 'DELETE /api/keys/{name}',
    request: () => ({ path: `/api/keys/${SIM_ENDPOINT_NAME}` }),
    expect: answersEmpty([200, 204]),
  },
  {
    call: 'DELETE /api/keys',
    request: () => ({ path: '/api/keys?all=true' }),
    expect: answersEmpty([200, 204]),
  },

  // ---- streaming chat (the first exchange was made by the suite's setup through the same call) ----
  {
    call: 'POST /api/agents/chat',
    request: (ctx) => ({
      json: {
        text: 'and again',
        parentMessageId: ctx.answerMessageId,
        conversationId: ctx.conversationId,
        model: 'echo',
        endpoint: SIM_ENDPOINT_NAME,
      },
    }),
    expect: async (res) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await res.text()).toContain('"final":true');
    },
  },
  {
    call: 'POST /api/agents/chat/abort',
    request: (ctx) => ({ json: { abortKey: ctx.conversationId, endpoint: SIM_ENDPOINT_NAME } }),
    // Nothing is running any more: 204 (or a final payload), never an error.
    expect: answersEmpty([200, 204]),
  },
  {
    call: 'POST /api/assistants/v2/chat',
    request: () => ({ json: { text: 'hi' } }),
    expect: answersEmpty([404]),
  },
  {
    call: 'POST /api/assistants/v1/chat',
    request: () => ({ json: { text: 'hi' } }),
    expect: answersEmpty([404]),
  },
  {
    call: 'GET /api/assistants/v{version}',
    request: () => ({ path: '/api/assistants/v2' }),
    expect: answersEmpty([404]),
  },
  {
    call: 'GET /api/assistants/v{version}/documents',
    request: () => ({ path: '/api/assistants/v2/documents' }),
    expect: answersEmpty([404]),
  },

  // ---- conversations ----
  {
    call: 'GET /api/convos',
    request: () => ({ path: '/api/convos?pageSize=5&sortBy=updatedAt&sortDirection=desc' }),
    expect: answers(
      200,
      z.looseObject({ conversations: z.array(conversation).min(1), nextCursor: z.string().nullable() }),
    ),
  },
  {
    call: 'GET /api/convos/{id}',
    request: (ctx) => ({ path: `/api/convos/${ctx.conversationId}` }),
    expect: answers(200, conversation),
  },
  {
    call: 'POST /api/convos/update',
    request: (ctx) => ({
      json: { arg: { conversationId: ctx.conversationId, title: 'Renamed by the contract' } },
    }),
    expect: answers(200, conversation.extend({ title: z.literal('Renamed by the contract') })),
  },
  {
    call: 'POST /api/convos/gen_title',
    request: (ctx) => ({ json: { conversationId: ctx.conversationId } }),
    // The setup's first exchange asked for a title (titleConvo on the simulated endpoint).
    expect: answers(200, z.object({ title: z.string().min(1) })),
  },
  {
    call: 'POST /api/convos/duplicate',
    request: (ctx) => ({ json: { conversationId: ctx.conversationId } }),
    expect: answers(
      [200, 201],
      z.looseObject({ conversation, messages: z.array(chatMessage).min(2) }),
      (body, ctx) => {
        ctx.values.copyId = body.conversation.conversationId;
      },
    ),
  },
  {
    call: 'POST /api/convos/fork',
    request: (ctx) => ({
      json: { conversationId: ctx.conversationId, messageId: ctx.answerMessageId, option: 'directPath' },
    }),
    expect: answers([200, 201], z.looseObject({ conversation, messages: z.array(chatMessage).min(1) })),
  },
  {
    call: 'POST /api/convos/import',
    request: () => {
      const form = new FormData();
      const file = JSON.stringify({
        conversationId: 'imported-1',
        title: 'Imported chat',
        endpoint: 'openAI',
        messages: [
          {
            messageId: 'm1',
            parentMessageId: '00000000-0000-0000-0000-000000000000',
            text: 'hi',
            isCreatedByUser: true,
            sender: 'User',
          },
          { messageId: 'm2', parentMessageId: 'm1', text: 'hello', isCreatedByUser: false, sender: 'GPT' },
        ],
      });
      form.append('file', new Blob([file], { type: 'application/json' }), 'chat.json');
      return { form };
    },
    expect: answers([200, 201, 202], message),
  },

  // ---- messages ----
  {
    call: 'GET /api/messages',
    request: (ctx) => ({ path: `/api/messages?conversationId=${ctx.conversationId}&pageSize=10` }),
    expect: answers(
      200,
      z.looseObject({ messages: z.array(chatMessage).min(2), nextCursor: z.string().nullable() }),
    ),
  },
  {
    call: 'GET /api/messages/{conversationId}',
    request: (ctx) => ({ path: `/api/messages/${ctx.conversationId}` }),
    expect: answers(200, z.array(chatMessage).min(2)),
  },
  {
    call: 'PUT /api/messages/{conversationId}/{messageId}',
    request: (ctx) => ({
      path: `/api/messages/${ctx.conversationId}/${ctx.answerMessageId}`,
      json: { text: 'edited answer' },
    }),
    expect: answersEmpty([200, 204]),
  },
  {
    call: 'PUT /api/messages/{conversationId}/{messageId}/feedback',
    request: (ctx) => ({
      path: `/api/messages/${ctx.conversationId}/${ctx.answerMessageId}/feedback`,
      json: { feedback: { rating: 'thumbsUp', tag: 'accurate_reliable', text: 'good' } },
    }),
    expect: answers(200, z.looseObject({ feedback: z.looseObject({ rating: z.literal('thumbsUp') }) })),
  },
  {
    call: 'POST /api/messages/artifact/{messageId}',
    request: (ctx) => ({
      path: `/api/messages/artifact/${ctx.answerMessageId}`,
      json: { index: 0, original: 'a', updated: 'b' },
    }),
    expect: answers([200, 400, 404], z.looseObject({})),
  },

  // ---- prompts ----
  {
    call: 'POST /api/prompts',
    request: () => ({
      json: {
        prompt: { prompt: 'Summarise {{text}}', type: 'text' },
        group: { name: 'Summary', category: '' },
      },
    }),
    expect: answers([200, 201], z.looseObject({ prompt, group: promptGroup }), (body, ctx) => {
      ctx.values.promptId = body.prompt._id;
      ctx.values.groupId = body.group._id;
    }),
  },
  {
    call: 'GET /api/prompts',
    request: (ctx) => ({ path: `/api/prompts?groupId=${ctx.values.groupId}` }),
    expect: answers(200, z.array(prompt).min(1)),
  },
  {
    call: 'GET /api/prompts/groups',
    request: () => ({ path: '/api/prompts/groups?pageNumber=1&pageSize=10&category=&name=' }),
    expect: answers(200, z.looseObject({ promptGroups: z.array(promptGroup).min(1) })),
  },
  {
    call: 'GET /api/prompts/groups/{id}',
    request: (ctx) => ({ path: `/api/prompts/groups/${ctx.values.groupId}` }),
    expect: answers(200, promptGroup),
  },
  {
    call: 'PATCH /api/prompts/groups/{id}',
    request: (ctx) => ({
      path: `/api/prompts/groups/${ctx.values.groupId}`,
      json: { name: 'Summary, renamed', oneliner: 'short' },
    }),
    expect: answers(200, promptGroup.extend({ name: z.literal('Summary, renamed') })),
  },
  {
    call: 'PATCH /api/prompts/{id}/tags/production',
    request: (ctx) => ({ path: `/api/prompts/${ctx.values.promptId}/tags/production` }),
    expect: answersEmpty([200, 204]),
  },
  {
    call: 'GET /api/categories',
    request: () => ({}),
    expect: answers(200, z.array(z.looseObject({ value: z.string(), label: z.string() }))),
  },
  {
    call: 'DELETE /api/prompts/{id}',
    request: (ctx) => ({ path: `/api/prompts/${ctx.values.promptId}?groupId=${ctx.values.groupId}` }),
    expect: answers(200, z.looseObject({})),
  },

  // ---- tools, files, speech, MCP (features not built yet: their expected answers are what the spec documents) ----
  {
    call: 'POST /api/agents/tools/{toolId}/call',
    request: (ctx) => ({
      path: '/api/agents/tools/execute_code/call',
      json: {
        partIndex: 0,
        blockIndex: 0,
        messageId: ctx.answerMessageId,
        conversationId: ctx.conversationId,
        lang: 'py',
        code: 'print(1)',
      },
    }),
    expect: answers(
      200,
      z.looseObject({ result: z.string().includes('1'), attachments: z.array(z.unknown()) }),
    ),
  },
  {
    call: 'GET /api/agents/tools/{toolId}/auth',
    request: () => ({ path: '/api/agents/tools/execute_code/auth' }),
    expect: answers(
      200,
      z.strictObject({ authenticated: z.literal(true), message: z.literal('system_defined') }),
    ),
  },
  { call: 'GET /api/agents/tools', request: () => ({}), expect: answers(200, z.array(z.unknown())) },
  {
    call: 'GET /api/agents/tools/calls',
    request: (ctx) => ({ path: `/api/agents/tools/calls?conversationId=${ctx.conversationId}` }),
    expect: answers(200, z.array(z.unknown())),
  },
  {
    call: 'GET /api/files/config',
    request: () => ({}),
    expect: answers(200, z.looseObject({ endpoints: z.looseObject({}) })),
  },
  {
    call: 'GET /api/files/download/{userId}/{fileId}',
    request: (ctx) => ({ path: `/api/files/download/${ctx.user.id}/00000000-0000-4000-8000-000000000000` }),
    expect: answersEmpty([404]),
  },
  { call: 'DELETE /api/files', request: () => ({ json: { files: [] } }), expect: answersEmpty([200, 400]) },
  {
    call: 'POST /api/files/images/avatar',
    request: () => {
      const form = new FormData();
      form.append('manual', 'true');
      return { form };
    },
    expect: answers([200, 400], z.looseObject({})),
  },
  {
    call: 'POST /api/files/speech/tts',
    request: (ctx) => ({ json: { messageId: ctx.answerMessageId, voice: 'alloy' } }),
    expect: answersEmpty([200, 400]),
  },
  {
    call: 'POST /api/files/speech/tts/manual',
    request: () => {
      const form = new FormData();
      form.append('input', 'hello');
      form.append('voice', 'alloy');
      return { form };
    },
    expect: answersEmpty([200, 400]),
  },
  {
    call: 'POST /api/files/speech/stt',
    request: () => ({ form: new FormData() }),
    expect: answers([200, 400], z.looseObject({})),
  },
  {
    call: 'GET /api/files/speech/tts/voices',
    request: () => ({}),
    expect: answers(200, z.array(z.string())),
  },
  { call: 'GET /api/files/speech/config/get', request: () => ({}), expect: answers(200, z.looseObject({})) },
  {
    call: 'POST /api/mcp/{serverName}/reinitialize',
    request: () => ({ path: '/api/mcp/none/reinitialize' }),
    expect: answers([200, 404], z.looseObject({})),
  },
  {
    call: 'POST /api/mcp/oauth/cancel/{serverName}',
    request: () => ({ path: '/api/mcp/oauth/cancel/none' }),
    expect: answers([200, 404], z.looseObject({})),
  },
  {
    call: 'GET /api/mcp/connection/status',
    request: () => ({}),
    expect: answers(200, z.looseObject({ connectionStatus: z.record(z.string(), z.unknown()) })),
  },
  {
    call: 'GET /api/mcp/{serverName}/auth-values',
    request: () => ({ path: '/api/mcp/none/auth-values' }),
    expect: answers([200, 404], z.looseObject({})),
  },

  // ---- memories ----
  {
    call: 'GET /api/memories',
    request: () => ({}),
    expect: answers(200, z.looseObject({ memories: z.array(z.unknown()) })),
  },
  {
    call: 'POST /api/memories',
    request: () => ({ json: { key: 'contract', value: 'likes tests' } }),
    expect: answers([200, 201], z.looseObject({})),
  },
  {
    call: 'PATCH /api/memories/{key}',
    request: () => ({ path: '/api/memories/contract', json: { key: 'contract', value: 'likes contracts' } }),
    expect: answers(200, z.looseObject({})),
  },
  {
    call: 'PATCH /api/memories/preferences',
    request: () => ({ json: { memories: true } }),
    expect: answers(200, z.looseObject({})),
  },
  {
    call: 'DELETE /api/memories/{key}',
    request: () => ({ path: '/api/memories/contract' }),
    expect: answersEmpty([200, 204]),
  },

  // ---- sharing ----
  {
    call: 'POST /api/share/{conversationId}',
    request: (ctx) => ({ path: `/api/share/${ctx.conversationId}` }),
    expect: answers(
      [200, 201],
      z.looseObject({ shareId: z.string(), conversationId: z.string() }),
      (body, ctx) => {
        ctx.values.shareId = body.shareId;
      },
    ),
  },
  {
    call: 'GET /api/share',
    request: () => ({ path: '/api/share?pageSize=10&isPublic=true&sortBy=createdAt&sortDirection=desc' }),
    expect: answers(
      200,
      z.looseObject({
        links: z.array(z.looseObject({ shareId: z.string() })).min(1),
        nextCursor: z.string().nullable(),
      }),
    ),
  },
  {
    call: 'GET /api/share/link/{conversationId}',
    request: (ctx) => ({ path: `/api/share/link/${ctx.conversationId}` }),
    expect: answers(200, z.looseObject({ success: z.literal(true), shareId: z.string() })),
  },
  {
    call: 'GET /api/share/{shareId}',
    request: (ctx) => ({ path: `/api/share/${ctx.values.shareId}`, token: null }),
    expect: answers(
      200,
      z.looseObject({
        messages: z.array(z.looseObject({ messageId: z.string() })).min(2),
        title: z.string(),
        createdAt: z.string(),
        conversationId: z.string(),
      }),
    ),
  },
  {
    call: 'PATCH /api/share/{shareId}',
    request: (ctx) => ({ path: `/api/share/${ctx.values.shareId}` }),
    expect: answers(200, z.looseObject({ shareId: z.string() }), (body, ctx) => {
      ctx.values.shareId = body.shareId;
    }),
  },
  {
    call: 'DELETE /api/share/{shareId}',
    request: (ctx) => ({ path: `/api/share/${ctx.values.shareId}` }),
    expect: answersEmpty([200, 204]),
  },

  // ---- bookmarks ----
  {
    call: 'POST /api/tags',
    request: () => ({ json: { tag: 'contract', description: 'walked' } }),
    expect: answers([200, 201], tag),
  },
  { call: 'GET /api/tags', request: () => ({}), expect: answers(200, z.array(tag).min(1)) },
  {
    call: 'PUT /api/tags/{tag}',
    request: () => ({ path: '/api/tags/contract', json: { description: 'walked twice', position: 0 } }),
    expect: answers(200, tag),
  },
  {
    call: 'PUT /api/tags/convo/{id}',
    request: (ctx) => ({ path: `/api/tags/convo/${ctx.conversationId}`, json: { tags: ['contract'] } }),
    expect: answers(200, z.array(z.string())),
  },
  { call: 'POST /api/tags/rebuild', request: () => ({}), expect: answers(200, z.array(tag)) },
  {
    call: 'DELETE /api/tags/{tag}',
    request: () => ({ path: '/api/tags/contract' }),
    expect: answersEmpty([200, 204]),
  },

  // ---- presets ----
  {
    call: 'POST /api/presets',
    request: () => ({
      json: { title: 'Contract preset', endpoint: SIM_ENDPOINT_NAME, model: 'echo', temperature: 0.5 },
    }),
    expect: answers([200, 201], preset, (body, ctx) => {
      ctx.values.presetId = body.presetId;
    }),
  },
  { call: 'GET /api/presets', request: () => ({}), expect: answers(200, z.array(preset).min(1)) },
  {
    call: 'POST /api/presets/delete',
    request: (ctx) => ({ json: { presetId: ctx.values.presetId } }),
    expect: answers(200, z.looseObject({})),
  },

  // ---- roles: a normal user reads their own permissions and may not change any; the spec's
  // client names roles in lower case ----
  {
    call: 'GET /api/roles/{role}',
    request: () => ({ path: '/api/roles/user' }),
    expect: answers(200, z.looseObject({ name: z.string(), permissions: permissionSet })),
  },
  {
    call: 'PUT /api/roles/{role}/prompts',
    request: () => ({ path: '/api/roles/user/prompts', json: { USE: true } }),
    expect: answers(403, message),
  },
  {
    call: 'PUT /api/roles/{role}/agents',
    request: () => ({ path: '/api/roles/user/agents', json: { USE: true } }),
    expect: answers(403, message),
  },
  {
    call: 'PUT /api/roles/{role}/memories',
    request: () => ({ path: '/api/roles/user/memories', json: { USE: true } }),
    expect: answers(403, message),
  },

  // ---- endings ----
  {
    call: 'DELETE /api/convos',
    request: (ctx) => ({
      json: {
        arg: {
          conversationId: ctx.values.copyId,
          thread_id: null,
          endpoint: SIM_ENDPOINT_NAME,
          source: 'button',
        },
      },
    }),
    expect: answers(200, z.looseObject({})),
  },
  { call: 'DELETE /api/convos/all', request: () => ({}), expect: answers(200, z.looseObject({})) },
  {
    call: 'DELETE /api/user/delete',
    request: (ctx) => ({ token: ctx.doomedUser.token }),
    expect: answers(200, message),
  },
  { call: 'POST /api/auth/logout', request: () => ({}), expect: answers(200, message) },
];
