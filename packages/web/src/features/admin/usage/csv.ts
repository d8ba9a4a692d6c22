/** Characters a spreadsheet reads as the start of a formula (or that hide one after them). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a cell a spreadsheet would run as a formula gets a leading apostrophe (the
 * spreadsheet then shows it as text), and cells with separators, quotes or line breaks are quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r\t]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document (RFC 4180 line ends) of a header and rows. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
