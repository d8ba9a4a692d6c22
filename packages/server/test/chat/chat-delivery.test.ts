// How an answer's pieces reach the stream: all at once in the final event when the conversation
// turned streaming off (disableStreaming), and paced by an endpoint's parley.yaml streamRate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { deltaText, finalOf } from './sse-client.ts';

const PACED_MS = 150;
let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({
    tokensPerSecond: 2000,
    extraYaml: `
    - name: Paced
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models:
        default: [echo]
      headers:
        x-sim-tokens-per-second: '2000'
      streamRate: ${PACED_MS}
`,
  });
});
afterAll(() => f.stop());

const TEXT = 'one two three four five six seven eight';
const deltasOf = (events: { data: { event?: string } }[]) =>
  events.filter((e) => e.data.event === 'on_message_delta');

describe('disableStreaming', () => {
  it('sends no pieces: the final event carries the whole answer', async () => {
    const events = await (await f.send({ text: TEXT, disableStreaming: true })).rest();
    expect(events.map((e) => Object.keys(e.data).includes('final'))).toEqual([false, true]);
    expect(deltasOf(events)).toHaveLength(0);
    const final = finalOf(events);
    expect(final.responseMessage).toMatchObject({ text: TEXT, content: [{ type: 'text', text: TEXT }] });
    expect(final.conversation.disableStreaming).toBe(true);
  });

  it('is read from the conversation when the follow-up does not repeat it', async () => {
    const first = finalOf(await (await f.send({ text: 'first', disableStreaming: true })).rest());
    const events = await (
      await f.send({
        text: TEXT,
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
      })
    ).rest();
    expect(deltasOf(events)).toHaveLength(0);
    expect(finalOf(events).responseMessage.text).toBe(TEXT);
  });

  it('streams as usual without it', async () => {
    const events = await (await f.send({ text: TEXT })).rest();
    expect(deltasOf(events).length).toBeGreaterThan(1);
    expect(deltaText(events)).toBe(TEXT);
  });
});

describe('streamRate', () => {
  /** The gaps between arriving pieces, middle one (robust against one late read bunching two). */
  const medianGap = async (json: Record<string, unknown>, path?: string) => {
    const stream = await f.send(json, path ? { path } : {});
    const arrivals: number[] = [];
    for (let e = await stream.next(); e; e = await stream.next()) {
      if (e.data.event === 'on_message_delta') arrivals.push(Date.now());
    }
    const gaps = arrivals
      .slice(1)
      .map((at, i) => at - arrivals[i]!)
      .sort((x, y) => x - y);
    expect(gaps.length).toBeGreaterThan(3);
    return gaps[Math.floor(gaps.length / 2)]!;
  };

  it("waits the endpoint's streamRate after each piece", async () => {
    expect(
      await medianGap({ text: TEXT, endpoint: 'Paced' }, '/api/agents/chat/Paced'),
    ).toBeGreaterThanOrEqual(PACED_MS * 0.8);
  });

  it('does not slow an endpoint without one', async () => {
    expect(await medianGap({ text: TEXT })).toBeLessThan(PACED_MS * 0.8);
  });
});
