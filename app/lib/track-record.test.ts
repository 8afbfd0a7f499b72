/**
 * The public track record's sums (app/lib/track-record.ts): hand-worked examples, then
 * properties over many drawn cases (the sums are exact; the average LTV lies between its parts
 * and is the exact weighted average rounded once, half up, to the tenth).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combineTrackRecord, combinedAverageLtv, NO_PLATFORM_RECORD, type PlatformRecord } from './track-record';
import type { TrackRecord } from './site-content';

const EMPTY: TrackRecord = {
  loansFunded: null,
  totalVolume: null,
  averageLtv: null,
  loansRepaid: null,
  averageYield: null,
  losses: null,
};
const TODAY = '2026-11-26';
const BEFORE = '2025-12-31';

describe('combineTrackRecord', () => {
  it('adds the platform’s loans to staff’s figures (worked by hand)', () => {
    const entered: TrackRecord = {
      loansFunded: { value: 10, asOf: BEFORE },
      totalVolume: { value: 5_000_000, asOf: BEFORE },
      averageLtv: { value: 60, asOf: BEFORE },
      loansRepaid: { value: 8, asOf: BEFORE },
      averageYield: { value: 10.5, asOf: BEFORE },
      losses: { value: 0, asOf: BEFORE },
    };
    // Three loans with an LTV: $1,000,000 at 50.00%, $800,000 at 61.54%, $300,000 at 66.67%;
    // one of $200,000 without. Σ amount × hundredths = 5e9 + 4.9232e9 + 2.0001e9 = 11,923,300,000.
    const platform: PlatformRecord = {
      funded: 4,
      volume: 2_300_000,
      ltvWeighted: '11923300000',
      ltvVolume: 2_100_000,
      repaid: 2,
      today: TODAY,
    };
    // (6000 × 5,000,000 + 11,923,300,000) / ((5,000,000 + 2,100,000) × 10) = 590.47 → 59.0%.
    expect(combineTrackRecord(entered, platform)).toEqual({
      loansFunded: { value: 14, asOf: TODAY },
      totalVolume: { value: 7_300_000, asOf: TODAY },
      averageLtv: { value: 59, asOf: TODAY },
      loansRepaid: { value: 10, asOf: TODAY },
      averageYield: { value: 10.5, asOf: BEFORE },
      losses: { value: 0, asOf: BEFORE },
    });
  });

  it('rounds the average once, half up, to the tenth', () => {
    // Staff: 50% on $1; platform: 50.05% on $1 → 50.025% → 500.25 tenths → 50.0%.
    const staff = { ...EMPTY, averageLtv: { value: 50, asOf: BEFORE }, totalVolume: { value: 1, asOf: BEFORE } };
    const one = (hundredths: number): PlatformRecord => ({
      ...NO_PLATFORM_RECORD(TODAY),
      funded: 1,
      volume: 1,
      ltvVolume: 1,
      ltvWeighted: String(hundredths),
    });
    expect(combinedAverageLtv(staff, one(5005))?.value).toBe(50);
    // 50.10% and 50% → 50.05% → 500.5 tenths → 50.1% (the half goes up).
    expect(combinedAverageLtv(staff, one(5010))?.value).toBe(50.1);
  });

  it('keeps staff’s figures as they are while the platform has no loan', () => {
    const entered: TrackRecord = { ...EMPTY, averageLtv: { value: 58.4, asOf: BEFORE }, losses: { value: 0, asOf: BEFORE } };
    expect(combineTrackRecord(entered, NO_PLATFORM_RECORD(TODAY))).toEqual(entered);
    expect(combineTrackRecord(EMPTY, NO_PLATFORM_RECORD(TODAY))).toEqual(EMPTY);
  });

  it('without a staff volume, staff’s average gives way to the platform’s', () => {
    const entered: TrackRecord = { ...EMPTY, averageLtv: { value: 40, asOf: BEFORE } };
    const platform = { ...NO_PLATFORM_RECORD(TODAY), funded: 1, volume: 100, ltvVolume: 100, ltvWeighted: String(100 * 6000) };
    expect(combinedAverageLtv(entered, platform)).toEqual({ value: 60, asOf: TODAY });
  });

  it('sums exactly and weighs the LTV exactly (drawn cases)', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 0, max: 1_000 }),
          fc.integer({ min: 1, max: 2_000_000_000 }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.integer({ min: 0, max: 50 }),
          fc.integer({ min: 1, max: 500_000_000 }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.integer({ min: 1, max: 500_000_000 }),
          fc.integer({ min: 0, max: 10_000 }),
        ),
        ([count, volume, staffBp, loans, a1, l1, a2, l2]) => {
          const entered: TrackRecord = {
            ...EMPTY,
            loansFunded: { value: count, asOf: BEFORE },
            totalVolume: { value: volume, asOf: BEFORE },
            averageLtv: { value: staffBp / 100, asOf: BEFORE },
          };
          const weighted = BigInt(a1) * BigInt(l1) + BigInt(a2) * BigInt(l2);
          const platform: PlatformRecord = {
            funded: loans + 2,
            volume: a1 + a2,
            ltvWeighted: String(weighted),
            ltvVolume: a1 + a2,
            repaid: loans,
            today: TODAY,
          };
          const r = combineTrackRecord(entered, platform);
          const tenths = BigInt(Math.round(r.averageLtv!.value * 10));
          // The exact average in tenths is N / D; rounded half up: |2·tenths·D − 2N| ≤ D, the half going up.
          const n = BigInt(staffBp) * BigInt(volume) + weighted;
          const d = (BigInt(volume) + BigInt(a1 + a2)) * 10n;
          const diff = 2n * n - 2n * tenths * d;
          const lowest = Math.min(staffBp, l1, l2) / 100;
          const highest = Math.max(staffBp, l1, l2) / 100;
          return (
            r.loansFunded!.value === count + loans + 2 &&
            r.totalVolume!.value === volume + a1 + a2 &&
            r.loansRepaid?.value === (loans > 0 ? loans : undefined) &&
            diff >= -d &&
            diff < d &&
            r.averageLtv!.value >= Math.floor(lowest * 10) / 10 &&
            r.averageLtv!.value <= Math.ceil(highest * 10) / 10
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
