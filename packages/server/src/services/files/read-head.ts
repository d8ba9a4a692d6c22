import type { BlobStore } from './blob-store.ts';
import { SNIFF_BYTES } from './sniff-type.ts';

/** The first bytes of a stored blob, enough to sniff its type. */
export async function readHead(store: BlobStore, key: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = await store.get(key, { start: 0, end: Math.min(bytes, SNIFF_BYTES) - 1 });
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
