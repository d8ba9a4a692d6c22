// Token counting of pathological input (issue: one long word stalled the server). Counts one
// 2,000,000-character word — a repeated letter, and varied lowercase letters (one pre-token for
// the tokenizer either way) — directly and through the token-count thread, and reports the
// event loop's worst delay meanwhile. Target: each count under 1 s, the loop never blocked long.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { countTokensBounded } from '../packages/server/src/services/context/bounded-token-count.mjs';
import { countTokensOf } from '../packages/server/src/services/context/token-count.ts';

const TARGET_MS = 1_000;
const LENGTH = 2_000_000;

function variedWord(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let i = 0; i < length; i++) word += alphabet[(i * 7919 + ((i * i) % 31)) % alphabet.length];
  return word;
}

const words = { repeated: 'A'.repeat(LENGTH), varied: variedWord(LENGTH) };
countTokensBounded('warm up the encoder');
// The thread starts on first use (loading the encoding takes it a moment); a running server's is warm.
let started = performance.now();
await countTokensOf(['warm up the thread '.repeat(1_000)]);
const figures: Record<string, number> = { threadStartMs: Math.round(performance.now() - started) };
for (const [name, word] of Object.entries(words)) {
  started = performance.now();
  const cpu = process.cpuUsage();
  figures[`${name}Tokens`] = countTokensBounded(word);
  figures[`${name}DirectMs`] = Math.round(performance.now() - started);
  const used = process.cpuUsage(cpu);
  figures[`${name}DirectCpuMs`] = Math.round((used.user + used.system) / 1000);

  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  started = performance.now();
  await countTokensOf([word]);
  figures[`${name}ThreadMs`] = Math.round(performance.now() - started);
  delay.disable();
  figures[`${name}LoopMaxDelayMs`] = Math.round(delay.max / 1e6);
}
const worst = Math.max(
  figures.repeatedDirectMs!,
  figures.variedDirectMs!,
  figures.repeatedThreadMs!,
  figures.variedThreadMs!,
);
console.log(
  JSON.stringify({ bench: 'tokenizer-long-word', length: LENGTH, ...figures, targetMs: TARGET_MS }),
);
if (worst > TARGET_MS) process.exitCode = 1;
