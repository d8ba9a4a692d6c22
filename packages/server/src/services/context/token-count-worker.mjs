// The token-count thread: counts texts sent by token-count.ts off the server's event loop.
import { parentPort } from 'node:worker_threads';
import { countTokensBounded } from './bounded-token-count.mjs';

parentPort.on('message', ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, counts: texts.map((text) => countTokensBounded(text)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
