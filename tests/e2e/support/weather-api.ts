import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The address the agent-action specs treat as a public host: Parley refuses loopback for
 * actions, so these specs start it with this address on its allow-list (as an operator would a
 * real host) and serve their test API there.
 */
export const PUBLIC_TEST_HOST = '127.0.0.2';

export interface TestApi {
  url: string;
  close(): void;
}

/** Starts an HTTP API on the public test host that answers with `handler`. */
export async function startTestApi(handler: RequestListener): Promise<TestApi> {
  const api = createServer(handler);
  await new Promise<void>((resolve) => api.listen(0, PUBLIC_TEST_HOST, resolve));
  return {
    url: `http://${PUBLIC_TEST_HOST}:${(api.address() as AddressInfo).port}`,
    close: () => api.close(),
  };
}

/** An OpenAPI document with one operation, `get_weather`, served at `url`. */
export function weatherActionSpec(url: string): string {
  return JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Weather', version: '1' },
      servers: [{ url }],
      paths: {
        '/weather': {
          get: {
            operationId: 'get_weather',
            summary: 'Current weather for a place',
            parameters: [
              { name: 'location', in: 'query', required: true, schema: { type: 'string' } },
              { name: 'unit', in: 'query', schema: { type: 'string' } },
            ],
          },
        },
      },
    },
    null,
    2,
  );
}
