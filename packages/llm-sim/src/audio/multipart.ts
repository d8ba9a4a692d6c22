// Just enough multipart/form-data for the transcription endpoint: named fields and one file each.
// The bodies are small audio uploads read whole (bounded by the caller), so a buffer split will do.

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The parts of a multipart body, or undefined when the content type or framing is not multipart. */
export function parseMultipart(contentType: string | undefined, body: Buffer): FormPart[] | undefined {
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  const token = boundary?.[1] ?? boundary?.[2];
  if (!token) return undefined;
  const delimiter = Buffer.from(`--${token}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return parts;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    const part = parsePart(body.subarray(start + 2, next - 2));
    if (!part) return undefined;
    parts.push(part);
    at = next;
  }
}

function parsePart(raw: Buffer): FormPart | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const headers = raw.subarray(0, split).toString('utf8');
  const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
  const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
  if (name === undefined) return undefined;
  const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
  const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
  return {
    name,
    ...(filename !== undefined ? { filename } : {}),
    ...(contentType ? { contentType } : {}),
    data: raw.subarray(split + 4),
  };
}
