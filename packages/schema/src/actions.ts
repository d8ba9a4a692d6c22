import { z } from 'zod';
import { AGENT_ID_PATTERN } from './agents.ts';

/**
 * Actions: an agent's tools described by an OpenAPI 3 document. Each operation of the document
 * becomes one tool the agent's model may call; the server makes the request. The wire shapes
 * follow the agents API (`POST /api/agents/actions/{agent_id}` with the raw document and its auth
 * in `metadata`); the server reads the operations from the document itself.
 */

export const ACTION_LIMITS = {
  /** Characters of the raw OpenAPI document (JSON or YAML). */
  spec: 1_000_000,
  /** Operations one document may define (each is a tool the model is offered). */
  operations: 100,
  /** Actions one agent may have. */
  perAgent: 20,
  /** Depth of nested schemas, after `$ref`s are followed. */
  schemaDepth: 32,
  apiKey: 10_000,
  headerName: 100,
} as const;

export const ACTION_ID_PATTERN = /^act_[A-Za-z0-9_-]{1,64}$/;
export const ACTION_ID_PREFIX = 'act_';

/** How an action's requests authenticate. */
export const ACTION_AUTH_TYPES = ['none', 'service_http', 'oauth'] as const;
export type ActionAuthType = (typeof ACTION_AUTH_TYPES)[number];

/** With `service_http`: where the API key goes. */
export const API_KEY_PLACEMENTS = ['bearer', 'basic', 'custom'] as const;
export type ApiKeyPlacement = (typeof API_KEY_PLACEMENTS)[number];

/** A header name as HTTP allows it (a token), never one that would change the request's framing. */
const headerName = z
  .string({ error: 'custom_auth_header must be a string' })
  .trim()
  .min(1, 'custom_auth_header is required for a custom API key header')
  .max(ACTION_LIMITS.headerName, `custom_auth_header must be at most ${ACTION_LIMITS.headerName} characters`)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'custom_auth_header is not a valid header name')
  .refine(
    (h) => !['host', 'content-length', 'transfer-encoding', 'connection', 'cookie'].includes(h.toLowerCase()),
    'custom_auth_header may not be a header that controls the connection',
  );

/** How an OAuth action's client authenticates at the token endpoint. */
export const ACTION_TOKEN_EXCHANGE_METHODS = ['default_post', 'basic_auth_header'] as const;

/** An absolute http(s) URL of an OAuth endpoint. */
const httpUrl = (field: string) =>
  z
    .url({ protocol: /^https?$/, error: `${field} must be an http:// or https:// URL` })
    .max(2_000, `${field} must be at most 2000 characters`);

export const actionAuthSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('none') }),
    z
      .object({
        type: z.literal('service_http'),
        authorization_type: z.enum(API_KEY_PLACEMENTS, {
          error: `authorization_type must be one of ${API_KEY_PLACEMENTS.join(', ')}`,
        }),
        custom_auth_header: headerName.optional(),
      })
      .refine((a) => a.authorization_type !== 'custom' || a.custom_auth_header, {
        message: 'custom_auth_header is required for a custom API key header',
        path: ['custom_auth_header'],
      }),
    z.object({
      type: z.literal('oauth'),
      /** Where the user's browser signs in (the popup opens it). */
      authorization_url: httpUrl('authorization_url'),
      /** The token endpoint, which the server calls (the format's name for it). */
      client_url: httpUrl('client_url'),
      scope: z.string().max(1_000).optional(),
      /** How the client secret reaches the token endpoint: in the form (default) or as Basic auth. */
      token_exchange_method: z.enum(ACTION_TOKEN_EXCHANGE_METHODS).optional(),
    }),
  ],
  { error: `auth.type must be one of ${ACTION_AUTH_TYPES.join(', ')}` },
);
export type ActionAuth = z.infer<typeof actionAuthSchema>;

/** POST /api/agents/actions/{agent_id}: a new action, or (with action_id) a changed one. */
export const saveActionSchema = z.object({
  action_id: z.string().regex(ACTION_ID_PATTERN, 'action_id is not an action id').optional(),
  metadata: z.object({
    raw_spec: z
      .string({ error: 'metadata.raw_spec must be the OpenAPI document as text' })
      .min(1, 'metadata.raw_spec is required')
      .max(ACTION_LIMITS.spec, `the OpenAPI document must be at most ${ACTION_LIMITS.spec} characters`),
    auth: actionAuthSchema.default({ type: 'none' }),
    /**
     * The API key for `service_http`. Omitted on a change, the saved key is kept; stored
     * encrypted and never sent back.
     */
    api_key: z
      .string()
      .min(1, 'api_key must not be empty')
      .max(ACTION_LIMITS.apiKey, `api_key must be at most ${ACTION_LIMITS.apiKey} characters`)
      .optional(),
    privacy_policy_url: z.url('privacy_policy_url must be a URL').max(2_000).optional(),
    /**
     * The OAuth client of `oauth` auth, as registered at the authorization server. Stored
     * encrypted and never sent back; omitted on a change, the saved one is kept.
     */
    oauth_client_id: z
      .string()
      .min(1, 'oauth_client_id must not be empty')
      .max(ACTION_LIMITS.apiKey, `oauth_client_id must be at most ${ACTION_LIMITS.apiKey} characters`)
      .optional(),
    oauth_client_secret: z
      .string()
      .min(1, 'oauth_client_secret must not be empty')
      .max(ACTION_LIMITS.apiKey, `oauth_client_secret must be at most ${ACTION_LIMITS.apiKey} characters`)
      .optional(),
  }),
});
export type SaveActionBody = z.infer<typeof saveActionSchema>;

export const actionParamsSchema = z.strictObject({
  agent_id: z.string().regex(AGENT_ID_PATTERN, 'agent_id is not an agent id'),
  action_id: z.string().regex(ACTION_ID_PATTERN, 'action_id is not an action id').optional(),
});

/** GET /api/actions/{action_id}/oauth/callback: the action a sign-in returns to. */
export const actionOAuthParamsSchema = z.strictObject({
  action_id: z.string().regex(ACTION_ID_PATTERN, 'action_id is not an action id'),
});

/** One operation of an action as the builder lists it. */
export interface ActionFunction {
  /** The tool name the model calls (the operation's id). */
  name: string;
  description: string;
  method: string;
  path: string;
}

/** An action as the API answers it: never its API key, only whether one is saved. */
export interface AgentAction {
  action_id: string;
  agent_id: string;
  /** The host of the document's server URL. */
  domain: string;
  metadata: {
    raw_spec: string;
    auth: ActionAuth;
    api_key_set: boolean;
    /** Whether the OAuth client (id, and secret if any) of `oauth` auth is saved. */
    oauth_client_set: boolean;
    privacy_policy_url?: string;
  };
  functions: ActionFunction[];
  createdAt: string;
  updatedAt: string;
}
