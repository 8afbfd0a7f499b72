/**
 * Small query helpers shared by the domain modules: id checks before a uuid column is compared
 * (a malformed id is simply "not found", never a database error), LIKE / ILIKE patterns, and
 * an outer row's column named for a correlated subquery.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is a well-formed uuid. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A LIKE or ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/**
 * Column `c` written with its table's name (`"deal"."id"`) in any query. drizzle writes a
 * one-table select's columns bare (`"id"`), and inside a correlated subquery in an `sql` template
 * a bare name means the subquery's own table's column when it has one of that name: `where
 * ${dealInterest.dealId} = ${deal.id}` compared each follow with itself. Name the outer row's
 * columns with this in such a subquery.
 */
export function qualified(c: Column): SQL {
  return sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;
}
