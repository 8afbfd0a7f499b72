/**
 * Fixed-window rate limits for our own routes, counted in the database so several server
 * processes share them (ARCHITECTURE.md). better-auth limits its own endpoints itself.
 */
import { sql } from 'drizzle-orm';
import { db } from './db/client.server';
import { requestCounter } from './db/schema';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
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
