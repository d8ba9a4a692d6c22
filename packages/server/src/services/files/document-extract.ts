import { Worker } from 'node:worker_threads';
import { Turns } from './turns.ts';
import { watchWorkerMemory } from './worker-memory-watch.ts';

/** The formats read by the document thread (text types are read in place, see document-text.ts). */
export type ExtractedKind = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'epub' | 'rtf';

/** What reading one document may cost. Each bound ends the read with a clear reason, never the server. */
export interface ExtractLimits {
  /** Wall-clock time for the whole read, from the thread's start. */
  timeoutMs: number;
  /** The thread's JavaScript heap. */
  heapMb: number;
  /** Files larger than this are not read at all. */
  maxInputBytes: number;
  /** PDF pages read; later pages are left out of the index. */
  maxPages: number;
  /** Characters kept. */
  maxChars: number;
  /** What a zipped document (DOCX, XLSX, PPTX, ODT, ODS, ODP, EPUB) may inflate to, all parts together (a zip bomb stops here). */
  maxExpandedBytes: number;
  /** Parts a zipped document may hold. */
  maxEntries: number;
  /**
   * What the thread may hold outside its heap (decoded PDF streams, inflated parts) beyond twice
   * the file's own size (the file's bytes and the reader's copy of them): a PDF whose streams
   * inflate past it (a decompression bomb) is refused as too large when unpacked.
   */
  maxUnpackedBytes: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 60_000,
  heapMb: 256,
  maxInputBytes: 64 * 1024 * 1024,
  maxPages: 2_000,
  maxChars: 2_000_000,
  maxExpandedBytes: 64 * 1024 * 1024,
  maxEntries: 2_000,
  maxUnpackedBytes: 128 * 1024 * 1024,
};

/**
 * What all the document threads together may hold outside their heaps, besides their files'
 * bytes: less than two threads' own bounds, so two bombs read at once cannot both get that far.
 */
const MAX_TOTAL_UNPACKED_BYTES = 192 * 1024 * 1024;

/** Documents read at once on this server; more wait their turn (each read is a thread of its own). */
const MAX_CONCURRENT = 2;

/** Why a document's text could not be read. */
export type UnreadableReason = 'corrupt' | 'encrypted' | 'bomb' | 'too_large' | 'timeout' | 'failed';

/**
 * A document whose text could not be read. `message` is for the person who uploaded it: it never
 * holds a path, a module name or a stack. What the server alone should see (why the reader itself
 * failed) is in `detail`, for the log.
 */
export class DocumentUnreadable extends Error {
  constructor(
    readonly reason: UnreadableReason,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'DocumentUnreadable';
  }
}

/** The reader failed for a reason of the server's own (a missing module, a crash): said plainly. */
const MB = 1024 * 1024;

/** A document that inflates past its bound: said in words a person understands. */
const tooLargeUnpacked = (limits: ExtractLimits) =>
  new DocumentUnreadable(
    'bomb',
    `The document is too large when unpacked (more than ${Math.round(limits.maxUnpackedBytes / MB)} MB).`,
  );

const readerFailed = (detail: string) =>
  new DocumentUnreadable(
    'failed',
    'The document could not be read because of a problem on the server.',
    detail,
  );

export interface ExtractedText {
  text: string;
  /** Some of the document (pages past the limit, characters past the limit) was left out. */
  truncated: boolean;
  /** A PDF's page count. */
  pages?: number;
  /** A PDF's pages read: where page n starts in `text` is `pageStarts[n - 1]`. */
  pageStarts?: number[];
  /** A PDF's pages read, each's own text (`pageTexts[n - 1]` is page n's). */
  pageTexts?: string[];
  /** A PDF's pages without a text layer that paint a picture, rendered to PNG for OCR. */
  scans?: ScannedPage[];
}

/** A PDF page that is a picture of text, rendered for OCR. */
export interface ScannedPage {
  /** From 1. */
  page: number;
  png: Uint8Array;
}

type WorkerReply =
  | { ok: true; text: string; truncated: boolean }
  | { ok: true; pageTexts: string[]; truncated: boolean; pages: number; scans: ScannedPage[] }
  | { ok: false; reason: UnreadableReason; message: string };

