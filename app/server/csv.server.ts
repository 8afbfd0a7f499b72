/**
 * The one way the site writes CSV (issue "Security and scale": audit export): csv-stringify
 * quotes and escapes, with a byte-order mark so spreadsheets read UTF-8, and a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe (OWASP "CSV injection"), as is every part of a cell after a
 * separator a spreadsheet may split on instead of the comma (`;`, `|`, a tab), so `Eve;=2+3`
 * goes out as `Eve;'=2+3` whichever separator opens it.
 */
import { stringify } from 'csv-stringify/sync';

/** Rows a streamed CSV writes per chunk: the event loop is handed back between chunks. */
const STREAM_CHUNK_ROWS = 500;

/** `value` as a spreadsheet shows it, never as a formula it would run, whatever separator it splits on. */
export function safeCell(value: string): string {
  const start = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return start.replace(/([,;|\t])(\s*)(?=[=+\-@])/g, "$1$2'");
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

/**
 * A download of `header` then `rows`, written as a stream of chunks of STREAM_CHUNK_ROWS rows
 * (the same cells as `toCsv`: a byte-order mark, formula-safe), so a long export neither builds
 * one large string nor holds the process while it is written. Named `fileName`, private, never cached.
 */
export function csvStreamResponse(header: readonly string[], rows: Iterable<readonly string[]>, fileName: string): Response {
  const iterator = rows[Symbol.iterator]();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk: (readonly string[])[] = first ? [header] : [];
      for (let i = 0; i < STREAM_CHUNK_ROWS; i++) {
        const next = iterator.next();
        if (next.done) break;
        chunk.push(next.value);
      }
      if (chunk.length === 0) return controller.close();
      controller.enqueue(new TextEncoder().encode(stringify(chunk, { bom: first, cast: { string: safeCell } })));
      first = false;
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
