// Code execution in the server engine: Python's cold start (a run on a server that has run no code:
// its process starts from Pyodide's start-up snapshot, which the installation made on its first
// Python run, then prints) and a warm `print(1)` (the next run, on the spare process that loaded
// meanwhile), and the same for JavaScript (QuickJS). Goals: Python cold ≤ 3 s, warm ≤ 50 ms.
// `pythonFirstEverMs` is the installation's very first run, which loads Pyodide in full.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeRunner } from '../packages/server/src/services/code-execution/code-runner.ts';
import { runCode } from '../packages/server/src/services/code-execution/run-code.ts';

const COLD_TARGET_MS = 3_000;
const WARM_TARGET_MS = 50;
const WARM_RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(lang: 'python' | 'js', code: string, snapshotDir?: string) {
  const runner = new CodeRunner(undefined, true, snapshotDir);
  try {
    let started = performance.now();
    const cold = await runCode(runner, lang, code);
    const coldMs = Math.round(performance.now() - started);
    if (cold.error || cold.stdout !== '1\n')
      throw new Error(`${lang} cold run failed: ${cold.error ?? cold.stdout}`);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      await runner.whenWarm(lang === 'python' ? 'python' : 'javascript');
      started = performance.now();
      const result = await runCode(runner, lang, code);
      warm.push(performance.now() - started);
      if (result.stdout !== '1\n')
        throw new Error(`${lang} warm run failed: ${result.error ?? result.stdout}`);
    }
    return { coldMs, warmMedianMs: Math.round(median(warm)), warmMaxMs: Math.round(Math.max(...warm)) };
  } finally {
    runner.close();
  }
}

const snapshotDir = mkdtempSync(join(tmpdir(), 'parley-bench-snapshot-'));
const firstEver = await measure('python', 'print(1)', snapshotDir);
const python = await measure('python', 'print(1)', snapshotDir);
rmSync(snapshotDir, { recursive: true, force: true });
const javascript = await measure('js', 'console.log(1)');
console.log(
  JSON.stringify({
    bench: 'code-run',
    pythonFirstEverMs: firstEver.coldMs,
    pythonColdMs: python.coldMs,
    pythonWarmMedianMs: python.warmMedianMs,
    pythonWarmMaxMs: python.warmMaxMs,
    javascriptColdMs: javascript.coldMs,
    javascriptWarmMedianMs: javascript.warmMedianMs,
    coldTargetMs: COLD_TARGET_MS,
    warmTargetMs: WARM_TARGET_MS,
    cores: availableParallelism(),
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  }),
);
if (python.coldMs > COLD_TARGET_MS || python.warmMedianMs > WARM_TARGET_MS) process.exitCode = 1;
