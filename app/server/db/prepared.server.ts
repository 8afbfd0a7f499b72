/**
 * Reads built once (issue 26, decision 0010 "Fourth pass"). drizzle builds a query's SQL anew each
 * time it runs, and that costs more CPU than sending it and reading its answer: of a select's
 * 370 µs of the site's CPU, 250 µs went to building it (a one-table select of twelve columns,
 * measured in one process on this project's 2-vCPU machine). A read the signed-in pages send on
 * every request is written here once, with `sql.placeholder`s for what changes, and prepared once
 * per database handle and shape as a named statement: drizzle keeps its SQL text and how to read
 * its rows, node-postgres sends only Bind and Execute once a connection has parsed it, and
 * PostgreSQL plans it once per connection instead of once per request.
 *
 * What a read is keyed by is a `Bound`: SQL holding placeholders, with their values and a `shape`
 * naming its text (a loan named by its id, by a borrower's reference, by staff's reference...).
 * Each shape is its own statement. In a transaction the read is built and run there, unprepared
 * (a transaction lives for one change, and its reads must see its own writes).
 */
import { createHash } from 'node:crypto';
import { Column, is, SQL, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { db, type Reader } from './client.server';

/** SQL, or one placeholder: what a prepared read is built with. */
export type BoundSql = SQL | Placeholder;

/** SQL with `sql.placeholder`s, their `values`, and a `shape` naming its text among a read's shapes. */
export interface Bound {
  sql: BoundSql;
  shape: string;
  values: Record<string, unknown>;
}

/**
 * Value `value` as the placeholder `name` (its own shape, `name`), with the `others` placeholders'
 * values the read's SQL names itself (`sql.placeholder('limit')`…).
 */
export function bound(name: string, value: unknown, others: Record<string, unknown> = {}): Bound {
  return { sql: sql.placeholder(name), shape: name, values: { ...others, [name]: value } };
}

/** The argument of a read that takes none (its SQL is empty, its one shape ''). */
export const noArgument: Bound = { sql: sql``, shape: '', values: {} };

/** A drizzle query that can be prepared under a name or run once with its placeholders' values. */
interface Preparable<T> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
  execute(values?: Record<string, unknown>): Promise<T>;
  toSQL(): { sql: string };
}

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };
/** By database handle (tests and start-up swap it), then by read name and shape. */
const preparedBy = new WeakMap<Reader, Map<string, Prepared>>();

/**
 * A read named `name` (unique in the process), built by `build` from the reader and the SQL of
 * its argument. Returns the function that runs it for a `Bound` argument (`noArgument` when the
 * read takes none): on the process database (the default) prepared once per argument shape and
 * reused; in a transaction `reader`, built and run there. Resolves to what the query resolves to
 * (drizzle's rows).
 */
export function preparedRead<T>(
  name: string,
  build: (reader: Reader, arg: BoundSql) => Preparable<T>,
): (arg?: Bound, reader?: Reader) => Promise<T> {
  return (arg = noArgument, reader = db()) => {
    if (reader !== db()) return build(reader, arg.sql).execute(arg.values);
    let reads = preparedBy.get(reader);
    if (!reads) preparedBy.set(reader, (reads = new Map()));
    const key = `${name}/${arg.shape}`;
    let read = reads.get(key);
    if (!read) {
      const query = build(reader, arg.sql);
      // PostgreSQL keeps a statement by name per connection, and a name stands for one text: the
      // text's digest in the name keeps two shapes (or two builds) from ever sharing one.
      const digest = createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 12);
      read = query.prepare(`${name}_${digest}`);
      reads.set(key, read);
    }
    return read.execute(arg.values) as Promise<T>;
  };
}

/** A select one part of a `preparedParts` read runs: drizzle's select of columns and SQL, as its builder gives it. */
interface PartQuery<T> extends SQLWrapper, PromiseLike<T> {
  _: { selectedFields: Record<string, unknown> };
}

/** Postgres types that JSON carries as node-postgres reads them; the rest travel as their text. */
const NATIVE_IN_JSON = /^(integer|smallint|serial|smallserial|boolean|real|double precision|json|jsonb)$/;

/** How a part's field travels in the JSON (as its text or as JSON gives it) and is read back. */
interface PartField {
  key: string;
  asText: boolean;
  read(value: unknown): unknown;
}

