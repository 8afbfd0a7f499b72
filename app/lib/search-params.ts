/**
 * Search parameters read through a zod schema (issue "Solid ground": parsed, never cast). Each
 * field of the schema names a parameter; an array field takes every value of its parameter,
 * any other field the first. Give every field a `.catch()` so a bad value falls back to its
 * default instead of failing the page.
 */
import { z } from 'zod';
import { DEAL_FILTERS, type DealFilter } from './deals';
import { readWholeNumber } from './parse-form';

/** True when `field` is, under its catch, default, optional and pipe wrappers, an array. */
function isList(field: z.ZodType): boolean {
  let def = field._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
  for (let depth = 0; depth < 10; depth++) {
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) break;
    def = next._zod.def as typeof def;
  }
  return def.type === 'array';
}

/** The parameters of `url` as `schema` reads them. @throws ZodError only for a field without `.catch()`. */
export function parseSearch<Shape extends z.ZodRawShape>(url: URL, schema: z.ZodObject<Shape>): z.infer<z.ZodObject<Shape>> {
  const raw: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const values = url.searchParams.getAll(key);
    raw[key] = isList(field as z.ZodType) ? values : values[0];
  }
  return schema.parse(raw);
}

/** A page number: digits only (`readWholeNumber`), from 1 to 100,000; anything else is page 1 ('2abc', '2.0', '+2'). */
export const pageParam = z.string().transform(readWholeNumber).pipe(z.number().int().min(1).max(100_000)).catch(1);

/** A search text: trimmed, at most 200 characters (default ''). */
export const searchParam = z
  .string()
  .catch('')
  .transform((q) => q.trim().slice(0, 200));

/** One of `values`, or null for none or anything else. */
export const oneOfParam = <T extends string>(values: readonly [T, ...T[]]) => z.enum(values).nullable().catch(null);

/** The values of a repeated parameter that belong to `values`; others are dropped. */
export const listParam = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .array(z.string())
    .catch([])
    .transform((given) => given.filter((v): v is T => (values as readonly string[]).includes(v)));

const dealQuery = z.object({
  type: oneOfParam(DEAL_FILTERS.map((f) => f.value) as [DealFilter, ...DealFilter[]]),
  page: pageParam,
});

/** The filter and page of a deal list URL (`?type=residential&page=2`); anything else falls back ('all', page 1). */
export function parseDealQuery(url: URL): { filter: DealFilter; page: number } {
  const { type, page } = parseSearch(url, dealQuery);
  return { filter: type ?? 'all', page };
}
