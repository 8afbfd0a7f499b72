/**
 * Authenticator codes are accepted once (RFC 6238 §5.2: "the verifier MUST NOT accept the second
 * attempt of the OTP after the successful validation has been issued for the first OTP"). A code
 * is claimed for its user before better-auth checks it (app/server/auth.server.ts): two requests
 * carrying one code, at once or one after the other, cannot both pass, whichever process serves
 * them. A code better-auth then finds wrong stays claimed too; another user's claims are unaffected,
 * and a wrong guess that happens to be a later right code is a one-in-a-million event.
 */
import { lt, sql } from 'drizzle-orm';
import { db } from './db/client.server';
import { usedTotpCode } from './db/schema';

/**
 * How long a code can be accepted, seconds: better-auth takes the code of the 30 s step before,
 * the current one and the next (its verify window of 1).
 */
export const TOTP_CODE_LIFETIME_SECONDS = 90;

/**
 * Claims `code` for user `userId`; true when no request claimed it in the last 90 s (the claim is
 * then this request's), false when the code was used already and must be refused.
 */
export async function claimTotpCode(userId: string, code: string): Promise<boolean> {
  const claimed = await db()
    .insert(usedTotpCode)
    .values({ userId, code })
    .onConflictDoUpdate({
      target: [usedTotpCode.userId, usedTotpCode.code],
      set: { usedAt: sql`now()` },
      // A row from longer ago than a code lives is a claim that no longer counts.
      setWhere: sql`${usedTotpCode.usedAt} < now() - make_interval(secs => ${TOTP_CODE_LIFETIME_SECONDS})`,
    })
    .returning({ code: usedTotpCode.code });
  return claimed.length > 0;
}

/** Removes the claims older than a code lives (hourly housekeeping); returns how many. */
export async function sweepUsedTotpCodes(now = new Date()): Promise<number> {
  const gone = await db()
    .delete(usedTotpCode)
    .where(lt(usedTotpCode.usedAt, new Date(now.getTime() - TOTP_CODE_LIFETIME_SECONDS * 1000)))
    .returning({ code: usedTotpCode.code });
  return gone.length;
}
