import { randomBytes } from 'node:crypto';
import { constants, crc32, createDeflate, deflateRawSync } from 'node:zlib';

/** Escapes text for a PDF literal string. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A real PDF of one page per entry of `pages`, each page's text drawn in Helvetica, line by line.
 * `encrypted` adds a standard-security dictionary whose user password is not empty, so a reader
 * must ask for a password. Written by hand (objects, cross-reference table, trailer) so the tests
 * need no PDF library.
 */
export function pdfDocument(
  pages: string[],
  opts: { encrypted?: boolean; extraContent?: Buffer } = {},
): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const text of pages) {
    const lines = text.split('\n').map((line, i) => `${i === 0 ? '' : 'T* '}${pdfString(line)} Tj`);
    const stream = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.join(' ')} ET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    const contents = [content];
    if (opts.extraContent) {
      // A second content stream, deflated: its bytes are written as they are (latin1 keeps them).
      const data = opts.extraContent.toString('latin1');
      contents.push(
        add(`<< /Length ${opts.extraContent.length} /Filter /FlateDecode >>\nstream\n${data}\nendstream`),
      );
    }
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents [${contents.map((c) => `${c} 0 R`).join(' ')}] >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let encrypt = '';
  if (opts.encrypted) {
    const hex = (n: number) => randomBytes(n).toString('hex');
    const dict = add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${hex(32)}> /U <${hex(32)}> >>`);
    encrypt = ` /Encrypt ${dict} 0 R /ID [<${hex(16)}> <${hex(16)}>]`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * `megabytes` MB (and `tailBytes` bytes) of zero bytes, zlib-deflated at the highest level (about a thousandth of that),
 * made a megabyte at a time so the whole never sits in memory.
 */
export async function deflatedZeros(megabytes: number, tailBytes = 0): Promise<Buffer> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  if (tailBytes > 0) deflate.write(Buffer.alloc(tailBytes));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A PDF decompression bomb: one page with a visible line, then a FlateDecode content stream of
 * `megabytes` MB of zeros (which a PDF reader skips as white space, after inflating all of it).
 */
export async function pdfBomb(megabytes: number): Promise<Buffer> {
  return pdfDocument(['A tiny visible line.'], { extraContent: await deflatedZeros(megabytes) });
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Kept as it is rather than deflated (an OpenDocument's or EPUB's `mimetype` must be). */
  stored?: boolean;
}

/** A ZIP archive of deflated entries (local headers, central directory, end record). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, stored } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = stored ? data : deflateRawSync(data);
    const method = stored ? 0 : 8;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

/** The main part of a Word document with one paragraph per entry. */
export function docxBody(paragraphs: string[], padding = ''): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    paragraphs.map((p) => `<w:p><w:r><w:t>${xmlEscape(p)}</w:t></w:r></w:p>`).join('') +
    padding +
    '</w:body></w:document>'
  );
}

/** A minimal real DOCX: content types, the package relationship and the document part. */
export function docxDocument(paragraphs: string[]): Buffer {
  return zipArchive([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'word/document.xml', data: Buffer.from(docxBody(paragraphs)) },
  ]);
}

/**
 * A DOCX zip bomb: a valid document whose main part is padded with `megabytes` MB of repeated
 * whitespace, which deflates to about a thousandth of that.
 */
export function docxBomb(megabytes: number): Buffer {
  const padding = ' '.repeat(megabytes * 1024 * 1024);
  return zipArchive([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'word/document.xml', data: Buffer.from(docxBody(['A tiny visible line.'], padding)) },
  ]);
}

const officeTypes = (overrides: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  overrides +
  '</Types>';
const relationshipsXml = (targets: { id: string; type: string; target: string }[]) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  targets
    .map(
      (t) =>
        `<Relationship Id="${t.id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${t.type}" Target="${t.target}"/>`,
    )
    .join('') +
  '</Relationships>';

/** A cell as a sheet fixture gives it: text goes to the shared strings, numbers and booleans stay. */
export type SheetCell = string | number | boolean | { formula: string; cached: number } | { inline: string };

/**
 * A minimal real XLSX: workbook, its relationships, shared strings and one worksheet per sheet,
 * in the given order (the worksheet files are numbered backwards so order must come from the
 * workbook, not the file names). `padding` MB of whitespace in the last sheet makes a zip bomb.
 */
export function xlsxDocument(sheets: { name: string; rows: SheetCell[][] }[], padding = 0): Buffer {
  const shared: string[] = [];
  const sharedIndex = (text: string) => {
    const at = shared.indexOf(text);
    return at >= 0 ? at : shared.push(text) - 1;
  };
  const column = (i: number) => String.fromCharCode(65 + i);
  const cell = (value: SheetCell, ref: string) => {
    if (typeof value === 'string') return `<c r="${ref}" t="s"><v>${sharedIndex(value)}</v></c>`;
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    if ('inline' in value)
      return `<c r="${ref}" t="inlineStr"><is><t>${xmlEscape(value.inline)}</t></is></c>`;
    return `<c r="${ref}"><f>${xmlEscape(value.formula)}</f><v>${value.cached}</v></c>`;
  };
  const files = sheets.map((sheet, s) => ({
    path: `worksheets/sheet${sheets.length - s}.xml`,
    xml:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      sheet.rows
        .map(
          (row, r) =>
            `<row r="${r + 1}">${row.map((v, c) => cell(v, `${column(c)}${r + 1}`)).join('')}</row>`,
        )
        .join('') +
      '</sheetData>' +
      (s === sheets.length - 1 ? ' '.repeat(padding * 1024 * 1024) : '') +
      '</worksheet>',
  }));
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
    sheets
      .map((sheet, s) => `<sheet name="${xmlEscape(sheet.name)}" sheetId="${s + 1}" r:id="rId${s + 1}"/>`)
      .join('') +
    '</sheets></workbook>';
  const sharedXml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}">` +
    shared.map((text) => `<si><t>${xmlEscape(text)}</t></si>`).join('') +
    '</sst>';
  return zipArchive([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        officeTypes(
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
        ),
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        relationshipsXml([{ id: 'rId1', type: 'officeDocument', target: 'xl/workbook.xml' }]),
      ),
    },
    { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        relationshipsXml(files.map((f, s) => ({ id: `rId${s + 1}`, type: 'worksheet', target: f.path }))),
      ),
    },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(sharedXml) },
    ...files.map((f) => ({ name: `xl/${f.path}`, data: Buffer.from(f.xml) })),
  ]);
}

