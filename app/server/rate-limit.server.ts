/**
 * Fixed-window rate limits for our own routes, counted in the database so several server
 * processes share them (docs/architecture.md). better-auth limits its own endpoints itself.
 */
import { sql } from 'drizzle-orm';
import { db } from './db/client.server';
import { requestCounter } from './db/schema';
import { Refused } from './errors.server';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Per-user limits of actions that notify the lender by e-mail (issue "Solid ground" 24): count per window, seconds. */
export const USER_LIMITS = {
  interest: { max: 20, windowSeconds: 60 },
  upload: { max: 30, windowSeconds: 600 },
  /** A borrower's loan messages and term sheet answers (issue "The loan file"). */
  message: { max: 20, windowSeconds: 600 },
  /** An investor's amounts, suitability statements and data room acknowledgements (issue "Investing"). */
  amount: { max: 30, windowSeconds: 600 },
  /** Passwords or codes typed to confirm a sensitive action (issue "Security and scale"). */
  confirm: { max: 10, windowSeconds: 600 },
} as const;

/**
 * Counts one `action` of `userId` against its USER_LIMITS.
 * @throws Refused(429) with the seconds to wait once the limit is passed.
 */
export async function limitUserAction(action: keyof typeof USER_LIMITS, userId: string): Promise<void> {
  const { max, windowSeconds } = USER_LIMITS[action];
  const result = await hitRateLimit(`${action}:${userId}`, max, windowSeconds);
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfter / 60);
    throw new Refused(
      'rate-limited',
      `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'Too many requests',
      result.retryAfter,
    );
  }
}

/**
 * Counts one request for `key` in a window of `windowSeconds`; allowed while the count is at
 * most `max`. One atomic upsert, so concurrent requests are counted exactly.
 */
export async function hitRateLimit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await db()
    .insert(requestCounter)
    .values({ key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: requestCounter.key,
      set: {
        count: sql`case when ${requestCounter.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${requestCounter.count} + 1 end`,
        windowStart: sql`case when ${requestCounter.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${requestCounter.windowStart} end`,
      },
    })
    .returning({
      count: requestCounter.count,
      elapsed: sql<number>`extract(epoch from now() - ${requestCounter.windowStart})::float8`,
    });
  const count = row?.count ?? 1;
  const retryAfter = Math.max(1, Math.ceil(windowSeconds - Number(row?.elapsed ?? 0)));
  return { allowed: count <= max, retryAfter };
}
