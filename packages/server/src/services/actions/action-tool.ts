import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { ActionAuth } from '@parley/schema';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { Tool } from '../tools/tool.ts';
import type { ActionOAuth, OAuthAction } from './action-oauth.ts';
import { argumentsSchema, type ActionDocument, type ActionOperation } from './openapi-document.ts';

let validators: Promise<AjvJsonSchemaValidator> | undefined;

/**
 * The checker of operations' argument schemas (the MCP SDK's ajv validator), imported when an
 * action is first saved or used: ajv and its compiled schemas are about 10 MB of resident memory
 * a server whose agents have no actions would otherwise hold. One instance keeps what it compiled.
 */
export function actionValidators(): Promise<AjvJsonSchemaValidator> {
  validators ??= import('@modelcontextprotocol/sdk/validation/ajv').then(
    (ajv) => new ajv.AjvJsonSchemaValidator(),
    (error: unknown) => {
      validators = undefined;
      throw error;
    },
  );
  return validators;
}

/** Bytes of an answer read before the rest is dropped: the model gets a bounded text. */
export const ACTION_RESPONSE_LIMIT = 1_000_000;
/** How long one call of an action may take. */
const ACTION_TIMEOUT_MS = 30_000;

/** What an action needs to call its API: where, which operations and with which credential. */
export interface ActionRuntime {
  document: ActionDocument;
  auth: ActionAuth;
  /** The decrypted API key of `service_http` auth. */
  apiKey: string | null;
  http: GuardedHttpClient;
  /** `oauth` auth: the action's client and the sign-in service holding each user's tokens. */
  oauth?: { service: ActionOAuth; action: OAuthAction };
}

const READING_METHODS = new Set(['get', 'head', 'options']);

/** The tools of one action: one per operation, named by its operation id. */
export function actionTools(runtime: ActionRuntime, validators: AjvJsonSchemaValidator): Tool[] {
  return runtime.document.operations.map((op) => operationTool(runtime, op, validators));
}

function operationTool(
  runtime: ActionRuntime,
  op: ActionOperation,
  validators: AjvJsonSchemaValidator,
): Tool {
  const inputSchema = argumentsSchema(op);
  let validate: ReturnType<typeof validators.getValidator>;
  try {
    validate = validators.getValidator(inputSchema as Parameters<typeof validators.getValidator>[0]);
  } catch (error) {
    throw badRequest(`Invalid OpenAPI document: ${op.name} has a schema that cannot be used`, [
      { path: 'metadata.raw_spec', message: (error as Error).message.slice(0, 300) },
    ]);
  }
  return {
    name: op.name,
    description: op.description,
    inputSchema,
    input: z.record(z.string(), z.unknown()).superRefine((args, ctx) => {
      const result = validate(args);
      if (!result.valid)
        ctx.addIssue({ code: 'custom', message: result.errorMessage ?? 'invalid arguments' });
    }),
    authConfig: [],
    timeoutMs: ACTION_TIMEOUT_MS,
    // Reading (GET, HEAD, OPTIONS) runs at once; a call that may change something asks first.
    approval: READING_METHODS.has(op.method.toLowerCase()) ? 'run' : 'ask',
    run: (args, context) =>
      callOperation(runtime, op, args as Record<string, unknown>, context.signal, context.userId),
  };
}

/**
 * Makes the operation's request through the guarded client (public addresses or the operator's
 * allow-list only, every redirect checked again) and answers its body as text. An answer other
 * than 2xx is thrown, so the model and the user see the call failed and why. With OAuth the
 * caller's token is sent; a call without one (or refused with 401) throws SignInRequired.
 */