/**
 * A minimal real PPTX: presentation, its relationships and one slide per entry (each a list of
 * paragraphs, a paragraph being runs of text), with speaker notes where given. As with sheets,
 * slide files are numbered backwards so order must come from the presentation's slide list.
 */
export function pptxDocument(slides: { paragraphs: string[][]; notes?: string }[]): Buffer {
  const entries: ZipEntry[] = [];
  const count = slides.length;
  slides.forEach((slide, i) => {
    const n = count - i;
    entries.push({
      name: `ppt/slides/slide${n}.xml`,
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>' +
          slide.paragraphs
            .map(
              (runs) =>
                `<a:p>${runs.map((r) => `<a:r><a:rPr lang="en-GB"/><a:t>${xmlEscape(r)}</a:t></a:r>`).join('')}</a:p>`,
            )
            .join('') +
          '</p:txBody></p:sp></p:spTree></p:cSld></p:sld>',
      ),
    });
    if (slide.notes !== undefined) {
      entries.push({
        name: `ppt/notesSlides/notesSlide${n}.xml`,
        data: Buffer.from(
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
            '<p:notes xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>' +
            `<p:sp><p:txBody><a:p><a:r><a:t>${xmlEscape(slide.notes)}</a:t></a:r></a:p></p:txBody></p:sp>` +
            `<p:sp><p:txBody><a:p><a:fld type="slidenum"><a:t>${n}</a:t></a:fld></a:p></p:txBody></p:sp>` +
            '</p:spTree></p:cSld></p:notes>',
        ),
      });
      entries.push({
        name: `ppt/slides/_rels/slide${n}.xml.rels`,
        data: Buffer.from(
          relationshipsXml([{ id: 'rId2', type: 'notesSlide', target: `../notesSlides/notesSlide${n}.xml` }]),
        ),
      });
    }
  });
  const presentation =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst>' +
    slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('') +
    '</p:sldIdLst></p:presentation>';
  return zipArchive([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        officeTypes(
          '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>',
        ),
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        relationshipsXml([{ id: 'rId1', type: 'officeDocument', target: 'ppt/presentation.xml' }]),
      ),
    },
    { name: 'ppt/presentation.xml', data: Buffer.from(presentation) },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: Buffer.from(
        relationshipsXml(
          slides.map((_, i) => ({
            id: `rId${i + 1}`,
            type: 'slide',
            target: `slides/slide${count - i}.xml`,
          })),
        ),
      ),
    },
    ...entries,
  ]);
}

