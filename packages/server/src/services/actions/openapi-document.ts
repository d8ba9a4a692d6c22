import { ACTION_LIMITS } from '@parley/schema';
import { parse as parseYaml } from 'yaml';
import { badRequest } from '../../errors/app-error.ts';

/** One parameter of an operation that the model fills in. */
export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

/** One operation of an OpenAPI document: what the model sees as a tool and the server calls. */
export interface ActionOperation {
  /** The tool name: the operation's id, made safe for every provider's tool-name rules. */
  name: string;
  description: string;
  method: string;
  path: string;
  parameters: OperationParameter[];
  /** The JSON body's schema, when the operation takes one; the model passes it as `body`. */
  body: { schema: Record<string, unknown>; required: boolean } | null;
}

/** What the server keeps of a document: where it calls and what it may call. */
export interface ActionDocument {
  /** The first server URL, variables filled with their defaults; no trailing slash. */
  serverUrl: string;
  domain: string;
  title: string;
  operations: ActionOperation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Tool names every provider accepts (OpenAI's rule is the narrowest). */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Nodes a document may expand to once `$ref`s are followed: stops reference bombs. */
const MAX_EXPANDED_NODES = 200_000;
const MAX_YAML_ALIASES = 100;

const refuse = (message: string): never => {
  throw badRequest(`Invalid OpenAPI document: ${message}`, [{ path: 'metadata.raw_spec', message }]);
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads an OpenAPI 3 document (JSON or YAML) into the operations an agent may call. Refuses, with
 * a 400 saying why: text that is neither JSON nor YAML, YAML alias bombs, a version other than 3,
 * no absolute http(s) server URL, `$ref`s that leave the document, are cyclic or expand past a
 * fixed budget, an operation without a usable id, two operations of one id, and too many
 * operations. Only JSON request bodies are offered to the model.
 */
export function readOpenApiDocument(raw: string): ActionDocument {
  if (raw.length > ACTION_LIMITS.spec)
    refuse(`the document must be at most ${ACTION_LIMITS.spec} characters`);
  const doc = parseText(raw);
  if (!isObject(doc)) refuse('the document must be an object');
  const version = (doc as Json).openapi;
  if (typeof version !== 'string' || !/^3\.\d+(\.\d+)?$/.test(version))
    refuse('only OpenAPI 3 documents are supported (an "openapi": "3.x" field is required)');
  const expander = new RefExpander(doc as Json);
  const { serverUrl, domain } = serverOf(doc as Json);
  const info = isObject((doc as Json).info) ? ((doc as Json).info as Json) : {};
  const paths = (doc as Json).paths;
  if (!isObject(paths)) refuse('the document has no paths');
  const operations: ActionOperation[] = [];
  for (const [path, item] of Object.entries(paths as Json)) {
    if (!path.startsWith('/')) refuse(`the path "${path.slice(0, 100)}" must start with /`);
    const pathItem = expander.expand(item, `paths.${path}`);
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      operations.push(readOperation(expander, path, method, pathItem, operation));
      if (operations.length > ACTION_LIMITS.operations)
        refuse(`the document may define at most ${ACTION_LIMITS.operations} operations`);
    }
  }
  if (operations.length === 0) refuse('the document defines no operations');
  const seen = new Set<string>();
  for (const op of operations) {
    if (seen.has(op.name)) refuse(`two operations are named ${op.name}`);
    seen.add(op.name);
  }
  return {
    serverUrl,
    domain,
    title: typeof info.title === 'string' ? info.title.slice(0, 200) : domain,
    operations,
  };
}

function parseText(raw: string): unknown {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch (error) {
      return refuse(`the JSON does not parse (${(error as Error).message.slice(0, 200)})`);
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: MAX_YAML_ALIASES, prettyErrors: false });
  } catch (error) {
    return refuse(`the text is neither JSON nor YAML (${(error as Error).message.slice(0, 200)})`);
  }
}

