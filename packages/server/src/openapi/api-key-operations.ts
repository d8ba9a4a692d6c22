import {
  apiChatRequestSchema,
  apiEmbeddingsRequestSchema,
  apiKeyIdParamsSchema,
  createApiKeySchema,
} from '@parley/schema';
import type { OperationDoc } from './operation-doc.ts';

const OPENAI_ERRORS =
  'Errors are OpenAI\'s shape, `{"error": {"message", "type", "param", "code"}}`, not the web API\'s.';

/** Personal API keys (managed from a web session) and the OpenAI-compatible `/v1/` routes they open. */
export const apiKeyOperations: OperationDoc[] = [
  {
    method: 'post',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: 'Create a personal API key',
    description:
      'The key (pk-parley-…) is in this answer only; the server keeps a hash of it. Needs API_KEYS.USE.',
    access: 'user',
    body: createApiKeySchema,
    answers: [{ status: 201, description: 'The key, shown once, and its details' }],
  },
  {
    method: 'get',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: "The caller's personal API keys",
    access: 'user',
    answers: [{ status: 200, description: 'Names, hints, dates and usage; never the secret' }],
  },
  {
    method: 'delete',
    path: '/api/api-keys/:id',
    tag: 'API keys',
    summary: 'Revoke a personal API key',
    description: 'Refused at once on every instance from then on.',
    access: 'user',
    params: apiKeyIdParamsSchema,
    answers: [{ status: 204, description: 'Revoked', kind: 'empty' }],
  },
  {
    method: 'get',
    path: '/v1/models',
    tag: 'OpenAI-compatible API',
    summary: 'The models the key owner may use',
    description: `\`<endpoint>/<model>\`, \`agents/<agent_id>\`, \`spec/<name>\` and the embeddings model. ${OPENAI_ERRORS}`,
    access: 'api-key',
    answers: [{ status: 200, description: "OpenAI's model list" }],
  },
  {
    method: 'get',
    path: '/v1/models/*',
    tag: 'OpenAI-compatible API',
    summary: 'One model the key owner may use',
    description: OPENAI_ERRORS,
    access: 'api-key',
    answers: [{ status: 200, description: "OpenAI's model object" }],
  },
  {
    method: 'post',
    path: '/v1/chat/completions',
    tag: 'OpenAI-compatible API',
    summary: 'A chat completion, plain or streamed',
    description: `OpenAI's Chat Completions. Not saved unless \`X-Parley-Save: true\`. ${OPENAI_ERRORS}`,
    access: 'api-key',
    body: apiChatRequestSchema,
    headers: [
      { name: 'X-Parley-Save', description: '`true`: keep the exchange as a conversation in the sidebar.' },
    ],
    answers: [
      {
        status: 200,
        description:
          'A chat.completion, or with `stream: true` chat.completion.chunk events ending with [DONE]',
      },
    ],
  },
  {
    method: 'post',
    path: '/v1/embeddings',
    tag: 'OpenAI-compatible API',
    summary: 'Embeddings of texts',
    description: `With an embeddings provider configured (EMBEDDINGS_URL), under its model name. ${OPENAI_ERRORS}`,
    access: 'api-key',
    body: apiEmbeddingsRequestSchema,
    answers: [{ status: 200, description: "OpenAI's embeddings list" }],
  },
];
