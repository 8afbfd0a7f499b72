/**
 * Deal display and list rules shared by pages (product §2 Our Deals, §9 page sizes;
 * product decisions: stored as numbers, shown formatted).
 */

/** Spec §2 filter buttons: the type text contains the word. */
export const DEAL_FILTERS = [
  { value: 'all', label: 'All Deals', match: null },
  { value: 'residential', label: 'Residential', match: 'Residential' },
  { value: 'commercial', label: 'Commercial', match: 'Commercial' },
  { value: 'mixed-use', label: 'Mixed Use', match: 'Mixed Use' },
] as const;
export type DealFilter = (typeof DEAL_FILTERS)[number]['value'];

/** Spec §9 page sizes. */
export const OUR_DEALS_PAGE_SIZE = 3;
export const INVESTOR_DEALS_PAGE_SIZE = 6;
export const INVESTOR_SUMMARY_SIZE = 3;

/** The URL search of `filter` and `page` ('' for the defaults). */
export function dealQuery(filter: DealFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('type', filter);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Pages to show: the current one ±1 (product §9), within 1..pageCount. */
export function pageWindow(page: number, pageCount: number): number[] {
  const out: number[] = [];
  for (let p = Math.max(1, page - 1); p <= Math.min(pageCount, page + 1); p++) out.push(p);
  return out;
}

/** Public URL of a stored deal image (`deals/…` → `/deal-images/…`). */
export const dealImageUrl = (key: string) => `/deal-images/${key.replace(/^deals\//, '')}`;
