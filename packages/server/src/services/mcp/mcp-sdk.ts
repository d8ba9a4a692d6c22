import type { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

/** The parts of the MCP SDK's client side that Parley calls. */
export interface McpSdk {
  Client: typeof Client;
  UnauthorizedError: typeof UnauthorizedError;
  SseError: typeof SseError;
  StdioClientTransport: typeof StdioClientTransport;
  auth: typeof auth;
  /** Checks a call's arguments against a tool's JSON schema (one instance keeps the compiled schemas). */
  validators: AjvJsonSchemaValidator;
}

let loaded: McpSdk | undefined;
let loading: Promise<McpSdk> | undefined;

/**
 * The MCP SDK, imported the first time a connection opens or a sign-in completes: with its zod
 * schemas and ajv it weighs about 20 MB of resident memory, which a server with no MCP server
 * configured, or none used since the start, would otherwise hold for nothing.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/auth.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]).then(
    ([client, authModule, sse, stdio, ajv]) =>
      (loaded = {
        Client: client.Client,
        UnauthorizedError: authModule.UnauthorizedError,
        SseError: sse.SseError,
        StdioClientTransport: stdio.StdioClientTransport,
        auth: authModule.auth,
        validators: new ajv.AjvJsonSchemaValidator(),
      }),
    (error: unknown) => {
      // A failed import (a broken install) is reported to this caller; the next one tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether `error` is the SDK's "the server wants a (new) sign-in". Only the SDK throws it, so
 * while the SDK has not been loaded no error can be one.
 */
export function isUnauthorizedError(error: unknown): boolean {
  return loaded !== undefined && error instanceof loaded.UnauthorizedError;
}
