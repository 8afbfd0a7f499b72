/**
 * The public track record (issue 23 "Trust at first sight"): the figures staff enter for the
 * years before the platform (Site content, `TrackRecord`) added to what the platform's own loan
 * files give (`PlatformRecord`, read by app/server/domain/content/track-record.server.ts). Pure,
 * exact integer arithmetic (BigInt where products grow past 2^53).
 *
 * Units: counts of loans, whole dollars, LTV in percent, days 'YYYY-MM-DD' in the lender's zone.
 *
 * - Loans funded, total volume and loans repaid are sums: staff's figure plus the platform's.
 * - Average LTV is weighted by amount: staff's average counts with staff's total volume as its
 *   weight, each platform loan with its own amount. **Rounded once**: the weighted average, to
 *   the tenth of a percent, half up. Staff's average is read to the hundredth of a percent (its
 *   form takes two decimals); without a staff volume to weigh it by, staff's average is shown
 *   only while the platform has no loan of its own.
 * - Average yield and losses are staff's only (the platform records neither); losses of 0 are
 *   a figure ('None'), shown as such.
 * - A sum's 'as of' date is the day the platform's figures were read (`today`) once the
 *   platform contributes to it, staff's date otherwise.
 */
import type { TrackRecord } from './site-content';

/** What the platform's loan files give, read on `today`. */
export interface PlatformRecord {
  /** Loans that reached 'funded' (funded or paid off). */
  funded: number;
  /** Their amounts, whole dollars: the accepted term sheet's amount, else the loan amount. */
  volume: number;
  /** Σ amount × LTV in hundredths of a percent, over the funded loans with an LTV (a decimal string: it passes 2^53). */
  ltvWeighted: string;
  /** The amounts of those loans, whole dollars (the weights of `ltvWeighted`). */
  ltvVolume: number;
  /** Loans paid off. */
  repaid: number;
  /** The lender's day the figures were read, 'YYYY-MM-DD'. */
  today: string;
}

/** A platform with no loan of its own (a fresh site). */
export const NO_PLATFORM_RECORD = (today: string): PlatformRecord => ({
  funded: 0,
  volume: 0,
  ltvWeighted: '0',
  ltvVolume: 0,
  repaid: 0,
  today,
});

/** `n / d` rounded half up, both non-negative, `d` positive. */
const divideHalfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** A staff figure plus the platform's count or dollars, with its date (see the module's note). */
function sum(entered: { value: number; asOf: string } | null, platform: number, today: string) {
  if (platform <= 0) return entered;
  return { value: (entered?.value ?? 0) + platform, asOf: today };
}

/**
 * The weighted average LTV, percent to the tenth, of staff's `averageLtv` (weight: staff's total
 * volume) and the platform's loans; null when neither gives one.
 */
export function combinedAverageLtv(entered: TrackRecord, platform: PlatformRecord): { value: number; asOf: string } | null {
  const staff = entered.averageLtv;
  const staffWeight = staff && entered.totalVolume ? BigInt(entered.totalVolume.value) : 0n;
  const platformWeight = BigInt(platform.ltvVolume);
  if (platformWeight === 0n) return staff ? { value: staff.value, asOf: staff.asOf } : null;
  const staffHundredths = staff ? BigInt(Math.round(staff.value * 100)) : 0n;
  const weighted = staffHundredths * staffWeight + BigInt(platform.ltvWeighted);
  // Hundredths of a percent × dollars over dollars × 10 → tenths of a percent.
  const tenths = divideHalfUp(weighted, (staffWeight + platformWeight) * 10n);
  return { value: Number(tenths) / 10, asOf: platform.today };
}

/** The track record visitors see: staff's figures with the platform's added (see the module's note). */
export function combineTrackRecord(entered: TrackRecord, platform: PlatformRecord): TrackRecord {
  return {
    loansFunded: sum(entered.loansFunded, platform.funded, platform.today),
    totalVolume: sum(entered.totalVolume, platform.volume, platform.today),
    averageLtv: combinedAverageLtv(entered, platform),
    loansRepaid: sum(entered.loansRepaid, platform.repaid, platform.today),
    averageYield: entered.averageYield,
    losses: entered.losses,
  };
}
