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
        // The model writes its tool call's arguments out paced like text; a 32 000-character
        // prompt at the simulator's usual 200 tokens/s took 20 of a test's 30 s.
        "      headers: { x-sim-tokens-per-second: '5000' }",
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

/** One tool call with `args`, answering the events of the chat it ran in. */
export type AskForCall = (args: unknown) => Promise<SseEvent[]>;

/**
 * Asks for each set of arguments in turn and checks that the tool refused them before calling the
 * provider, with an output that names the problem.
 */
export async function expectSchemaRefusals(
  ask: AskForCall,
  tool: string,
  cases: readonly (readonly [args: unknown, problem: RegExp])[],
): Promise<void> {
  const refusal = `Error processing tool ${tool}: its arguments do not match its schema`;
  for (const [args, problem] of cases) {
    const output = callOf(await ask(args)).output;
    expect(output.slice(0, refusal.length)).toBe(refusal);
    expect(output).toMatch(problem);
  }
}

/**
 * The failures both image providers end the same way (their answers are read by the same code):
 * a prompt with the simulator's trouble word, and the reason the call's error gives.
 */
export const SHARED_PROVIDER_FAILURES = [
  ['a sim-500 picture', 'the image provider answered HTTP 500'],
  ['a sim-garbage picture', 'the image provider answered something that is not JSON'],
  ['a sim-wrong-shape picture', 'the image provider answered without any picture'],
  ['a sim-not-image picture', 'picture 1 from the image provider is not a PNG, JPEG or WebP picture'],
] as const;

/**
 * Asks for a picture of each prompt (a simulator trouble word in it makes the provider refuse,
 * fail or answer no usable picture) and checks that the call ended with `reason`, that no picture
 * was stored, and that the answer still finished: the model answered after the failed call.
 */
export async function expectProviderFailures(
  ask: AskForCall,
  tool: string,
  cases: readonly (readonly [prompt: string, reason: string])[],
): Promise<void> {
  for (const [prompt, reason] of cases) {
    const events = await ask({ prompt });
    expect(callOf(events).output).toContain(`Error processing tool ${tool}: ${reason}`);
    expect(imagesOf(events)).toEqual([]);
    expect(finalOf(events)!.responseMessage.finish_reason).toBe('stop');
  }
}

/** The image parts of the answer as it was saved (what a reload of the conversation shows). */
export async function savedImageParts(
  chat: ChatFixture,
  events: SseEvent[],
  user: TestUser = chat.alice,
): Promise<ContentPart[]> {
  const conversationId = finalOf(events)!.conversation.conversationId as string;
  const res = await chat.server.api(`/api/messages/${conversationId}`, { token: user.token });
  expect(res.status).toBe(200);
  const saved = (await res.json()) as { isCreatedByUser: boolean; content: ContentPart[] }[];
  return saved.find((m) => !m.isCreatedByUser)!.content.filter((p) => p.type === 'image_file');
}
