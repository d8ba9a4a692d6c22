import { crc32 } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { deflatedZeros } from './document-fixtures.ts';

/**
 * A picture of text as a phone or scanner makes one: dark lines of a plain font on white, drawn
 * with @napi-rs/canvas, so OCR tests read real pixels rather than a stored answer.
 */
export function textPicture(lines: string[], format: 'png' | 'jpeg' | 'webp' = 'png'): Buffer {
  const width = 1400;
  const lineHeight = 70;
  const canvas = createCanvas(width, 60 + lines.length * lineHeight);
  const draw = canvas.getContext('2d');
  draw.fillStyle = '#ffffff';
  draw.fillRect(0, 0, canvas.width, canvas.height);
  draw.fillStyle = '#111111';
  draw.font = '44px sans-serif';
  lines.forEach((line, i) => draw.fillText(line, 40, 80 + i * lineHeight));
  if (format === 'png') return canvas.toBuffer('image/png');
  if (format === 'webp') return canvas.toBuffer('image/webp', 90);
  return canvas.toBuffer('image/jpeg', 92);
}

/** A page of a hand-written PDF: a text layer, or a scan (a JPEG of these lines and no text). */
export type PdfPage = { text: string } | { scan: string[] };

/**
 * A PDF mixing pages with a text layer (Helvetica) and scanned pages (a full-page JPEG picture
 * with no text layer, as a scanner writes them). Written by hand like pdfDocument.
 */
export function scannedPdf(pages: PdfPage[]): Buffer {
  const parts: Buffer[] = [];
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    if ('text' in page) {
      const stream = `BT /F1 12 Tf 72 720 Td (${page.text.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`;
      add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
      const content = objects.length;
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
      );
    } else {
      const jpeg = textPicture(page.scan, 'jpeg');
      const canvasHeight = 60 + page.scan.length * 70;
      add(
        Buffer.concat([
          Buffer.from(
            `<< /Type /XObject /Subtype /Image /Width 1400 /Height ${canvasHeight} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
            'latin1',
          ),
          jpeg,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      );
      const image = objects.length;
      const height = Math.round((612 * canvasHeight) / 1400);
      const stream = `q 612 0 0 ${height} 0 ${792 - height} cm /Im1 Do Q`;
      add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
      const content = objects.length;
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
      );
    }
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let length = 0;
  const push = (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
  };
  push(Buffer.from('%PDF-1.4\n', 'latin1'));
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n`, 'latin1'));
    push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    push(Buffer.from('\nendobj\n', 'latin1'));
  });
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG decompression bomb: a valid grey picture of `side` x `side` pixels, all black, whose
 * deflated rows take a few hundred kilobytes but inflate to side * (side + 1) bytes (12,000 gives
 * 144 MB, past the 100-megapixel limit every upload has).
 */
export async function inflatingPngBomb(side = 12_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // grey
  const raw = side * (side + 1);
  const data = await deflatedZeros(Math.floor(raw / (1024 * 1024)), raw % (1024 * 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
