import {
  createMemorySchema,
  memoriesAnswerSchema,
  memoryCreatedAnswerSchema,
  memoryDeleteAnswerSchema,
  memoryKeyParamsSchema,
  memoryPreferencesAnswerSchema,
  memoryPreferencesSchema,
  memoryStepAnswerSchema,
  memoryUpdatedAnswerSchema,
  messageParamsSchema,
  updateMemorySchema,
} from '@parley/schema';
import type { OperationDoc } from './operation-doc.ts';

const PERMISSIONS =
  'Needs the MEMORIES permission named; 403 without it or when parley.yaml sets `memory.disabled`.';

/** The caller's memories and the personalization preference. */
export const memoryOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/memories',
    tag: 'Memories',
    summary: 'Your memories (newest first) with their token usage against the limit',
    description: `MEMORIES.READ. ${PERMISSIONS}`,
    access: 'user',
    answers: [{ status: 200, description: 'The memories', schema: memoriesAnswerSchema }],
  },
  {
    method: 'post',
    path: '/api/memories',
    tag: 'Memories',
    summary: 'Add a memory',
    description: `MEMORIES.CREATE. A key already used is a 409; a memory that would pass the token limit a 400 with \`errorType\` and \`tokenCount\`. ${PERMISSIONS}`,
    access: 'user',
    body: createMemorySchema,
    answers: [{ status: 201, description: 'Added', schema: memoryCreatedAnswerSchema }],
  },
  {
    method: 'patch',
    path: '/api/memories/preferences',
    tag: 'Memories',
    summary: 'Turn the use of your memories in chats on or off',
    description: `MEMORIES.OPT_OUT; 403 when parley.yaml sets \`memory.personalize: false\`. ${PERMISSIONS}`,
    access: 'user',
    body: memoryPreferencesSchema,
    answers: [{ status: 200, description: 'Stored', schema: memoryPreferencesAnswerSchema }],
  },
  {
    method: 'patch',
    path: '/api/memories/:key',
    tag: 'Memories',
    summary: 'Change a memory’s value, and its key when the body names another',
    description: `MEMORIES.UPDATE. ${PERMISSIONS}`,
    access: 'user',
    params: memoryKeyParamsSchema,
    body: updateMemorySchema,
    answers: [{ status: 200, description: 'Changed', schema: memoryUpdatedAnswerSchema }],
  },
  {
    method: 'delete',
    path: '/api/memories/:key',
    tag: 'Memories',
    summary: 'Delete a memory',
    description: `MEMORIES.UPDATE. ${PERMISSIONS}`,
    access: 'user',
    params: memoryKeyParamsSchema,
    answers: [{ status: 200, description: 'Deleted', schema: memoryDeleteAnswerSchema }],
  },
  {
    method: 'get',
    path: '/api/messages/:conversationId/:messageId/memory',
    tag: 'Memories',
    summary: 'What the memory step changed after one of your answers (the in-chat memory notice)',
    description:
      'Parley. A final stream event with `memoryPending: true` says the step runs after that answer; this call waits up to 20 s for it, then answers the memory attachments saved on the answer (`pending: true` when it still runs). 404 for a message that is not one of your answers.',
    access: 'user',
    params: messageParamsSchema,
    answers: [{ status: 200, description: 'The changes', schema: memoryStepAnswerSchema }],
  },
];
