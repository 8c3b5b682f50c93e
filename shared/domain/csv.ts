/**
 * CSV export (issue #8: "CSV of the feedback the company has viewed"),
 * RFC 4180 with spreadsheet-formula protection.
 */

/** A cell value; null and undefined become empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV field: text starting with `=`, `+`, `-`, `@`, tab or carriage
 * return gets a leading `'` so spreadsheets never run it as a formula;
 * fields with a comma, quote, CR or LF are quoted, inner quotes doubled.
 * Numbers and booleans are written as is.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A CSV document: the header row then one row per record, fields taken in
 * the order of `columns`, lines ended by CRLF (RFC 4180).
 */
export function toCsv<Row>(
  columns: readonly {
    readonly header: string;
    readonly value: (row: Row) => CsvValue;
  }[],
  rows: readonly Row[],
): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows)
    lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
