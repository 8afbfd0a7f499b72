/**
 * In-app notifications (product §3 notifications, §4 unread → read, §9 titles used for filtering).
 * Reads and writes are always scoped to the signed-in user.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { db, type Reader } from '../db/client.server';
import { notification } from '../db/schema';
import { isUuid } from '../db/query.server';
import { bound, preparedRead, type BoundSql } from '../db/prepared.server';

export type NotificationType = 'success' | 'info' | 'error' | 'warning';

/** Spec §9: the borrower portal's notification titles. */
export const DOCUMENT_NOTIFICATION_TITLES = ['Document uploaded successfully', 'Document deleted'];

/** The loan file's notification titles (issue "The loan file"), shown with the document ones. */
export const LOAN_NOTIFICATION_TITLES = [
  'Application submitted',
  'New document request',
  'A document needs attention',
  'Loan stage changed',
  'Your term sheet is ready',
  'New message',
  'Loan decision',
  // Servicing (issue 24): billing.server.ts.
  'Your statement is ready',
  'Payment due soon',
  'Payment late',
  'Your loan matures soon',
];

/** Adds a notification for `userId` inside `tx` (or the database). */
export async function addNotification(
  tx: Reader,
  userId: string,
  n: { title: string; message: string; type: NotificationType },
): Promise<void> {
  await tx.insert(notification).values({ userId, ...n });
}

/** The newest `limit` notifications of `userId` whose title is one of `titles`. */
export async function listNotifications(userId: string, titles: readonly string[], limit: number) {
  return notificationsOf(bound('userId', userId, { titles, notificationLimit: limit }));
}

/**
 * The select of `listNotifications`, of the user the bound SQL `userId` names; the placeholders
 * `titles` and `notificationLimit` take the titles and how many (a part of My loans' and My
 * investments' one statement).
 */
export const notificationsPart = (r: Reader, userId: BoundSql) =>
  r
    .select({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      isRead: notification.isRead,
      createdAt: notification.createdAt,
    })
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.title, sql`any(${sql.placeholder('titles')})`)))
    .orderBy(desc(notification.createdAt))
    .limit(sql.placeholder('notificationLimit'));
const notificationsOf = preparedRead('notifications', notificationsPart);

/** Marks notification `id` of `userId` read; false when there is no such notification of theirs. */
export async function markNotificationRead(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db()
    .update(notification)
    .set({ isRead: true })
    .where(and(eq(notification.id, id), eq(notification.userId, userId)))
    .returning({ id: notification.id });
  return rows.length > 0;
}
