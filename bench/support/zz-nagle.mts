import { startSimulator } from '@parley/llm-sim';
import { timedStream, openAIText } from './sse-probe.ts';
const sim = await startSimulator();
const ttft: number[] = [];
const gaps: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = await timedStream(
    `${sim.url}/v1/chat/completions`,
    { model: 'echo', stream: true, messages: [{ role: 'user', content: 'a b c d e f g h' }] },
    { 'x-sim-tokens-per-second': '50', 'x-sim-first-token-delay-ms': '0' },
    openAIText,
  );
  ttft.push(t.ttftMs);
  gaps.push(t.totalMs - t.ttftMs);
}
ttft.sort((a, b) => a - b);
gaps.sort((a, b) => a - b);
console.log('ttft p50', ttft[10]!.toFixed(1), 'max', ttft[19]!.toFixed(1), ' rest p50', gaps[10]!.toFixed(1));
await sim.close();
