// Deterministic PNG pictures: a grid of coloured blocks whose colours come from the SHA-256 of a
// seed (an image prompt, a page path). The same seed always gives the same bytes, so a test can
// recompute the picture it expects; different seeds give visibly different pictures.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GRID = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A `width`×`height` RGB PNG of a 4×4 block grid coloured from the seed's hash; `text` goes in a tEXt chunk. */
export function seededPng(seed: string, width: number, height: number, text?: string): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  // 16 blocks, each coloured from two hash bytes (48 bytes needed; the hash is stretched by rehashing).
  const palette = Buffer.concat([hash, createHash('sha256').update(hash).digest()]);
  const rowBytes = width * 3 + 1;
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowBytes] = 0; // filter: none
    const by = Math.min(GRID - 1, Math.floor((y * GRID) / height));
    for (let x = 0; x < width; x++) {
      const bx = Math.min(GRID - 1, Math.floor((x * GRID) / width));
      const block = by * GRID + bx;
      const at = y * rowBytes + 1 + x * 3;
      raw[at] = palette[(block * 3) % 64]!;
      raw[at + 1] = palette[(block * 3 + 1) % 64]!;
      raw[at + 2] = palette[(block * 3 + 2) % 64]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...(text ? [chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'))] : []),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
