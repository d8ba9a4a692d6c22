/** Longest stored file name, in characters (the extension is kept when shortening). */
export const MAX_FILENAME_LENGTH = 255;

/**
 * A user-supplied file name made safe to store and show: percent-decoding undone (the browser
 * encodes it), any directory part dropped, control characters removed, and shortened to 255
 * characters keeping the extension. It is metadata only and never reaches a path.
 */
export function cleanFileName(raw: string | undefined): string {
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: keep it as it is.
  }
  name = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') name = 'file';
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return chars.slice(0, MAX_FILENAME_LENGTH - [...ext].length).join('') + ext;
}
