/**
 * The one way the site writes CSV (issue "Security and scale": audit export): csv-stringify
 * quotes and escapes, with a byte-order mark so spreadsheets read UTF-8, and a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe (OWASP "CSV injection").
 */
import { stringify } from 'csv-stringify/sync';

/** `value` as a spreadsheet shows it, never as a formula it would run. */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV text of `header` then `rows` (strings; numbers and dates as the caller formats them). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([header, ...rows], { bom: true, cast: { string: safeCell } });
}

/** A download of `csv` named `fileName`, private and never cached. */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
