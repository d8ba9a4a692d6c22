// The OCR thread: one per file to read, started by ocr-engine.ts, which bounds its time, heap and
// the memory it holds outside the heap (Tesseract's WebAssembly memory, the pictures) and ends it
// when it overruns. It runs tesseract.js's recognition code in this thread itself rather than in
// the extra thread tesseract.js would start on its own, so those bounds hold for the engine too.
// Language data is read from the installed npm packages' files; the adapter's fetch refuses, so
// nothing is ever downloaded. Plain JavaScript: a worker thread starts with a bare module loader.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** Tesseract's LSTM engine only ("OEM 1"): the smaller best_int data has no legacy model. */
const LSTM_ONLY = 1;

function engineThread() {
  const engine = require('tesseract.js/src/worker-script/index.js');
  engine.setAdapter({
    getCore: require('tesseract.js/src/worker-script/node/getCore.js'),
    gunzip: require('tesseract.js/src/worker-script/node/gunzip.js'),
    ...require('tesseract.js/src/worker-script/node/cache.js'),
    fetch: () => {
      throw new Error('OCR language data is read from installed packages only, never downloaded');
    },
  });
  let job = 0;
  return (action, payload) =>
    new Promise((resolve, reject) => {
      engine.dispatchHandlers({ workerId: 'parley-ocr', jobId: String(++job), action, payload }, (reply) => {
        if (reply.status === 'resolve') resolve(reply.data);
        else if (reply.status === 'reject') reject(new Error(String(reply.data)));
      });
    });
}

async function main() {
  const { images, languages } = workerData;
  const call = engineThread();
  const langs = languages.map((l) => l.code).join('+');
  await call('load', { options: { lstmOnly: true, logging: false } });
  // Every language's data sits in its own package's folder: each is loaded from there.
  for (const { code, langPath } of languages)
    await call('loadLanguage', {
      langs: code,
      options: { langPath, cacheMethod: 'none', gzip: true, lstmOnly: true },
    });
  await call('initialize', { langs, oem: LSTM_ONLY });
  for (let index = 0; index < images.length; index++) {
    const result = await call('recognize', {
      image: images[index],
      options: {},
      output: { text: true, blocks: false, hocr: false, tsv: false },
    });
    parentPort.postMessage({ kind: 'page', index, text: String(result.text ?? '') });
  }
}

main().then(
  () => parentPort.postMessage({ kind: 'done' }),
  (error) => parentPort.postMessage({ kind: 'failed', message: String(error?.message ?? error) }),
);
