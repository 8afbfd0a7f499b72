/**
 * Property tests without a dependency: `forAll` draws `runs` cases from a seeded generator
 * (mulberry32, so a failure names its seed and case and replays) and fails with the first case
 * that breaks the property. A stand-in with fast-check's shape (`forAll(arbitrary, predicate)`)
 * until fast-check is a dev dependency; the arbitraries below are the few the money tests need.
 */
import { expect } from 'vitest';

export type Random = () => number;
export type Arbitrary<T> = (random: Random) => T;

/** A seeded generator of floats in [0, 1). */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from `min` to `max` inclusive, its edges drawn more often than their share. */
export const integer =
  (min: number, max: number): Arbitrary<number> =>
  (random) => {
    const r = random();
    if (r < 0.05) return min;
    if (r < 0.1) return max;
    return min + Math.floor(random() * (max - min + 1));
  };

/** A tuple of arbitraries. */
export const tuple =
  <T extends unknown[]>(...parts: { [K in keyof T]: Arbitrary<T[K]> }): Arbitrary<T> =>
  (random) =>
    parts.map((part) => part(random)) as T;

/** Checks `property` on `runs` cases of `arbitrary`; a false or a throw fails with the case. */
export function forAll<T>(arbitrary: Arbitrary<T>, property: (value: T) => boolean | void, { runs = 2000, seed = 23 } = {}) {
  const random = seeded(seed);
  for (let i = 0; i < runs; i++) {
    const value = arbitrary(random);
    let ok: boolean | void;
    try {
      ok = property(value);
    } catch (error) {
      throw new Error(`property failed (seed ${seed}, case ${i}) on ${JSON.stringify(value)}: ${String(error)}`);
    }
    expect(ok, `property failed (seed ${seed}, case ${i}) on ${JSON.stringify(value)}`).not.toBe(false);
  }
}