/**
 * A PDF's text from its pages' texts, joined with a blank line between pages and cut at
 * `maxChars`, with where each page starts in it, so a passage can be cited by page.
 */
export function joinPages(
  pageTexts: readonly string[],
  maxChars: number,
): { text: string; pageStarts: number[] } {
  const pageStarts: number[] = [];
  let at = 0;
  for (const text of pageTexts) {
    pageStarts.push(at);
    at += text.length + 2;
  }
  return { text: pageTexts.join('\n\n').slice(0, maxChars), pageStarts };
}

/** What the thread answered, as the reader's result (a PDF's pages joined). */
function extractedOf(reply: Extract<WorkerReply, { ok: true }>, maxChars: number): ExtractedText {
  if (!('pageTexts' in reply)) return { text: reply.text, truncated: reply.truncated };
  return {
    ...joinPages(reply.pageTexts, maxChars),
    truncated: reply.truncated,
    pages: reply.pages,
    pageTexts: reply.pageTexts,
    ...(reply.scans.length > 0 && { scans: reply.scans }),
  };
}

/** The document threads' turns: at most MAX_CONCURRENT read at once. */
const turns = new Turns(MAX_CONCURRENT);

const WORKER_FILE = new URL('./document-extract-worker.mjs', import.meta.url);

function runWorker(
  path: string,
  inputBytes: number,
  kind: ExtractedKind,
  limits: ExtractLimits,
  workerFile: URL,
  scans: number,
): Promise<ExtractedText> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, {
      workerData: { path, kind, limits, scans },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const fileCopies = 2 * inputBytes;
    const stopWatching = watchWorkerMemory(
      worker,
      {
        perThread: limits.maxUnpackedBytes + fileCopies,
        total: MAX_TOTAL_UNPACKED_BYTES + fileCopies,
      },
      () => finish(() => reject(tooLargeUnpacked(limits))),
    );
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopWatching();
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new DocumentUnreadable(
              'timeout',
              `Reading the document took longer than ${Math.round(limits.timeoutMs / 1000)} seconds.`,
            ),
          ),
        ),
      limits.timeoutMs,
    );
    // PDF.js prints warnings about odd files; they are not the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (reply: WorkerReply) =>
      finish(() =>
        reply.ok
          ? resolve(extractedOf(reply, limits.maxChars))
          : reject(
              // A reason the reader did not name is an error of its own, whose text may hold paths.
              reply.reason === 'failed'
                ? readerFailed(reply.message)
                : new DocumentUnreadable(reply.reason, reply.message),
            ),
      ),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new DocumentUnreadable('bomb', 'Reading the document needed more memory than allowed.')
            : readerFailed(err.stack ?? err.message),
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(() => reject(readerFailed(`The document thread exited with code ${code} before answering.`))),
    );
  });
}

/**
 * The text of a PDF, DOCX, XLSX, PPTX, ODT, ODS, ODP, EPUB or RTF on disk, read in a worker thread of its own so a heavy or hostile
 * file never blocks the event loop: bounded in time, heap, memory outside the heap (what
 * its streams unpack to), input size, pages and characters. A
 * file that cannot be read (damaged, encrypted, a zip bomb, too slow) rejects with DocumentUnreadable.
 */
export function extractDocumentText(
  path: string,
  kind: ExtractedKind,
  bytes: number,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
  /** The thread's module; a test gives one that cannot load, to see how that failure is told. */
  workerFile: URL = WORKER_FILE,
  /** A PDF's scanned pages (no text layer, a picture) to render for OCR; 0 when OCR is off. */
  scans = 0,
): Promise<ExtractedText> {
  if (bytes > limits.maxInputBytes) {
    return Promise.reject(
      new DocumentUnreadable(
        'too_large',
        `Documents over ${Math.round(limits.maxInputBytes / 1048576)} MB are not read for search.`,
      ),
    );
  }
  return turns.run(() => runWorker(path, bytes, kind, limits, workerFile, scans));
}