/** The three OpenDocument kinds read: a text, a spreadsheet, a presentation. */
export type OdfKind = 'text' | 'spreadsheet' | 'presentation';

const ODF_NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';

/**
 * A minimal real OpenDocument file: the stored `mimetype` entry first (how readers and file-type
 * recognise it), the manifest, and `content.xml` whose `office:body` holds `body` (written in the
 * format's own elements: text:p, table:table-row, draw:page…).
 */
export function odfDocument(kind: OdfKind, body: string): Buffer {
  const mime = `application/vnd.oasis.opendocument.${kind}`;
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NAMESPACES} office:version="1.3">` +
    `<office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`;
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return zipArchive([
    { name: 'mimetype', data: Buffer.from(mime), stored: true },
    { name: 'META-INF/manifest.xml', data: Buffer.from(manifest) },
    { name: 'content.xml', data: Buffer.from(content) },
  ]);
}

/**
 * A minimal real EPUB: stored `mimetype`, the container pointing at the package document, which
 * lists one XHTML chapter per entry of `chapters` (title and paragraphs) in its reading order.
 * The chapter files are named in reverse, so order must come from the spine.
 */
export function epubDocument(chapters: { title: string; paragraphs: string[] }[]): Buffer {
  const container =
    '<?xml version="1.0" encoding="UTF-8"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
    '<rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';
  const file = (i: number) => `text/ch${chapters.length - i}.xhtml`;
  const items = chapters
    .map((_, i) => `<item id="c${i}" href="${file(i)}" media-type="application/xhtml+xml"/>`)
    .join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  const opf =
    '<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">' +
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Fixture</dc:title><dc:identifier id="id">fixture</dc:identifier></metadata>' +
    `<manifest>${items}</manifest><spine>${spine}</spine></package>`;
  const xhtml = (c: { title: string; paragraphs: string[] }) =>
    '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>ignored head</title>' +
    '<style>p { color: red }</style></head><body>' +
    `<h1>${xmlEscape(c.title)}</h1>${c.paragraphs.map((p) => `<p>${xmlEscape(p)}</p>`).join('')}</body></html>`;
  return zipArchive([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), stored: true },
    { name: 'META-INF/container.xml', data: Buffer.from(container) },
    { name: 'OEBPS/book.opf', data: Buffer.from(opf) },
    ...chapters.map((c, i) => ({ name: `OEBPS/${file(i)}`, data: Buffer.from(xhtml(c)) })),
  ]);
}

/**
 * A small RTF document as word processors write it: a font table, a colour table and an info
 * group (none of which is text), then one paragraph per entry, with non-ASCII characters as
 * `\uN?` escapes and Windows-1252 ones as `\'hh`.
 */
export function rtfDocument(paragraphs: string[]): Buffer {
  const escape = (text: string) =>
    [...text]
      .map((ch) => {
        if (ch === '\\' || ch === '{' || ch === '}') return `\\${ch}`;
        const code = ch.codePointAt(0)!;
        if (code === 0xe9) return "\\'e9";
        if (code < 128) return ch;
        // Code points past 16 bits are written as their two UTF-16 halves, as RTF does.
        return Array.from({ length: ch.length }, (_, i) => {
          const unit = ch.charCodeAt(i);
          return `\\u${unit > 32767 ? unit - 65536 : unit}?`;
        }).join('');
      })
      .join('');
  const body = paragraphs.map((p) => `{\\pard\\plain\\f0\\fs24 ${escape(p)}\\par}`).join('\n');
  return Buffer.from(
    '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}' +
      '{\\colortbl;\\red0\\green0\\blue0;}{\\info{\\title Hidden title}{\\author Nobody}}' +
      '{\\*\\generator Fixture 1.0;}\n' +
      body +
      '\n}',
    'latin1',
  );
}
