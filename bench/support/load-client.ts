// The load generator, run as its own process (`runLoad` in processes.ts): opens `count` streams
// spread evenly over `spreadMs`, each asking the echo model to repeat a text unique to the stream,
// checks every answer arrived exactly (nothing lost, doubled or reordered) and prints one JSON
// line: time-to-first-token percentiles, how many streams were open at once, its own CPU time.
// With `alongside`, a second path gets the same schedule, half a slot later, so both are
// measured under the same conditions (the machine's other load included).
import { openAIText, parleyText, percentile, round, timedStream, type StreamTiming } from './sse-probe.ts';

export interface LoadJob {
  url: string;
  protocol: 'openai' | 'parley';
  headers: Record<string, string>;
  /** Parley: the endpoint named in the body. */
  endpoint?: string;
  model: string;
  count: number;
  spreadMs: number;
  /** Words in each stream's text. */
  words: number;
  /** Another path (e.g. the simulator itself) interleaved with this one, stream for stream. */
  alongside?: Omit<LoadJob, 'count' | 'spreadMs' | 'words' | 'alongside'>;
}

export interface LoadResult {
  streams: number;
  ok: number;
  failed: number;
  /** Streams whose text differed from what was asked for (lost, doubled or reordered tokens). */
  mismatched: number;
  firstProblem?: string;
  ttftMs: { p50: number; p90: number; p99: number; max: number };
  totalMs: { p50: number; max: number };
  maxOpen: number;
  wallMs: number;
}

const NO_PARENT = '00000000-0000-0000-0000-000000000000';

export const streamText = (i: number, words: number) =>
  Array.from({ length: words }, (_, k) => `s${i}w${k}`).join(' ');

function bodyFor(job: LoadJob, text: string): unknown {
  if (job.protocol === 'openai') {
    return { model: job.model, stream: true, messages: [{ role: 'user', content: text }] };
  }
  return { text, model: job.model, endpoint: job.endpoint, conversationId: null, parentMessageId: NO_PARENT };
}

/** Why a stream's answer is not exactly `text`, or null when it is. */
function problemOf(job: LoadJob, timing: StreamTiming, text: string): string | null {
  if (timing.error) return `error: ${timing.error}`;
  if (timing.status !== 200) return `status ${timing.status}`;
  const streamed = timing.pieces.join('');
  if (streamed !== text) return `streamed text differs: ${JSON.stringify(streamed.slice(0, 80))}…`;
  if (job.protocol === 'parley') {
    const final = timing.others.map(
      (d) => JSON.parse(d) as { final?: boolean; responseMessage?: { text: string } },
    );
    const saved = final.find((d) => d.final)?.responseMessage?.text;
    if (saved !== text) return `final text differs: ${JSON.stringify(saved?.slice(0, 80))}`;
  }
  return null;
}

type Path = Omit<LoadJob, 'count' | 'spreadMs' | 'words' | 'alongside'>;

interface Run {
  timing: StreamTiming;
  problem: string | null;
}

function summarise(count: number, results: Run[], maxOpen: number, wallMs: number): LoadResult {
  const failed = results.filter((r) => r.timing.error || r.timing.status !== 200).length;
  const problems = results.filter((r) => r.problem);
  const ttft = results.map((r) => r.timing.ttftMs);
  const total = results.map((r) => r.timing.totalMs);
  return {
    streams: count,
    ok: count - problems.length,
    failed,
    mismatched: problems.length - failed,
    ...(problems[0] ? { firstProblem: problems[0].problem! } : {}),
    ttftMs: {
      p50: round(percentile(ttft, 50)),
      p90: round(percentile(ttft, 90)),
      p99: round(percentile(ttft, 99)),
      max: round(percentile(ttft, 100)),
    },
    totalMs: { p50: round(percentile(total, 50)), max: round(percentile(total, 100)) },
    maxOpen,
    wallMs,
  };
}

export async function runJob(job: LoadJob): Promise<LoadResult & { alongside?: LoadResult }> {
  const started = Date.now();
  let open = 0;
  let maxOpen = 0;
  const slot = job.spreadMs / job.count;
  const schedule = (path: Path, offsetMs: number) =>
    Array.from({ length: job.count }, async (_, i): Promise<Run> => {
      await new Promise((r) => setTimeout(r, i * slot + offsetMs));
      const text = streamText(i, job.words);
      open++;
      maxOpen = Math.max(maxOpen, open);
      const textOf = path.protocol === 'openai' ? openAIText : parleyText;
      const timing = await timedStream(path.url, bodyFor({ ...job, ...path }, text), path.headers, textOf);
      open--;
      return { timing, problem: problemOf({ ...job, ...path }, timing, text) };
    });
  const main = schedule(job, 0);
  const other = job.alongside ? schedule(job.alongside, slot / 2) : [];
  const [mainRuns, otherRuns] = await Promise.all([Promise.all(main), Promise.all(other)]);
  const wallMs = Date.now() - started;
  return {
    ...summarise(job.count, mainRuns, maxOpen, wallMs),
    ...(job.alongside ? { alongside: summarise(job.count, otherRuns, maxOpen, wallMs) } : {}),
  };
}

if (process.argv[2]) {
  const job = JSON.parse(process.argv[2]) as LoadJob;
  const before = process.cpuUsage();
  const result = await runJob(job);
  const cpu = process.cpuUsage(before);
  console.log(JSON.stringify({ ...result, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }));
}
