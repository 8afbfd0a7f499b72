/**
 * What publishing a site-content section changes, in sentences staff read before they confirm
 * (issue 23 "Trust at first sight": publishing asks for confirmation and shows what changes).
 * Lists of items (programs, people, questions) are compared item by item by id: added,
 * removed, moved, and each changed field with its old and new value; the track record and the
 * pictures field by field.
 */
import { formatCalendarDay, isCalendarDay, percent, usd } from './format';
import type { SiteContentSection } from './site-content';

/** Field names as the editors label them; others are spelled out from their name. */
const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  purposes: 'Purposes',
  minAmount: 'Smallest loan',
  maxAmount: 'Largest loan',
  maxLtv: 'Maximum LTV',
  maxLtc: 'Maximum LTC',
  rateFrom: 'Rate from',
  pointsFrom: 'Points from',
  pointsTo: 'Points to',
  underwritingFee: 'Underwriting fee',
  legalFee: 'Legal or document fee',
  drawFee: 'Draw fee',
  extensionPoints: 'Extension fee (points)',
  defaultRate: 'Default rate',
  prepayment: 'Prepayment terms',
  termMinMonths: 'Shortest term (months)',
  termMaxMonths: 'Longest term (months)',
  propertyTypes: 'Property types',
  states: 'States',
  asOf: 'Terms as of',
  note: 'Note',
  question: 'Question',
  answer: 'Answer',
  title: 'Title',
  bio: 'Bio',
  photoId: 'Photo',
  licence: 'Licence',
};

/** Fields in whole dollars and in percent, shown as such. */
const DOLLARS = new Set(['minAmount', 'maxAmount', 'underwritingFee', 'legalFee', 'drawFee']);
const PERCENTS = new Set(['maxLtv', 'maxLtc', 'rateFrom', 'defaultRate']);

const label = (key: string) => LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/**
 * A value of field `key` in a sentence: dollars and percents formatted, days as dates, text
 * quoted and cut at 80 characters, lists joined, none as 'empty'.
 */
function show(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'number' && DOLLARS.has(key)) return usd(value);
  if (typeof value === 'number' && PERCENTS.has(key)) return percent(value);
  if (typeof value === 'string' && isCalendarDay(value)) return formatCalendarDay(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => show(v)).join(', ') : 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return `‘${value.length > 80 ? `${value.slice(0, 79)}…` : value}’`;
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before`, as 'Rate from: 9 → 8.75'. */
function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== 'id');
  return keys.filter((k) => !same(before[k], after[k])).map((k) => `${label(k)}: ${show(before[k], k)} → ${show(after[k], k)}`);
}

type Item = Record<string, unknown> & { id: string };
const itemName = (item: Item) => String(item.name ?? item.question ?? item.id);

/**
 * The changes from `published` to `draft` of `section`, one sentence each, in the order of the
 * draft ([] when they are the same). Both are the section's content as its schema reads it.
 */
export function describeChanges(section: SiteContentSection, published: unknown, draft: unknown): string[] {
  if (same(published, draft)) return [];
  if (section === 'imagery' || !Array.isArray(published) || !Array.isArray(draft))
    return fieldChanges((published ?? {}) as Record<string, unknown>, (draft ?? {}) as Record<string, unknown>);
  const before = published as Item[];
  const after = draft as Item[];
  const changes: string[] = [];
  for (const item of after) {
    const old = before.find((b) => b.id === item.id);
    if (!old) {
      changes.push(`Added ‘${itemName(item)}’.`);
      continue;
    }
    const fields = fieldChanges(old, item);
    if (fields.length) changes.push(`‘${itemName(old)}’: ${fields.join('; ')}.`);
  }
  for (const item of before) if (!after.some((a) => a.id === item.id)) changes.push(`Removed ‘${itemName(item)}’.`);
  const order = (list: Item[]) => list.filter((x) => before.some((b) => b.id === x.id) && after.some((a) => a.id === x.id));
  if (
    !same(
      order(before).map((x) => x.id),
      order(after).map((x) => x.id),
    )
  )
    changes.push('The order changed.');
  return changes;
}
