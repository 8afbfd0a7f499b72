/**
 * The servicing list's browser-and-server pieces: its URL parameters fall back instead of failing
 * the page, and the CSV's money (`decimalDollars`) is the ledger's cents exactly, read back by
 * money.ts `readCents` to the same cents for any amount.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalDollars } from '../format';
import { readCents } from '../money';
import { parseSearch } from '../search-params';
import { servicingQuery } from './portfolio';

const read = (query: string) => parseSearch(new URL(`http://x.invalid/admin-dashboard/servicing${query}`), servicingQuery);

describe('the servicing list URL', () => {
  it('reads the search, filter, bucket and page', () => {
    expect(read('?q=%20Reno%20&filter=delinquent&bucket=30-59&page=3')).toEqual({
      q: 'Reno',
      filter: 'delinquent',
      bucket: '30-59',
      page: 3,
    });
  });
  it('falls back on anything else', () => {
    expect(read('?filter=all&bucket=30&page=-1')).toEqual({ q: '', filter: null, bucket: null, page: 1 });
    expect(read('')).toEqual({ q: '', filter: null, bucket: null, page: 1 });
  });
});

describe('decimalDollars', () => {
  it('writes cents as a plain decimal', () => {
    expect(decimalDollars(0)).toBe('0.00');
    expect(decimalDollars(5)).toBe('0.05');
    expect(decimalDollars(-5)).toBe('-0.05');
    expect(decimalDollars(208_333)).toBe('2083.33');
    expect(decimalDollars(1_000_000_000_000)).toBe('10000000000.00');
  });
  it('is read back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (cents) => {
        expect(readCents(decimalDollars(cents))).toBe(cents);
      }),
    );
  });
});
