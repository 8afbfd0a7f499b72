/**
 * What the benchmarks' seed scripts share (bench/servicing-seed.ts, bench/returns-seed.ts): a
 * deterministic random generator, so every run seeds the same data, and the bulk insert that
 * writes hundreds of thousands of rows fast (one statement per `batch` rows through
 * json_populate_recordset, so the table's triggers and constraints run as for any insert).
 */
import type pg from 'pg';

/** A small deterministic generator (mulberry32): numbers in [0, 1) from `seed`. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Row = Record<string, unknown>;

/** Inserts `rows` into `table` (the keys of the first row, which every row must carry), `batch` rows a statement. */
export async function insertRows(client: pg.Client, table: string, rows: Row[], batch = 5_000) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).map((c) => `"${c}"`);
  for (let i = 0; i < rows.length; i += batch) {
    await client.query(
      `insert into "${table}" (${columns.join(', ')}) select ${columns.join(', ')} from json_populate_recordset(null::"${table}", $1::json)`,
      [JSON.stringify(rows.slice(i, i + batch))],
    );
  }
}
