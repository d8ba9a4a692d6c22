import { JSONParser } from '@streamparser/json';
import { unsupportedImport } from './import-model.ts';

/** One value the streaming parser hands over: a top-level field or an element of a list. */
export interface JsonEvent {
  /** The field name, or the index in the top-level array. */
  key: string | number | undefined;
  /** For an element of a list inside the top-level object: that list's field name. */
  listKey: string | undefined;
  value: unknown;
}

export type RootKind = 'array' | 'object';

const BOM = [0xef, 0xbb, 0xbf];
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The kind of the top-level value from its first byte, or null while only whitespace was seen. */
function rootKindOf(chunk: Buffer): RootKind | null | 'other' {
  for (const byte of chunk) {
    if (WHITESPACE.has(byte)) continue;
    if (byte === 0x5b) return 'array';
    if (byte === 0x7b) return 'object';
    return 'other';
  }
  return null;
}

/**
 * Parses a JSON file as it streams in. `pathsFor` chooses, from the top-level value's kind,
 * which values are emitted (e.g. each element of a top-level array); nothing else is kept in
 * memory. Each chunk's values are handled (awaited, in order) before the next chunk is read, so
 * a slow consumer slows the upload instead of buffering it. Malformed JSON is an unsupported
 * import.
 */
export async function readJsonStream(
  source: AsyncIterable<Buffer | string>,
  pathsFor: (kind: RootKind) => string[],
  handle: (event: JsonEvent, kind: RootKind) => Promise<void>,
): Promise<RootKind> {
  let parser: JSONParser | null = null;
  let kind: RootKind | null = null;
  let ended = false;
  let first = true;
  const queue: JsonEvent[] = [];
  const fail = (err: unknown) => unsupportedImport(`The file is not valid JSON: ${(err as Error).message}`);

  for await (const piece of source) {
    let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (first && BOM.every((b, i) => chunk[i] === b)) chunk = chunk.subarray(3);
    first = false;
    if (!parser) {
      const found = rootKindOf(chunk);
      if (found === 'other') throw unsupportedImport('The file does not hold a JSON object or array');
      if (found === null) continue;
      kind = found;
      parser = new JSONParser({ paths: pathsFor(found), keepStack: false });
      parser.onValue = ({ value, key, stack }) => {
        queue.push({ key, listKey: typeof stack[1]?.key === 'string' ? stack[1].key : undefined, value });
      };
      parser.onEnd = () => {
        ended = true;
      };
    }
    try {
      parser.write(chunk);
    } catch (err) {
      throw fail(err);
    }
    while (queue.length > 0) await handle(queue.shift()!, kind!);
  }
  if (!parser || !kind) throw unsupportedImport('The file is empty');
  if (!ended) {
    try {
      parser.end();
    } catch (err) {
      throw fail(err);
    }
  }
  while (queue.length > 0) await handle(queue.shift()!, kind);
  return kind;
}
