/**
 * The one module that turns values into text for pages and e-mails (issue "Solid ground": dates
 * and money in one place). Times are shown in the lender's time zone (TIME_ZONE, by default
 * America/Los_Angeles), set once on the server at start-up and in the browser from the root
 * loader before anything renders, so the server's render and the browser's hydration print the
 * same text whatever zone the reader's computer is in.
 */

let timeZone = 'America/Los_Angeles';
const formats = new Map<string, Intl.DateTimeFormat>();

/** Sets the zone every date is shown in (an IANA name such as 'America/Los_Angeles'). */
export function setLenderTimeZone(zone: string): void {
  if (zone === timeZone) return;
  timeZone = zone;
  formats.clear();
}

function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

/**
 * A value made on first use. Building an Intl formatter takes milliseconds; made at import, they
 * would all be paid in the browser's first, blocking evaluation of the page's modules.
 */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** 'Nov 23, 2026'. */
export function formatDate(value: Date | string): string {
  return format('date', { month: 'short', day: 'numeric', year: 'numeric' }).format(asDate(value));
}

/** 'Nov 23, 2026, 5:13 AM PST': a moment, with the zone it is given in. */
export function formatDateTime(value: Date | string): string {
  return format('date-time', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(asDate(value));
}

/** 'Nov 23, 5:13 AM': a recent moment in a list (notifications, the mail log). */
export function formatShortDateTime(value: Date | string): string {
  return format('short-date-time', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(asDate(value));
}

/** 'November 2026'. */
export function formatMonthYear(value: Date | string): string {
  return format('month-year', { month: 'long', year: 'numeric' }).format(asDate(value));
}

// Calendar days are days, not moments: formatted in UTC, whatever the lender's zone. One
// formatter each, made once (an export formats thousands of days).
const dayFormat = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }));
const calendarDayFormat = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
);

/** 'Nov 23' of a calendar day given as 'YYYY-MM-DD' (a day, not a moment: no zone applies). */
export function formatDay(isoDay: string): string {
  return dayFormat().format(new Date(`${isoDay}T00:00:00Z`));
}

/** 'Dec 15, 2026' of a calendar day given as 'YYYY-MM-DD' (a closing or expiry date). */
export function formatCalendarDay(isoDay: string): string {
  return calendarDayFormat().format(new Date(`${isoDay}T00:00:00Z`));
}

const calendarMonthFormat = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }));

/** 'Nov 2026' of a calendar month given as 'YYYY-MM' (a month of days, not a moment: no zone applies). */
export function formatCalendarMonth(isoMonth: string): string {
  return calendarMonthFormat().format(new Date(`${isoMonth}-01T00:00:00Z`));
}

/**
 * True when `value` is a real calendar day written 'YYYY-MM-DD' (years 0001 to 9999), as a
 * `date` column stores it. `Date.parse` is not enough: it reads '2026-02-30' as 2 March, which
 * the database refuses. Every day field and parameter is checked with it.
 */
export function isCalendarDay(value: string): boolean {
  // Arithmetic, not a Date: the ledger checks every entry's day (issue 26: it showed in the
  // servicing view's CPU profile). Proved equal to the Date round trip in format.test.ts.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** The calendar day 'YYYY-MM-DD' that `value` (default now) falls on in the lender's zone. */
export function lenderDay(value: Date = new Date()): string {
  const parts = format('iso-day', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(value);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dollars = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const counts = once(() => new Intl.NumberFormat('en-US'));

/** Whole US dollars: 2500000 → '$2,500,000'. */
export const usd = (amount: number) => dollars().format(amount);
/**
 * Whole dollars as typed in a money field, grouped while typing: '1250000' → '1,250,000',
 * '$ 1,25' → '125'; digits only are kept, leading zeros dropped; '' for none.
 */
export function typedDollars(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
/** A count with thousands separators: 12500 → '12,500'. */
export const count = (n: number) => counts().format(n);
/**
 * A numeric percent, rounded half up to at most two decimals: 65 → '65%', 10.25 → '10.25%',
 * 1.005 → '1.01%' (`toFixed` would give '1.00': 1.005 is 1.00499… in binary). The one percent
 * formatter: every percentage on pages, e-mails and PDFs goes through it, and a share of a whole
 * through `shareTenths` first (issue 23: "percentages round the same way everywhere").
 */
export function percent(value: number): string {
  // Shifting the decimal point in the number's own text keeps its decimal digits exact.
  const shifted = /e/i.test(String(value)) ? value * 100 : Number(`${value}e2`);
  const hundredths = Math.sign(shifted) * Math.round(Math.abs(shifted));
  return `${Number(`${hundredths}e-2`) || 0}%`;
}

/**
 * The share `part` is of `whole` (both integers: whole dollars, counts), in tenths of a percent,
 * rounded once, half up: 1 of 3 → 333 (33.3%), 1 of 8 → 125 (12.5%), 1 of 16 → 63 (6.3%). Exact
 * integer arithmetic; 0 when `whole` is not positive. The deal page, the deal cards and the
 * admin's demand pages all show a raise's progress with it, so they agree to the tenth.
 */
export function shareTenths(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  const p = BigInt(Math.trunc(part));
  const w = BigInt(Math.trunc(whole));
  return Number((2000n * p + w) / (2n * w));
}

/** `shareTenths` as text: 1 of 8 → '12.5%', 1 of 2 → '50%'. */
export const sharePercent = (part: number, whole: number) => percent(shareTenths(part, whole) / 10);

const cents2 = (n: bigint) => String(n).padStart(2, '0');
/**
 * Integer cents as dollars and cents, exactly (no floating point): 208333 → '$2,083.33',
 * -5 → '-$0.05' (an ASCII hyphen: the PDFs' standard fonts have no minus sign). Exact for any
 * safe integer. Every computed amount in cents (term sheets, projections) is shown with it.
 */
export function usdCents(cents: number): string {
  const c = BigInt(Math.trunc(cents));
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${counts().format(abs / 100n)}.${cents2(abs % 100n)}`;
}
/**
 * Integer cents as a plain decimal for a spreadsheet (CSV exports), exactly: 208333 → '2083.33',
 * -5 → '-0.05'; no symbol, no thousands separator.
 */
export function decimalDollars(cents: number): string {
  const c = BigInt(Math.trunc(cents));
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${cents2(abs % 100n)}`;
}
/** A term in months: 12 → '12 months'. */
export const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
/** Acres, or null for none: 2.4 → '2.4 acres'. */
export const acres = (n: number | null) => (n === null ? null : `${Number(n.toFixed(2))} acres`);

/** `tel:` URI of a US display phone number such as '(775) 555-0142' → 'tel:+17755550142'. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`;
}
