/**
 * A Content-Disposition value for a download named after a conversation title: an ASCII
 * fallback with anything outside letters, digits, space, dot, dash and underscore replaced, plus
 * the full title in RFC 5987 form for clients that read it. No quotes, slashes or line breaks can
 * reach the header.
 */
export function attachmentDisposition(title: string, extension: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w .-]+/g, '_')
      .replace(/^[\s._-]+|[\s._-]+$/g, '')
      .slice(0, 100) || 'conversation';
  const full =
    [...title]
      .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' || ch === '/' || ch === '\\' ? '_' : ch))
      .join('')
      .trim()
      .slice(0, 150) || 'conversation';
  return `attachment; filename="${base}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${full}.${extension}`)}`;
}