export async function callOperation(
  runtime: ActionRuntime,
  op: ActionOperation,
  args: Record<string, unknown>,
  signal: AbortSignal,
  userId: string,
): Promise<string> {
  const { url, headers } = requestTarget(runtime, op, args);
  const oauth = runtime.oauth;
  // The caller's own token; none yet (or no longer refreshable) asks them to sign in.
  if (oauth) headers.set('authorization', `Bearer ${await oauth.service.accessToken(userId, oauth.action)}`);
  const hasBody = op.body !== null && args.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json, text/plain;q=0.9, */*;q=0.1');
  const init: RequestInit = {
    method: op.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(args.body) } : {}),
    signal,
  };
  const keyHeader = customKeyHeader(runtime);
  const response = await (keyHeader
    ? runtime.http.fetchWithCredentialHeader(url, init, keyHeader)
    : runtime.http.fetch(url, init));
  const text = await boundedText(response);
  // The API refused the user's token (revoked, say): they sign in again and the call is retried.
  if (oauth && response.status === 401) throw await oauth.service.refused(userId, oauth.action);
  if (!response.ok)
    throw new Error(
      `${op.method} ${op.path} answered ${response.status}${text ? `: ${text.slice(0, 500)}` : ''}`,
    );
  return text;
}

/** The URL (path parameters filled, query added) and headers (declared ones, then auth). */
function requestTarget(runtime: ActionRuntime, op: ActionOperation, args: Record<string, unknown>) {
  let path = op.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  for (const p of op.parameters) {
    const value = args[p.name];
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (p.in === 'path') path = path.replaceAll(`{${p.name}}`, pathSegmentOf(p.name, text));
    else if (p.in === 'query') query.append(p.name, text);
    else headers.set(p.name, text.replace(/[\r\n]/g, ' '));
  }
  const url = new URL(runtime.document.serverUrl + path);
  assertUnderServerPath(url, runtime.document.serverUrl);
  for (const [k, v] of query) url.searchParams.append(k, v);
  applyAuth(runtime, headers);
  return { url: url.href, headers };
}

/** Times a value is percent-decoded while looking for a dot segment hidden in it. */
const MAX_DECODINGS = 5;

/**
 * A path parameter's value, encoded as one path segment. A value that is, or once decoded
 * (any number of times, as a lax server might) contains, a `.` or `..` segment is refused:
 * `new URL()` resolves dot segments, even `%2e` ones, so `/items/{id}` with `..` would send the
 * Action's key to the path above its base. The error is the tool's answer, which the model reads.
 */
function pathSegmentOf(name: string, value: string): string {
  let text = value;
  for (let i = 0; i <= MAX_DECODINGS; i++) {
    if (text.split(/[/\\]/).some((segment) => segment === '.' || segment === '..'))
      throw new Error(`The path parameter "${name}" must not be "." or ".." (or an encoded form of them).`);
    const decoded = decodeOnce(text);
    if (decoded === text) break;
    text = decoded;
  }
  return encodeURIComponent(value);
}

/** Percent-decodes what can be decoded; a stray `%` stays as it is. */
function decodeOnce(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The built URL must still be at or below the server URL's path (whatever the document's own
 * path template does): the Action's key is for that API and nothing else on its host.
 */
function assertUnderServerPath(url: URL, serverUrl: string): void {
  const base = new URL(serverUrl);
  const root = base.pathname.replace(/\/+$/, '');
  const inside = url.origin === base.origin && (url.pathname === root || url.pathname.startsWith(`${root}/`));
  if (!inside)
    throw new Error(
      `The request would go to ${url.pathname}, outside the action's server path ${root || '/'}.`,
    );
}

/** The header name of a custom-header API key, which redirects to another origin must drop. */
function customKeyHeader(runtime: ActionRuntime): string | null {
  const { auth, apiKey } = runtime;
  return auth.type === 'service_http' && auth.authorization_type === 'custom' && apiKey
    ? auth.custom_auth_header!
    : null;
}

function applyAuth(runtime: ActionRuntime, headers: Headers): void {
  const { auth, apiKey } = runtime;
  if (auth.type !== 'service_http' || !apiKey) return;
  if (auth.authorization_type === 'bearer') headers.set('authorization', `Bearer ${apiKey}`);
  else if (auth.authorization_type === 'basic')
    headers.set('authorization', `Basic ${Buffer.from(apiKey).toString('base64')}`);
  else headers.set(auth.custom_auth_header!, apiKey);
}

/** The body as text, at most ACTION_RESPONSE_LIMIT bytes of it. */
async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= ACTION_RESPONSE_LIMIT) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const text = Buffer.concat(chunks).subarray(0, ACTION_RESPONSE_LIMIT).toString('utf8');
  return size >= ACTION_RESPONSE_LIMIT ? `${text}\n[answer cut at ${ACTION_RESPONSE_LIMIT} bytes]` : text;
}
