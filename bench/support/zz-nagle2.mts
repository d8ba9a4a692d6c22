import { startSimulator } from '@parley/llm-sim';
const sim = await startSimulator();
const ttft: number[] = [];
for (let i = 0; i < 30; i++) {
  const t0 = performance.now();
  const res = await fetch(`${sim.url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sim-tokens-per-second': '50',
      'x-sim-first-token-delay-ms': '0',
    },
    body: JSON.stringify({
      model: 'echo',
      stream: true,
      messages: [{ role: 'user', content: 'a b c d e f g h' }],
    }),
  });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let got = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!got && dec.decode(value).includes('"content"')) {
      ttft.push(performance.now() - t0);
      got = true;
    }
  }
}
ttft.sort((a, b) => a - b);
console.log('fetch keep-alive ttft p50', ttft[15]!.toFixed(1), 'p90', ttft[27]!.toFixed(1));
await sim.close();
