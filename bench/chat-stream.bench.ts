// Smoothness: long tasks (> 50 ms) and rAF frame intervals (p95 ≤ 20 ms) while a 100 tokens/s
// answer streams into a 1,000-message conversation, and while scrolling that conversation.
import {
  installFrameProbe,
  seedConversation,
  signedInContext,
  startBenchEnv,
  startProbe,
  stopProbe,
} from './chat-support.ts';

const TOKENS_PER_SECOND = 100;
const FRAME_BUDGET_MS = 20;

/** A long markdown prompt for the echo model: it streams back at the simulator's pace. */
function longPrompt(): string {
  const parts: string[] = ['# Streaming benchmark', ''];
  for (let i = 1; i <= 24; i += 1) {
    parts.push(
      `## Section ${i}`,
      '',
      `Paragraph ${i} talks about **streaming** and *rendering* with some \`inline code\` and a [link](https://example.com/${i}).`,
      '',
    );
    parts.push(`- point one of ${i}`, `- point two of ${i}`, '');
    if (i % 6 === 0)
      parts.push('```ts', `function section${i}(n: number): number {`, '  return n * 2;', '}', '```', '');
  }
  return parts.join('\n');
}

const env = await startBenchEnv({ simTokensPerSecond: TOKENS_PER_SECOND });
try {
  const { context, user } = await signedInContext(env, { autoScroll: true });
  const conversationId = await seedConversation(env, user, 1000, 'Sim', 'echo');
  const page = await context.newPage();
  await page.goto(`/c/${conversationId}`);
  await page.getByText('MSG-1000 ', { exact: false }).first().waitFor();
  await installFrameProbe(page);

  // Streaming phase: from send to the end of the answer.
  await page.getByTestId('chat-input').fill(longPrompt());
  await startProbe(page);
  const started = Date.now();
  await page.getByTestId('chat-input').press('Enter');
  await page.getByTestId('stop-button').waitFor();
  await page.getByTestId('send-button').waitFor({ timeout: 120_000 });
  const streamSeconds = Math.round((Date.now() - started) / 100) / 10;
  const streaming = await stopProbe(page);

  // Scrolling phase: wheel up through the conversation, then back down.
  await page.mouse.move(700, 400);
  await startProbe(page);
  for (let i = 0; i < 60; i += 1) {
    await page.mouse.wheel(0, -600);
    await page.waitForTimeout(30);
  }
  for (let i = 0; i < 60; i += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(30);
  }
  const scrolling = await stopProbe(page);

  console.log(
    JSON.stringify({
      bench: 'chat-stream',
      tokensPerSecond: TOKENS_PER_SECOND,
      streamSeconds,
      streaming,
      scrolling,
      budget: { longTaskMs: 50, p95FrameMs: FRAME_BUDGET_MS },
    }),
  );
  const bad = (s: { longTasks: number; p95FrameMs: number }) =>
    s.longTasks > 0 || s.p95FrameMs > FRAME_BUDGET_MS;
  if (bad(streaming) || bad(scrolling)) process.exitCode = 1;
} finally {
  await env.close();
}
