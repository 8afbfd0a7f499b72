/**
 * Numbered pages of the newest-first admin lists at scale (issue "Admin area": 100,000 users
 * and contacts, every list under 50 ms). Three parts:
 * - `listCounts`: the exact totals the database keeps per list (table list_count, maintained by
 *   triggers), so a plain or filtered list never counts its rows;
 * - `readCountedListPage`: a search's exact count is remembered per list version (any change
 *   to the list moves the version, so a remembered count is never stale), so paging through a
 *   broad search counts it once;
 * - `readNumberedPage`: reads a page from whichever end of the order is nearer, so the last
 *   pages cost what the first ones do.
 */
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { bound, preparedRead } from './prepared.server';
import { listCount } from './schema';

/** The lists whose totals the database keeps (see listCount in schema.ts). */
export type CountedList = 'contact' | 'user';

export interface ListCounts {
  /** Exact row counts by key ('all', a status or a role); a key never counted reads 0. */
  count: (key: string) => number;
  /** Grows with every change that can alter what a search of the list finds. */
  version: number;
}

/** The exact totals of `list` and its version, in one primary-key read. */
export async function listCounts(list: CountedList): Promise<ListCounts> {
  const rows = await countsOf(bound('list', list));
  const byKey = new Map(rows.map((r) => [r.key, Number(r.n)]));
  return { count: (key) => byKey.get(key) ?? 0, version: byKey.get('version') ?? 0 };
}

const countsOf = preparedRead('list_counts', (r, list) =>
  r.select({ key: listCount.key, n: listCount.n }).from(listCount).where(eq(listCount.list, list)),
);

// Counts of searches by list, version and search; a thousand recent searches are plenty.
const searchTotals = new LRUCache<string, number>({ max: 1000 });

/**
 * One page of counted list `list` (see `readNumberedPage` for `requestedPage`, `pageSize`,
 * `count` and `rows`). Without search text `q`, the total is the list count `totalKey`; with
 * one, it is the search's count remembered for the list's version (`filters` completes the
 * search's description), or it is counted and remembered. Returns the page and the list counts.
 */
export async function readCountedListPage<T>(opts: {
  list: CountedList;
  q: string;
  filters: Record<string, unknown>;
  totalKey: string;
  requestedPage: number;
  pageSize: number;
  count: () => Promise<number>;
  rows: (window: PageWindow) => Promise<T[]>;
}): Promise<NumberedPage<T> & { counts: ListCounts }> {
  // The first page does not depend on the total: read at the same time as the counts.
  const firstPage = firstPageRows(opts);
  const counts = await listCounts(opts.list);
  const cacheKey = `${opts.list}:${counts.version}:${JSON.stringify([opts.q, opts.filters])}`;
  const known = opts.q ? searchTotals.get(cacheKey) : counts.count(opts.totalKey);
  const page = await readNumberedPage({ ...opts, total: known, firstPage });
  if (known === undefined) searchTotals.set(cacheKey, page.total);
  return { ...page, counts };
}

/** The page number asked for, at least 1 (what is not a number asks for the first). */
export function pageAsked(requestedPage: number): number {
  return Math.max(1, Math.floor(requestedPage) || 1);
}

/**
 * When the first page is asked for, its rows (the newest `pageSize`) read now, before the total
 * is known, so a loader waits for the count and the rows together (issue 26: one database wait
 * fewer); else undefined. A failure is kept for the caller that awaits it, never unhandled.
 */
export function firstPageRows<T>(opts: {
  requestedPage: number;
  pageSize: number;
  rows: (window: PageWindow) => Promise<T[]>;
}): Promise<T[]> | undefined {
  if (pageAsked(opts.requestedPage) !== 1) return undefined;
  // A query builder runs each time it is awaited: made a promise once, it runs once.
  const rows = Promise.resolve(opts.rows({ offset: 0, limit: opts.pageSize, newestFirst: true }));
  rows.catch(() => undefined);
  return rows;
}

/** Which rows of a newest-first list to read: skip `offset`, take `limit`, in this order. */
export interface PageWindow {
  offset: number;
  limit: number;
  /** False: the offset counts from the oldest row and rows come oldest first. */
  newestFirst: boolean;
}

export interface NumberedPage<T> {
  rows: T[];
  total: number;
  /** The page shown: the one asked for, or the last page when that is past the end. */
  page: number;
  pageCount: number;
}

/**
 * One page of a newest-first list of `pageSize` rows, read from the nearer end of the order:
 * `rows` gets the window, and rows read oldest first are returned newest first. Without a known
 * `total`, `count` gives it first (a late page read from the newest end would cost more than
 * the count). A page past the end gives the last page; page numbers below 1 give the first.
 */
export async function readNumberedPage<T>(opts: {
  requestedPage: number;
  pageSize: number;
  total: number | undefined;
  count: () => Promise<number>;
  rows: (window: PageWindow) => Promise<T[]>;
  /** The first page's rows, already asked for (`firstPageRows`). */
  firstPage?: Promise<T[]>;
}): Promise<NumberedPage<T>> {
  const { pageSize } = opts;
  const requested = pageAsked(opts.requestedPage);
  const firstPage = opts.firstPage ?? (opts.total === undefined ? firstPageRows(opts) : undefined);
  const total = opts.total ?? (await opts.count());
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  const offset = (page - 1) * pageSize;
  const limit = Math.max(0, Math.min(pageSize, total - offset));
  if (limit === 0) return { rows: [], total, page, pageCount };
  // The newest `pageSize` rows: the first page, whatever the total.
  if (page === 1 && firstPage) return { rows: (await firstPage).slice(0, limit), total, page, pageCount };
  const fromOldest = total - offset - limit;
  if (fromOldest >= offset) return { rows: await opts.rows({ offset, limit, newestFirst: true }), total, page, pageCount };
  const rows = await opts.rows({ offset: fromOldest, limit, newestFirst: false });
  return { rows: rows.reverse(), total, page, pageCount };
}
