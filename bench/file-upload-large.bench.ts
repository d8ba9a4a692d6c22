// Upload of one 200 MB file through POST /api/files to a Parley server in its own process (local
// blob store, embedded database): throughput, and how far the server's resident memory rises above
// where it stood before the upload (goal ≤ 64 MB: the body is streamed to disk, never held whole).
// Two kinds of file: a gzip archive (stored only) and a CSV (stored, then its text read for file
// search up to the per-document text cap). The client streams the multipart body from a generator
// with back-pressure, so it never holds the file either. A 1 MB upload of each kind first loads the
// code the upload path uses, so the figure is the cost of the size, not of first use.
// FILE_UPLOAD_MB overrides the size.
import { request } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startParleyStack, type ParleyStack } from './support/parley-stack.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.FILE_UPLOAD_MB ?? 200);
const GOAL_GROWTH_MB = 64;
const BLOCK = 256 * 1024;

type Kind = 'archive' | 'text';

/** `bytes` of file content in BLOCK-sized pieces: a gzip header then noise, or CSV rows. */
function* content(kind: Kind, bytes: number): Generator<Buffer> {
  let seed = 12345;
  const noise = () => {
    const block = Buffer.allocUnsafe(BLOCK);
    for (let i = 0; i < BLOCK; i += 4) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      block.writeUInt32LE(seed, i);
    }
    return block;
  };
  const rows = () => {
    let text = '';
    let n = 0;
    while (text.length < BLOCK) text += `${seed + n},inspection,hull plating ${n++ % 97},rivets ok,ballast\n`;
    seed += n;
    return Buffer.from(text.slice(0, BLOCK));
  };
  let sent = 0;
  while (sent < bytes) {
    let block = kind === 'archive' ? noise() : rows();
    if (sent === 0 && kind === 'archive') block = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0]), block]);
    block = block.subarray(0, Math.min(block.length, bytes - sent));
    sent += block.length;
    yield block;
  }
}

/** Resident memory now (VmRSS), in bytes. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Peak resident memory since the last reset (VmHWM), in bytes. */
function peakRssOf(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Sets the kernel's peak-RSS mark back to the current RSS (`5` to clear_refs, Linux ≥ 4.0). */
function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** POSTs one multipart upload of `bytes` of `kind`, streamed; answers the status and JSON body. */
async function upload(stack: ParleyStack, kind: Kind, bytes: number) {
  const boundary = `----bench${Date.now()}`;
  const name = kind === 'archive' ? 'backup.gz' : 'survey.csv';
  const type = kind === 'archive' ? 'application/gzip' : 'text/csv';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\nopenAI\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/files', stack.parleyUrl);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stack.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + bytes + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    const blocks = content(kind, bytes);
    const pump = () => {
      for (;;) {
        const next = blocks.next();
        if (next.done) {
          req.end(tail);
          return;
        }
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    req.write(head);
    pump();
  });
}

async function measure(stack: ParleyStack, kind: Kind) {
  const pid = stack.server.pid;
  const warm = await upload(stack, kind, MB);
  if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.body)}`);
  await new Promise((r) => setTimeout(r, 500));
  const before = rssOf(pid);
  resetPeakRss(pid);
  // Samples too, in case the kernel's peak mark cannot be reset here.
  let sampledPeak = before;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, rssOf(pid))), 20);
  const started = performance.now();
  const res = await upload(stack, kind, SIZE_MB * MB);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  const peak = Math.max(peakRssOf(pid), sampledPeak);
  return {
    kind,
    type: res.body.type,
    embedded: res.body.embedded,
    seconds: Number(seconds.toFixed(2)),
    throughputMBps: Number((SIZE_MB / seconds).toFixed(1)),
    rssBeforeMB: Math.round(before / MB),
    peakRssGrowthMB: Number(((peak - before) / MB).toFixed(1)),
  };
}

const stack = await startParleyStack({ tokensPerSecond: 1000, firstTokenDelayMs: 0 });
try {
  const archive = await measure(stack, 'archive');
  const text = await measure(stack, 'text');
  const worst = Math.max(archive.peakRssGrowthMB, text.peakRssGrowthMB);
  console.log(
    JSON.stringify({
      bench: 'file-upload-large',
      sizeMB: SIZE_MB,
      archive,
      text,
      loadAverage: Number(loadavg()[0]!.toFixed(2)),
      goal: { peakRssGrowthMB: GOAL_GROWTH_MB },
      pass: worst <= GOAL_GROWTH_MB,
    }),
  );
} finally {
  await stack.stop();
}
