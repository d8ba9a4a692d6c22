import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf } from '../chat/sse-client.ts';

/**
 * One word without spaces, in one letter case (a change of case would split it into many
 * short pre-tokens), varied so the tokenizer's cache cannot shortcut it.
 */
function longWord(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let i = 0; i < length; i++) word += alphabet[(i * 7919 + ((i * i) % 31)) % alphabet.length];
  return word;
}

/** Runs `work` while pinging /health; answers the work's result and the slowest ping. */
async function whilePinging<T>(chat: ChatFixture, work: () => Promise<T>) {
  let done = false;
  let slowest = 0;
  let pings = 0;
  const pinger = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await chat.server.api('/health');
      await res.text();
      slowest = Math.max(slowest, performance.now() - started);
      pings++;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  done = true;
  await pinger;
  return { result, slowest, pings, elapsed };
}

describe('token counting never stalls the server', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ tokensPerSecond: 5000 });
  });
  afterAll(() => chat.stop());

  it('POST /api/tokenizer with one 2,000,000-character word answers while /health keeps answering', async () => {
    const word = longWord(2_000_000);
    const { result, slowest, pings, elapsed } = await whilePinging(chat, async () => {
      const res = await chat.server.api('/api/tokenizer', {
        method: 'POST',
        token: chat.alice.token,
        json: { arg: word },
      });
      return { status: res.status, body: (await res.json()) as { count: number } };
    });
    expect(result.status).toBe(200);
    // A varied word costs well over one token per four characters.
    expect(result.body.count).toBeGreaterThan(word.length / 4);
    expect(pings).toBeGreaterThan(0);
    // Generous bounds for a shared machine; before the fix this request ran for minutes.
    expect(slowest).toBeLessThan(2_000);
    expect(elapsed).toBeLessThan(20_000);
  });

  it('a chat message of one 60,000-character word is answered and saved', async () => {
    const text = longWord(60_000);
    const { result, slowest } = await whilePinging(chat, async () => (await chat.send({ text })).rest());
    expect(finalOf(result), JSON.stringify(result.at(-1))).toBeTruthy();
    expect(slowest).toBeLessThan(2_000);
  });
});
