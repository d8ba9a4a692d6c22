import type { ExportFormat } from '@parley/schema';

/**
 * The file name the server chose (RFC 6266: `filename*` first, then `filename`), or a name built
 * from the title when the header is missing.
 */
export function fileNameFromDisposition(
  header: string | null,
  fallbackTitle: string,
  format: ExportFormat,
): string {
  if (header) {
    const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
    if (star?.[1]) {
      try {
        return decodeURIComponent(star[1]);
      } catch {
        // A malformed escape: fall through to the plain name.
      }
    }
    const plain = /filename="([^"]+)"/i.exec(header);
    if (plain?.[1]) return plain[1];
  }
  const base =
    [...fallbackTitle]
      .map((ch) => (ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
      .join('')
      .replace(/_+/g, '_')
      .trim() || 'conversation';
  return `${base}.${format}`;
}
