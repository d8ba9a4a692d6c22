import { Worker } from 'node:worker_threads';
import { DocumentUnreadable } from './document-extract.ts';
import type { OcrSettings } from './ocr-settings.ts';
import { Turns } from './turns.ts';
import { watchWorkerMemory } from './worker-memory-watch.ts';

/** What one OCR thread may use besides its time (OcrSettings.timeoutMs). */
export interface OcrThreadLimits {
  /** The thread's JavaScript heap (Tesseract itself lives outside it, in WebAssembly memory). */
  heapMb: number;
  /**
   * What the thread may hold outside its heap: Tesseract's WebAssembly memory (about 40 MB with
   * English loaded, growing with the picture) and the pictures themselves.
   */
  maxExternalBytes: number;
}

export const DEFAULT_OCR_THREAD_LIMITS: OcrThreadLimits = {
  heapMb: 128,
  maxExternalBytes: 640 * 1024 * 1024,
};

/**
 * OCR runs one file at a time: recognising a page keeps a core busy for a second or more, and the
 * server's other work (answers streaming, other uploads) needs the rest of the machine.
 */
const turns = new Turns(1);

const WORKER_FILE = new URL('./ocr-worker.mjs', import.meta.url);

type WorkerReply =
  { kind: 'page'; index: number; text: string } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * Reads text out of pictures with Tesseract on this server, offline: each call is a thread of its
 * own, bounded in time, heap and outside-heap memory, and ended when it overruns, so a hostile or
 * huge picture costs at most those bounds and never the server. The pictures must already be
 * decoded and normalised (ocr-image.ts, or a PDF page rendered by the document thread).
 */
export class OcrEngine {
  constructor(
    readonly settings: OcrSettings,
    private readonly limits: OcrThreadLimits = DEFAULT_OCR_THREAD_LIMITS,
    /** The thread's module; a test gives one that cannot load, to see how that failure is told. */
    private readonly workerFile: URL = WORKER_FILE,
  ) {}

  /**
   * The text of each picture, in order. `onPage` hears how many are read so far (for progress).
   * Rejects with DocumentUnreadable when the bounds are passed or the engine fails.
   */
  read(images: Uint8Array[], onPage?: (done: number, total: number) => void): Promise<string[]> {
    if (images.length === 0) return Promise.resolve([]);
    return turns.run(() => this.#run(images, onPage));
  }

  #run(images: Uint8Array[], onPage?: (done: number, total: number) => void): Promise<string[]> {
    const { timeoutMs, languages } = this.settings;
    return new Promise((resolve, reject) => {
      const worker = new Worker(this.workerFile, {
        workerData: { images, languages },
        resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 16 },
        stdout: true,
        stderr: true,
      });
      const texts: string[] = [];
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        stopWatching();
        clearTimeout(timer);
        void worker.terminate();
        outcome();
      };
      const picturesBytes = images.reduce((sum, image) => sum + image.byteLength, 0);
      const stopWatching = watchWorkerMemory(
        worker,
        {
          perThread: this.limits.maxExternalBytes + picturesBytes,
          total: this.limits.maxExternalBytes + picturesBytes,
        },
        () =>
          finish(() =>
            reject(
              new DocumentUnreadable(
                'bomb',
                'Reading the text of the picture needed more memory than allowed.',
              ),
            ),
          ),
      );
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new DocumentUnreadable(
                'timeout',
                `Reading the text of the picture took longer than ${Math.round(timeoutMs / 1000)} seconds.`,
              ),
            ),
          ),
        timeoutMs,
      );
      // The engine prints its own notes (parameters, warnings); they are not the server's log.
      worker.stdout.resume();
      worker.stderr.resume();
      worker.on('message', (reply: WorkerReply) => {
        if (reply.kind === 'page') {
          texts[reply.index] = reply.text;
          onPage?.(reply.index + 1, images.length);
        } else if (reply.kind === 'done') finish(() => resolve(texts));
        else finish(() => reject(ocrFailed(reply.message)));
      });
      worker.on('error', (err: Error & { code?: string }) =>
        finish(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new DocumentUnreadable(
                  'bomb',
                  'Reading the text of the picture needed more memory than allowed.',
                )
              : ocrFailed(err.stack ?? err.message),
          ),
        ),
      );
      worker.on('exit', (code) =>
        finish(() => reject(ocrFailed(`The OCR thread exited with code ${code} before answering.`))),
      );
    });
  }
}

/** The engine failed for a reason of the server's own: said plainly; the detail is for the log. */
const ocrFailed = (detail: string) =>
  new DocumentUnreadable(
    'failed',
    'The text of the picture could not be read because of a problem on the server.',
    detail,
  );
