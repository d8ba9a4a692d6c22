// Proves a ZIP archive (a DOCX, XLSX or PPTX is one) expands within bounds before a reader that
// inflates whole entries in memory (mammoth, through JSZip) sees it, and hands back the entries a
// reader asks for (the spreadsheet and slide readers take their XML parts from here). Declared
// sizes can lie, so every entry is really inflated here, with zlib's output cap set to what is
// left of the budget: a zip bomb stops at the cap instead of filling memory. Plain JavaScript: it
// runs inside the extraction worker.
import { inflateRawSync } from 'node:zlib';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end-of-central-directory record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

export class ZipRefused extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

function findEndRecord(zip) {
  const stop = Math.max(0, zip.length - EOCD_SEARCH);
  for (let at = zip.length - 22; at >= stop; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new ZipRefused('corrupt', 'The file is not a readable ZIP archive.');
}

/**
 * Checks every entry of `zip` (a Buffer): at most `maxEntries`, stored or deflated only, and all
 * of them inflating to at most `maxBytes` together. Throws ZipRefused ('bomb' or 'corrupt').
 */
export function checkZipBounds(zip, bounds) {
  readZipEntries(zip, bounds, () => false);
}

/**
 * The inflated entries of `zip` whose names `wanted` accepts, by name, after the same checks as
 * checkZipBounds over every entry (so a bomb hidden in a part nobody reads is still refused).
 */
export function readZipEntries(zip, { maxEntries, maxBytes }, wanted) {
  const found = new Map();
  const end = findEndRecord(zip);
  const entries = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  // ZIP64 archives mark these fields 0xFFFF / 0xFFFFFFFF; no office document needs one.
  if (entries === 0xffff || directoryOffset === 0xffffffff)
    throw new ZipRefused('corrupt', 'ZIP64 archives are not read.');
  if (entries > maxEntries) throw new ZipRefused('bomb', `The document holds more than ${maxEntries} parts.`);
  let at = directoryOffset;
  let budget = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipRefused('corrupt', 'The ZIP directory is damaged.');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL_SIGNATURE)
      throw new ZipRefused('corrupt', 'A ZIP entry is damaged.');
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (data.length < compressedSize) throw new ZipRefused('corrupt', 'A ZIP entry is cut off.');
    let content;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        if (error?.code === 'ERR_BUFFER_TOO_LARGE')
          throw new ZipRefused(
            'bomb',
            `The document expands to more than ${Math.round(maxBytes / 1048576)} MB.`,
          );
        throw new ZipRefused('corrupt', 'A ZIP entry cannot be inflated.');
      }
    } else throw new ZipRefused('corrupt', `ZIP compression method ${method} is not read.`);
    budget -= content.length;
    if (budget < 0)
      throw new ZipRefused('bomb', `The document expands to more than ${Math.round(maxBytes / 1048576)} MB.`);
    if (wanted(name)) found.set(name, content);
  }
  return found;
}
