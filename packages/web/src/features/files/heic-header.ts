/**
 * What a HEIC/HEIF file's header says before any pixel is decoded. Both are ISO base media files:
 * a sequence of boxes, each a 32-bit size, a four-letter type and its content. The first box,
 * `ftyp`, lists the brands the file follows; the `meta` box's item properties (`meta` → `iprp` →
 * `ipco`) hold one `ispe` box per image with its width and height.
 */

/** Brands that mark a HEIF still image or sequence (HEVC-coded or any codec). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** Boxes walked into on the way to the image sizes; `meta` starts with 4 bytes of version and flags. */
const CONTAINERS: Record<string, number> = { meta: 4, iprp: 0, ipco: 0 };

interface Box {
  type: string;
  /** Offset of the box's content (after its header). */
  start: number;
  /** Offset just past the box. */
  end: number;
}

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** The boxes between two offsets; stops at the first one cut off by the end of the bytes read. */
function boxesIn(bytes: Uint8Array, from: number, to: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      // A 64-bit size follows the type; anything past 2^53 is beyond what a browser reads anyway.
      if (at + 16 > to) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at; // the box runs to the end of the file
    }
    if (size < header) break;
    boxes.push({ type: fourCc(bytes, at + 4), start: at + header, end: Math.min(at + size, to) });
    if (at + size > to) break;
    at += size;
  }
  return boxes;
}

/** True when the bytes start with an `ftyp` box naming a HEIF brand (major or compatible). */
export function hasHeifSignature(head: Uint8Array): boolean {
  const [first] = boxesIn(head, 0, head.length);
  if (!first || first.type !== 'ftyp' || first.end - first.start < 8) return false;
  if (HEIF_BRANDS.has(fourCc(head, first.start))) return true;
  // After the major brand and its 4-byte version come the compatible brands.
  for (let at = first.start + 8; at + 4 <= first.end; at += 4) {
    if (HEIF_BRANDS.has(fourCc(head, at))) return true;
  }
  return false;
}

/**
 * The largest image the header declares, in pixels (width × height over every `ispe` box: the
 * primary image, its tiles, thumbnails), or undefined when the bytes read hold none.
 */
export function largestDeclaredPixels(head: Uint8Array): number | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let largest: number | undefined;
  const walk = (from: number, to: number, depth: number) => {
    for (const box of boxesIn(head, from, to)) {
      if (box.type === 'ispe' && box.start + 12 <= box.end) {
        // 4 bytes of version and flags, then width and height as 32-bit numbers.
        const pixels = view.getUint32(box.start + 4) * view.getUint32(box.start + 8);
        largest = Math.max(largest ?? 0, pixels);
      } else if (box.type in CONTAINERS && depth < 4) {
        walk(box.start + CONTAINERS[box.type]!, box.end, depth + 1);
      }
    }
  };
  walk(0, head.length, 0);
  return largest;
}
