import { ACTION_ID_PREFIX, ACTION_LIMITS, type AgentAction, type SaveActionBody } from '@parley/schema';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { agentActions, agents, type AgentActionRow, type AgentRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { decryptSecret, encryptSecret } from '../keys/key-cipher.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { RefusedUrlError } from '../net/refused-url-error.ts';
import type { AgentCaller } from '../agents/agent-caller.ts';
import { findEditableAgent } from '../agents/agent-service.ts';
import type { AgentsSettings } from '../agents/agents-settings.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import type { ActionOAuth, OAuthAction } from './action-oauth.ts';
import { actionTools, actionValidators } from './action-tool.ts';
import { domainAllowed } from './allowed-domains.ts';
import { readOpenApiDocument, type ActionDocument } from './openapi-document.ts';

export const ACTION_NOT_FOUND = 'Action not found';

/** What the action routes and agent runs need. */
export interface ActionDeps {
  db: Database;
  settings: AgentsSettings;
  tools: ToolRegistry;
  /** The guarded client every action request goes through. */
  http: GuardedHttpClient;
  /** parley.yaml `actions.allowedDomains`; empty allows every host the guard allows. */
  allowedDomains: readonly string[];
  credsKey: string;
  /** Users' OAuth sign-ins to actions with `oauth` auth, and their tokens. */
  oauth: ActionOAuth;
}

const newActionId = (): string => ACTION_ID_PREFIX + randomBytes(12).toString('base64url');
/** The API key is bound to its action: copied into another row it does not decrypt. */
const keyContext = (actionId: string) => `action:${actionId}`;
/** The OAuth client is bound to its action the same way. */
const clientContext = (actionId: string) => `action-oauth-client:${actionId}`;

function toAgentAction(row: AgentActionRow, document: ActionDocument | null): AgentAction {
  return {
    action_id: row.id,
    agent_id: row.agentId,
    domain: row.domain,
    metadata: {
      raw_spec: row.rawSpec,
      auth: row.auth,
      api_key_set: row.apiKey !== null,
      oauth_client_set: row.oauthClient !== null,
      ...(row.privacyPolicyUrl ? { privacy_policy_url: row.privacyPolicyUrl } : {}),
    },
    functions: (document?.operations ?? []).map((op) => ({
      name: op.name,
      description: op.description,
      method: op.method,
      path: op.path,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored document read again; one that no longer reads (rules tightened) has no operations. */
function documentOf(row: AgentActionRow): ActionDocument | null {
  try {
    return readOpenApiDocument(row.rawSpec);
  } catch {
    return null;
  }
}

/** The `actions` capability must be on to save or run actions. */
function requireActionsCapability(settings: AgentsSettings): void {
  if (!settings.capabilities.has('actions'))
    throw forbidden('Actions are not enabled for agents on this server (the actions capability is off).');
}

/**
 * GET /api/agents/actions: the actions of the agents the caller may edit (their own; an admin's
 * list is their own agents' too, as a builder shows one's own work).
 */
export async function listActions(db: Database, caller: AgentCaller): Promise<AgentAction[]> {
  const rows = await db
    .select({ action: agentActions })
    .from(agentActions)
    .innerJoin(agents, eq(agents.id, agentActions.agentId))
    .where(eq(agents.authorId, caller.id))
    .orderBy(asc(agentActions.createdAt), asc(agentActions.id));
  return rows.map(({ action }) => toAgentAction(action, documentOf(action)));
}

/**
 * POST /api/agents/actions/{agent_id}: reads and checks the document (its server must be allowed
 * by `actions.allowedDomains` and reachable under the address guard, so a private address is
 * refused now rather than at the first call), then saves a new action or changes one of this
 * agent's. The API key is encrypted; on a change without one, the saved key is kept.
 */
export async function saveAction(
  deps: ActionDeps,
  caller: AgentCaller,
  agentId: string,
  body: SaveActionBody,
): Promise<AgentAction> {
  requireActionsCapability(deps.settings);
  const agent = await findEditableAgent(deps.db, caller, agentId);
  const { metadata } = body;
  const document = readOpenApiDocument(metadata.raw_spec);
  if (!domainAllowed(document.domain, deps.allowedDomains))
    throw badRequest(`The domain ${document.domain} is not allowed for actions on this server`, [
      { path: 'metadata.raw_spec', message: 'servers[0].url is outside actions.allowedDomains' },
    ]);
  await checkReachable(deps.http, document.serverUrl);
  // The token endpoint is called by the server: a private address is refused now, as the API's is.
  if (metadata.auth.type === 'oauth') {
    await checkReachable(deps.http, metadata.auth.client_url, 'metadata.auth.client_url');
    // The sign-in page is opened by the user's browser; a private address there is refused too, so
    // an agent cannot send its users to an internal page under the action's name.
    await checkReachable(deps.http, metadata.auth.authorization_url, 'metadata.auth.authorization_url');
  }
  actionTools({ document, auth: metadata.auth, apiKey: null, http: deps.http }, await actionValidators());
  const existing = body.action_id ? await findAgentAction(deps.db, agent.id, body.action_id) : null;
  await checkNames(deps.db, agent, document, existing?.id);
  const id = existing?.id ?? newActionId();
  const apiKey =
    metadata.auth.type !== 'service_http'
      ? null
      : metadata.api_key !== undefined
        ? encryptSecret(metadata.api_key, deps.credsKey, keyContext(id))
        : (existing?.apiKey ?? null);
  if (metadata.auth.type === 'service_http' && !apiKey)
    throw badRequest('An API key is required for API key auth', [
      { path: 'metadata.api_key', message: 'api_key is required' },
    ]);
  const oauthClient = metadata.auth.type !== 'oauth' ? null : savedClient(deps, id, metadata, existing);
  const values = {
    domain: document.domain,
    rawSpec: metadata.raw_spec,
    auth: metadata.auth,
    apiKey,
    oauthClient,
    privacyPolicyUrl: metadata.privacy_policy_url ?? null,
    userId: caller.id,
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await deps.db.update(agentActions).set(values).where(eq(agentActions.id, existing.id)).returning()
    : await deps.db
        .insert(agentActions)
        .values({ id, agentId: agent.id, ...values, createdAt: values.updatedAt })
        .returning();
  return toAgentAction(row!, document);
}

/** DELETE /api/agents/actions/{agent_id}/{action_id}. */
export async function deleteAction(
  db: Database,
  caller: AgentCaller,
  agentId: string,
  actionId: string,
): Promise<void> {
  const agent = await findEditableAgent(db, caller, agentId);
  const found = await findAgentAction(db, agent.id, actionId);
  await db.delete(agentActions).where(eq(agentActions.id, found.id));
}

async function findAgentAction(db: Database, agentId: string, actionId: string): Promise<AgentActionRow> {
  const [row] = await db
    .select()
    .from(agentActions)
    .where(and(eq(agentActions.id, actionId), eq(agentActions.agentId, agentId)))
    .limit(1);
  if (!row) throw notFound(ACTION_NOT_FOUND);
  return row;
}

async function checkReachable(
  http: GuardedHttpClient,
  url: string,
  path = 'metadata.raw_spec',
): Promise<void> {
  try {
    await http.check(url);
  } catch (error) {
    if (error instanceof RefusedUrlError)
      throw badRequest(`The action's server cannot be called: ${error.message}`, [
        { path, message: error.message },
      ]);
    throw error;
  }
}

/**
 * The OAuth client to store, encrypted: the one sent (id, and secret if any), or on a change
 * without an id the saved one (a new secret without an id replaces only the secret).
 */
function savedClient(
  deps: ActionDeps,
  actionId: string,
  metadata: SaveActionBody['metadata'],
  existing: AgentActionRow | null,
): string {
  const saved = existing?.oauthClient ? readClient(deps, existing) : null;
  const clientId = metadata.oauth_client_id ?? saved?.client_id;
  if (!clientId)
    throw badRequest('An OAuth client id is required for OAuth auth', [
      { path: 'metadata.oauth_client_id', message: 'oauth_client_id is required' },
    ]);
  const secret =
    metadata.oauth_client_secret ??
    (metadata.oauth_client_id === undefined ? saved?.client_secret : undefined);
  const client = { client_id: clientId, ...(secret ? { client_secret: secret } : {}) };
  return encryptSecret(JSON.stringify(client), deps.credsKey, clientContext(actionId));
}

function readClient(deps: Pick<ActionDeps, 'credsKey'>, row: AgentActionRow): OAuthAction['client'] | null {
  if (!row.oauthClient) return null;
  return JSON.parse(
    decryptSecret(row.oauthClient, deps.credsKey, clientContext(row.id)),
  ) as OAuthAction['client'];
}

/** An action with OAuth auth as its sign-in needs it (the OAuth callback), or null. */
export async function findOAuthAction(deps: ActionDeps, actionId: string): Promise<OAuthAction | null> {
  const [row] = await deps.db.select().from(agentActions).where(eq(agentActions.id, actionId)).limit(1);
  return row ? oauthActionOf(deps, row) : null;
}

function oauthActionOf(deps: Pick<ActionDeps, 'credsKey'>, row: AgentActionRow): OAuthAction | null {
  const client = row.auth.type === 'oauth' ? readClient(deps, row) : null;
  if (row.auth.type !== 'oauth' || !client) return null;
  return { id: row.id, domain: row.domain, auth: row.auth, client };
}

/**
 * Tool names must be unique in an agent: the operations may not repeat the agent's other tools or
 * another action's operations, and an agent has at most ACTION_LIMITS.perAgent actions.
 */
async function checkNames(
  db: Database,
  agent: AgentRow,
  document: ActionDocument,
  replacing: string | undefined,
): Promise<void> {
  const others = await db
    .select()
    .from(agentActions)
    .where(
      replacing
        ? and(eq(agentActions.agentId, agent.id), ne(agentActions.id, replacing))
        : eq(agentActions.agentId, agent.id),
    );
  if (!replacing && others.length >= ACTION_LIMITS.perAgent)
    throw badRequest(`An agent may have at most ${ACTION_LIMITS.perAgent} actions`);
  const taken = new Set([
    ...agent.definition.tools,
    ...others.flatMap((row) => documentOf(row)?.operations.map((op) => op.name) ?? []),
  ]);
  const clash = document.operations.find((op) => taken.has(op.name));
  if (clash)
    throw badRequest(`The agent already has a tool named ${clash.name}`, [
      { path: 'metadata.raw_spec', message: `operationId ${clash.name} is already a tool of this agent` },
    ]);
}

/**
 * The tools of an agent's actions for a run, with their API keys decrypted. An action whose
 * document no longer reads, or whose domain is no longer allowed, is left out, as an MCP server
 * that cannot be reached is.
 */
export async function agentActionTools(deps: ActionDeps, agentIds: readonly string[]): Promise<Tool[]> {
  if (agentIds.length === 0 || !deps.settings.capabilities.has('actions')) return [];
  const rows = await deps.db
    .select()
    .from(agentActions)
    .where(inArray(agentActions.agentId, [...agentIds]))
    .orderBy(asc(agentActions.createdAt), asc(agentActions.id));
  if (rows.length === 0) return [];
  const validators = await actionValidators();
  return rows.flatMap((row) => {
    const document = documentOf(row);
    if (!document || !domainAllowed(document.domain, deps.allowedDomains)) return [];
    const apiKey = row.apiKey ? decryptSecret(row.apiKey, deps.credsKey, keyContext(row.id)) : null;
    const oauthAction = oauthActionOf(deps, row);
    if (row.auth.type === 'oauth' && !oauthAction) return [];
    try {
      return actionTools(
        {
          document,
          auth: row.auth,
          apiKey,
          http: deps.http,
          ...(oauthAction ? { oauth: { service: deps.oauth, action: oauthAction } } : {}),
        },
        validators,
      );
    } catch {
      return [];
    }
  });
}
