// Automatic playback: from the moment the first complete sentence of a streamed answer reaches
// the page to the moment its audio starts playing (goal ≤ 300 ms, median of 5 answers). The
// simulator writes at 20 tokens a second and is also the server's text-to-speech engine: it
// answers at once with audio whose length is fixed by the text (60 ms a character), so the figure
// is the app's own path — sentence cut, request through the server, audio decoded and started.
import { loadavg } from 'node:os';
import { seedConversation, signedInContext, startBenchEnv } from './chat-support.ts';

const RUNS = 5;
const GOAL_MS = 300;
const TOKENS_PER_SECOND = 20;

interface Probe {
  /** performance.now() when the stream delivered the text that completes the first sentence. */
  sentenceAt: number | null;
  /** performance.now() of the first `playing` event of an audio element. */
  playingAt: number | null;
}

/**
 * Installed before the app: watches the chat stream's bytes for the first text delta that ends a
 * sentence (its mark followed by a space: the moment a splitter can know the sentence is
 * complete), and every audio element for its first `playing` event.
 */
function installVoiceProbe() {
  const probe: Probe = { sentenceAt: null, playingAt: null };
  (window as unknown as { __probe: Probe }).__probe = probe;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    this.addEventListener('playing', () => (probe.playingAt ??= performance.now()), { once: true });
    return play.call(this);
  };
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/agents/chat/') || !response.body) return response;
    const [mine, theirs] = response.body.tee();
    void (async () => {
      const reader = mine.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        // A delta whose text ends with a sentence mark and a space (the created event carries
        // the question, whose text ends without a space).
        if (
          probe.sentenceAt === null &&
          /"text":"[^"]*[.!?] "/.test(decoder.decode(value, { stream: true }))
        ) {
          probe.sentenceAt = performance.now();
        }
      }
    })();
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const env = await startBenchEnv({ simTokensPerSecond: TOKENS_PER_SECOND, speech: true });
const loadBefore = loadavg().map((n) => Math.round(n * 100) / 100);
try {
  const { context, user } = await signedInContext(env, { automaticPlayback: true });
  await context.addInitScript(installVoiceProbe);
  const conversationId = await seedConversation(env, user, 2, 'Sim', 'echo');
  const page = await context.newPage();
  await page.goto(`/c/${conversationId}`);
  await page.getByText('MSG-1 ', { exact: false }).first().waitFor();

  const figures: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    await page.evaluate(() => {
      const probe = (window as unknown as { __probe: Probe }).__probe;
      probe.sentenceAt = null;
      probe.playingAt = null;
    });
    // Each run says something new, so no audio comes from the browser's cache.
    await page
      .getByTestId('chat-input')
      .fill(
        `Run ${run} begins with this first sentence. Then a second sentence follows it. And a third one ends run ${run}.`,
      );
    await page.getByTestId('chat-input').press('Enter');
    await page.waitForFunction(
      () => (window as unknown as { __probe: Probe }).__probe.playingAt !== null,
      null,
      {
        timeout: 30_000,
      },
    );
    const probe = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
    if (probe.sentenceAt === null || probe.playingAt === null)
      throw new Error(`run ${run}: nothing measured`);
    figures.push(Math.round(probe.playingAt - probe.sentenceAt));
    await page.getByTestId('send-button').waitFor({ timeout: 60_000 });
    await page.getByTestId('voice-stop').click();
    await page.getByTestId('voice-status').waitFor({ state: 'hidden' });
  }

  const result = median(figures);
  console.log(
    JSON.stringify({
      bench: 'voice-first-audio',
      tokensPerSecond: TOKENS_PER_SECOND,
      runsMs: figures,
      medianMs: result,
      goalMs: GOAL_MS,
      loadAverage: { before: loadBefore, after: loadavg().map((n) => Math.round(n * 100) / 100) },
    }),
  );
  if (result > GOAL_MS) process.exitCode = 1;
} finally {
  await env.close();
}
