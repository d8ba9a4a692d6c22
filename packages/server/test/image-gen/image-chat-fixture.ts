// What the image tools' chat tests share: a test server whose `Tools` endpoint runs the
// simulator's `tools-named` model (it calls the tool its prompt names, with the JSON that
// follows), a way to ask for one call, and readers of the answer's tool call and image parts.
import { NO_PARENT, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, expect } from 'vitest';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, type SseEvent } from '../chat/sse-client.ts';
import type { TestUser } from '../helpers/test-users.ts';

const ENDPOINT = 'Tools';

export interface ImageFile {
  file_id: string;
  filepath: string;
  filename: string;
  type: string;
  width?: number;
  height?: number;
}

export const contentOf = (events: SseEvent[]) => finalOf(events)!.responseMessage.content as ContentPart[];

export const callOf = (events: SseEvent[]) =>
  contentOf(events).find((p) => p.type === 'tool_call')?.tool_call as {
    name: string;
    output: string;
    progress: number;
  };

export const imagesOf = (events: SseEvent[]) =>
  contentOf(events)
    .filter((p) => p.type === 'image_file')
    .map((p) => p.image_file as ImageFile);

/** Starts a chat server with `env` (`SIM_URL` stands for the simulator's address) for a describe block. */
export function useImageChatServer(
  env: Record<string, string>,
  onStarted: (chat: ChatFixture) => void,
): void {
  let chat: ChatFixture | undefined;
  beforeAll(async () => {
    chat = await startChatFixture({
      env,
      extraYaml: [
        `    - name: ${ENDPOINT}`,
        '      apiKey: sk-test',
        '      baseURL: SIM_URL/v1',
        '      models:',
        '        default: [tools-named]',
      ].join('\n'),
    });
    onStarted(chat);
  });
  afterAll(() => chat?.stop());
}

/** Asks the tools-named model to call `tool` with `args`, with the tools in `enabled` turned on. */
export async function askForTool(
  chat: ChatFixture,
  tool: string,
  args: unknown,
  enabled: readonly string[],
  user?: TestUser,
): Promise<SseEvent[]> {
  const stream = await chat.send(
    {
      text: `${tool} ${JSON.stringify(args)}`,
      model: 'tools-named',
      endpoint: ENDPOINT,
      parentMessageId: NO_PARENT,
      ephemeralAgent: Object.fromEntries(enabled.map((name) => [name, true])),
    },
    { token: user?.token, path: `/api/agents/chat/${ENDPOINT}` },
  );
  expect(stream.response.status).toBe(200);
  return stream.rest();
}