/** A part's selected field as it travels and is read back. @throws Error for a table or anything but a column or SQL. */
function partField(read: string, part: string, key: string, field: unknown): PartField {
  if (is(field, Column))
    return { key, asText: !NATIVE_IN_JSON.test(field.getSQLType()), read: (v) => field.mapFromDriverValue(v) };
  // drizzle keeps an expression's `.mapWith` as its decoder (identity when none was given).
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : null;
  if (!expression) throw new Error(`Part "${part}" of read "${read}" selects "${key}", which is neither a column nor SQL.`);
  const { decoder } = expression as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
  return { key, asText: false, read: (v) => decoder.mapFromDriverValue(v) };
}

/** What a part's builder may give: a drizzle select, or a whole statement written as SQL. */
type PartBuilder = (reader: Reader, arg: BoundSql) => PartQuery<unknown> | SQL;

/** A part's rows: a select's own rows, or an SQL part's rows (`sql<Row>`) as JSON gives them. */
type PartRows<Q> = Q extends SQL<infer Row> ? Row[] : Awaited<Q>;

/**
 * A read of several selects in one statement (issue 26, decision 0010 "Fifth pass"). Each part is
 * a drizzle select (flat fields: columns and SQL expressions), built by its builder from the
 * reader and the argument's SQL as `preparedRead` builds one, or a statement written as SQL
 * (`sql<Row>\`select …\``, common table expressions allowed; decision 0010 "Seventh pass"). The
 * statement returns one row with a JSON column per part: the part's rows (`json_agg` over the
 * part's own select, in its order).
 * - A column of a type node-postgres reads as a number, a boolean or JSON travels as itself;
 *   every other (numeric, bigint, timestamps, days, text) as its text; each is read back with the
 *   column's own mapping (`mapFromDriverValue`): what the part's own select gives, same values,
 *   same types (tests/integration/prepared-reads.test.ts compares them).
 * - An SQL expression travels as JSON gives it (numbers, booleans, arrays, strings) and is read
 *   back by its `.mapWith`, if any: one of type bigint, numeric or a time gives a number or an
 *   ISO string where node-postgres gives a string, so map it (`.mapWith(Number)`) or cast it.
 * - An SQL part's rows are objects keyed by its columns' names, each value as JSON gives it:
 *   cast what must stay exact or as written (cents, numeric, days, times) to text in its SQL.
 * Resolves to `{ part: rows }`. Prepared once per shape like any `preparedRead`; in a
 * transaction, run there. Every part costs the database a subquery and the site one statement.
 * @throws Error when a part selects a whole table or anything but columns and SQL (a programming
 *   error, at the first call).
 */
export function preparedParts<P extends Record<string, PartBuilder>>(
  name: string,
  parts: P,
): (arg?: Bound, reader?: Reader) => Promise<{ [K in keyof P]: PartRows<ReturnType<P[K]>> }> {
  const read = preparedRead(name, (r, arg) => {
    const columns: Record<string, SQL.Aliased> = {};
    for (const [part, build] of Object.entries(parts)) {
      const query = build(r, arg);
      if (is(query, SQL)) {
        columns[part] = sql<unknown[]>`(select coalesce(json_agg(q), '[]'::json) from (${query}) as q)`.as(part);
        continue;
      }
      const fields = Object.entries(query._.selectedFields).map(([key, field]) => partField(name, part, key, field));
      const names = fields.map((_, i) => sql.identifier(`c${i}`));
      const values = fields.map(({ asText }, i) => (asText ? sql`q.${names[i]}::text as ${names[i]}` : sql`q.${names[i]}`));
      columns[part] = sql<
        Record<string, unknown>[]
      >`(select coalesce(json_agg(p), '[]'::json) from (select ${sql.join(values, sql`, `)} from (${query}) as q(${sql.join(names, sql`, `)})) as p)`
        .mapWith((rows: Record<string, unknown>[]) =>
          rows.map((row) => {
            const out: Record<string, unknown> = {};
            fields.forEach(({ key, read: readBack }, i) => {
              const value = row[`c${i}`];
              out[key] = value === null || value === undefined ? null : readBack(value);
            });
            return out;
          }),
        )
        .as(part);
    }
    return r.select(columns).from(sql`(select) as parts`);
  });
  return async (arg, reader) => {
    const [row] = await read(arg, reader);
    return row as never;
  };
}
