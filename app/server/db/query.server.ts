/**
 * Small query helpers shared by the domain modules: id checks before a uuid column is compared
 * (a malformed id is simply "not found", never a database error) and LIKE / ILIKE patterns.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is a well-formed uuid. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A LIKE or ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