/** The first server's URL with its variables' defaults; it must be absolute http or https. */
function serverOf(doc: Json): { serverUrl: string; domain: string } {
  const servers = doc.servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(first) || typeof first.url !== 'string')
    return refuse('the document must name its server in servers[0].url');
  const variables = isObject(first.variables) ? first.variables : {};
  const filled = first.url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string'
      ? variable.default
      : refuse(`the server variable ${name} has no default`);
  });
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return refuse(`servers[0].url must be an absolute URL, not "${filled.slice(0, 200)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    refuse('servers[0].url must be an http:// or https:// URL');
  if (url.username || url.password) refuse('servers[0].url must not carry a user name or password');
  return { serverUrl: url.href.replace(/\/+$/, ''), domain: url.hostname.toLowerCase() };
}

function readOperation(
  expander: RefExpander,
  path: string,
  method: string,
  pathItem: Json,
  raw: Json,
): ActionOperation {
  const where = `${method.toUpperCase()} ${path}`;
  const operation = expander.expand(raw, where) as Json;
  const name = typeof operation.operationId === 'string' ? operation.operationId : '';
  if (!TOOL_NAME.test(name))
    refuse(`${where} needs an operationId of 1 to 64 letters, digits, _ or - (the tool's name)`);
  const description = [operation.summary, operation.description]
    .filter((t): t is string => typeof t === 'string' && t.length > 0)
    .join('\n')
    .slice(0, 1_000);
  return {
    name,
    description: description || `${where}`,
    method: method.toUpperCase(),
    path,
    parameters: readParameters(expander, where, [pathItem.parameters, operation.parameters], path),
    body: readBody(expander, where, operation.requestBody),
  };
}

/** Path-level parameters, overridden by the operation's of the same name and place. */
function readParameters(
  expander: RefExpander,
  where: string,
  lists: unknown[],
  path: string,
): OperationParameter[] {
  const byKey = new Map<string, OperationParameter>();
  for (const list of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) refuse(`${where}: parameters must be a list`);
    for (const item of list as unknown[]) {
      const p = expander.expand(item, `${where} parameter`);
      if (!isObject(p) || typeof p.name !== 'string' || !p.name) refuse(`${where}: a parameter has no name`);
      const param = p as Json & { name: string };
      if (param.in === 'cookie') continue;
      if (param.in !== 'path' && param.in !== 'query' && param.in !== 'header')
        refuse(`${where}: parameter ${param.name} must be in path, query or header`);
      if (param.in === 'header' && !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(param.name))
        refuse(`${where}: header parameter ${param.name} is not a valid header name`);
      byKey.set(`${param.in as string}:${param.name}`, {
        name: param.name,
        in: param.in as OperationParameter['in'],
        required: param.in === 'path' || param.required === true,
        ...(typeof param.description === 'string' ? { description: param.description.slice(0, 500) } : {}),
        schema: isObject(param.schema) ? param.schema : { type: 'string' },
      });
    }
  }
  const params = [...byKey.values()];
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    if (!params.some((p) => p.in === 'path' && p.name === match[1]))
      refuse(`${where}: the path parameter ${match[1]} is not described`);
  }
  const names = new Set<string>();
  for (const p of params) {
    if (p.name === 'body' || names.has(p.name))
      refuse(
        `${where}: the parameter name ${p.name} is used twice (or is "body", which holds the request body)`,
      );
    names.add(p.name);
  }
  return params;
}

function readBody(expander: RefExpander, where: string, raw: unknown): ActionOperation['body'] {
  if (raw === undefined) return null;
  const body = expander.expand(raw, `${where} requestBody`);
  if (!isObject(body) || !isObject(body.content)) refuse(`${where}: requestBody needs content`);
  const json = (body as Json & { content: Json }).content['application/json'];
  if (!isObject(json)) return null;
  return {
    schema: isObject(json.schema) ? json.schema : { type: 'object' },
    required: (body as Json).required === true,
  };
}

/**
 * Replaces local `$ref`s (`#/components/...`) by what they point to. A reference that leaves the
 * document, does not resolve, refers to itself through any chain (a cycle cannot be written out as
 * a tool schema) or makes the document grow past a fixed number of nodes is refused.
 */
class RefExpander {
  private nodes = 0;
  constructor(private readonly root: Json) {}

  expand(value: unknown, where: string, chain: string[] = [], depth = 0): unknown {
    if (++this.nodes > MAX_EXPANDED_NODES)
      refuse('the document expands to too many schema nodes once its $refs are followed');
    if (depth > ACTION_LIMITS.schemaDepth * 4) refuse(`${where}: schemas are nested too deeply`);
    if (Array.isArray(value)) return value.map((v) => this.expand(v, where, chain, depth + 1));
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string') {
      const ref = value.$ref;
      if (chain.includes(ref)) refuse(`${where}: the $ref ${ref.slice(0, 200)} is cyclic`);
      return this.expand(this.lookup(ref, where), where, [...chain, ref], depth + 1);
    }
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, this.expand(v, where, chain, depth + 1)]),
    );
  }

  private lookup(ref: string, where: string): unknown {
    if (!ref.startsWith('#/'))
      refuse(`${where}: only references inside the document are supported, not ${ref.slice(0, 200)}`);
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(node) || !Object.hasOwn(node, key))
        refuse(`${where}: the $ref ${ref.slice(0, 200)} does not resolve`);
      node = (node as Json)[key];
    }
    return node;
  }
}

/** The JSON schema of an operation's arguments as the model sees them. */
export function argumentsSchema(op: ActionOperation): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of op.parameters) {
    properties[p.name] = p.description ? { ...p.schema, description: p.description } : p.schema;
    if (p.required) required.push(p.name);
  }
  if (op.body) {
    properties.body = op.body.schema;
    if (op.body.required) required.push('body');
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
