/**
 * 'Where you're signed in' (issue "Security and scale"): a user's sessions with the device
 * (read from the user agent by bowser), the client address, when each began and was last
 * active, and ending one of them. Every query has the owner in its `where`, so someone else's
 * session is not found (404).
 */
import Bowser from 'bowser';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { session } from '../../db/schema';
import { NotFound } from '../../errors.server';
import type { SignedInSession } from '~/lib/sessions';

/** A short name of the browser and system in `userAgent`. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** The unexpired sessions of `userId`, this one (`currentSessionId`) first, then the most recent. */
export async function listSessions(userId: string, currentSessionId: string): Promise<SignedInSession[]> {
  const rows = await db()
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(sql`${session.id} = ${currentSessionId}`), desc(session.updatedAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    device: deviceName(r.userAgent),
    clientIp: r.ipAddress,
    startedAt: r.createdAt,
    lastActiveAt: r.updatedAt,
    current: r.id === currentSessionId,
  }));
}

/**
 * Ends the session `sessionId` of `userId`: that browser is signed out at its next request.
 * @throws NotFound when `userId` has no such session.
 */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  const ended = await db()
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (ended.length === 0) throw new NotFound('That session has ended already.');
}

/**
 * Ends sessions of `userId`: all of them, or only those that began before `startedBefore` (to
 * keep the one a change has just issued), and never the session `except` (an id).
 */
export async function endSessions(userId: string, options: { startedBefore?: Date; except?: string } = {}): Promise<void> {
  await db()
    .delete(session)
    .where(
      and(
        eq(session.userId, userId),
        options.startedBefore ? lt(session.createdAt, options.startedBefore) : undefined,
        options.except ? ne(session.id, options.except) : undefined,
      ),
    );
}

/**
 * Records that the user of session `sessionId` proved who they are again just now (password or
 * code), for the sensitive actions that ask for it every 10 minutes.
 */
export async function markSessionConfirmed(sessionId: string): Promise<void> {
  await db()
    .update(session)
    .set({ confirmedAt: sql`now()` })
    .where(eq(session.id, sessionId));
}

/** How long a proof of identity counts for sensitive actions, in minutes (step-up.server.ts). */
export const CONFIRMATION_MINUTES = 10;

/** When the user of session `sessionId` last proved who they are (sign-in or later), or null if it has ended. */
export async function sessionConfirmedAt(sessionId: string): Promise<Date | null> {
  const [row] = await db()
    .select({ at: sql<Date>`coalesce(${session.confirmedAt}, ${session.createdAt})`.mapWith(session.createdAt) })
    .from(session)
    .where(eq(session.id, sessionId));
  return row?.at ?? null;
}

/**
 * True when the user of session `sessionId` proved who they are (the sign-in, or a later password
 * or code) within the last CONFIRMATION_MINUTES; false otherwise or when the session has ended.
 * The one rule of the step-up (step-up.server.ts), also applied at better-auth's hook (auth.server.ts).
 */
export async function sessionRecentlyConfirmed(sessionId: string): Promise<boolean> {
  const at = await sessionConfirmedAt(sessionId);
  return at !== null && confirmedRecently(at);
}

/** True when a proof of identity made at `at` still counts: within the last CONFIRMATION_MINUTES. */
export function confirmedRecently(at: Date): boolean {
  return Date.now() - at.getTime() <= CONFIRMATION_MINUTES * 60_000;
}
