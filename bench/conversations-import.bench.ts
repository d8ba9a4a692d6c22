// A 100 MB ChatGPT export imported into the 1,000,000-message PGlite database while other API
// calls keep coming (sidebar page, opening a conversation, a search, one conversation), one after
// another. The server is its own process; its resident memory is sampled every 50 ms.
// Targets: the other calls' p99 ≤ 100 ms, peak server memory < 500 MB.
import { openAsBlob } from 'node:fs';
import { ensureChatGptExport } from './conversations-chatgpt-export.ts';
import { conversationId, vocabulary } from './conversations-data.ts';
import { percentile, round, startBenchServer, timedGet } from './conversations-server.ts';

const TARGET_P99_MS = 100;
const TARGET_RSS_MB = 500;

const file = await ensureChatGptExport();
// PARLEY_METRICS adds the server's own event-loop delay and heap figures to the report.
const server = await startBenchServer({ PARLEY_METRICS: 'true' });
try {
  const rare = vocabulary()[12_000]!;
  const calls = [
    '/api/convos',
    `/api/messages/${conversationId(4_321)}`,
    `/api/messages?search=${rare}`,
    `/api/convos/${conversationId(77)}`,
  ];
  for (const path of calls) for (let i = 0; i < 5; i++) await timedGet(server, path);
  const baselineRssMb = server.rssMb();
  let peakRssMb = baselineRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, server.rssMb());
  }, 50);

  await fetch(`${server.url}/api/debug/metrics?reset=true`);
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'application/json' }), 'conversations.json');
  let importing = true;
  const started = performance.now();
  const upload = fetch(`${server.url}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body: form,
  }).finally(() => {
    importing = false;
  });

  const times: number[] = [];
  for (let i = 0; importing; i++) {
    times.push(await timedGet(server, calls[i % calls.length]!));
    await new Promise((r) => setTimeout(r, 10));
  }
  const res = await upload;
  const importMs = performance.now() - started;
  clearInterval(sampler);
  const result = (await res.json()) as { conversations?: number; messages?: number; message?: string };
  if (res.status !== 201) throw new Error(`import failed: ${res.status} ${JSON.stringify(result)}`);
  const p99 = percentile(times, 99);
  const metrics = (await (await fetch(`${server.url}/api/debug/metrics`)).json()) as {
    eventLoopDelayMs: { p99: number; max: number };
    memory: { heapUsedBytes: number };
  };
  console.log(
    JSON.stringify({
      bench: 'conversations-import',
      fileMb: 100,
      importSeconds: round(importMs / 1000),
      importedConversations: result.conversations,
      importedMessages: result.messages,
      otherCalls: times.length,
      otherP50Ms: round(percentile(times, 50)),
      otherP99Ms: round(p99),
      otherMaxMs: round(Math.max(...times)),
      baselineRssMb: round(baselineRssMb),
      peakRssMb: round(peakRssMb),
      serverEventLoopDelayMs: metrics.eventLoopDelayMs,
      serverHeapUsedMbAtEnd: round(metrics.memory.heapUsedBytes / 1048576),
      targets: { otherP99Ms: TARGET_P99_MS, peakRssMb: TARGET_RSS_MB },
      pass: p99 <= TARGET_P99_MS && peakRssMb < TARGET_RSS_MB,
    }),
  );
} finally {
  await server.stop();
}
