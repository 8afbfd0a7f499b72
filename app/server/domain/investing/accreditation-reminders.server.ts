/**
 * Accreditation reminders (issue "Investing"; docs/product.md §11): the job that tells an
 * investor, 30 and 7 days ahead, that their verification lapses, each reminder claimed by the
 * update that marks it so several processes never send one twice.
 */
import { sql } from 'drizzle-orm';
import { formatCalendarDay, lenderDay } from '~/lib/format';
import { ACCREDITATION_REMINDER_DAYS } from '~/lib/investing';
import { addDaysToDay, daysBetween } from '~/lib/schemas/accreditation';
import { db } from '../../db/client.server';
import { accreditationMethodLabel, tellInvestor } from './accreditation.server';

/** Reminders claimed per transaction. */
const REMINDER_BATCH = 200;

/** What one run of the reminders did. */
export interface ReminderCounts {
  /** Records reminded 30 days ahead (more than 7 days left), and 7 days ahead. */
  thirtyDay: number;
  sevenDay: number;
  /** E-mails queued (investors who take e-mail). */
  emailed: number;
}

/**
 * Reminds investors whose current record (`currentAccreditation`: superseded records never are)
 * lapses soon, as on `now`: 7 days or fewer left (through the expiry day) and not yet reminded at
 * 7, or 8 to 30 days left and not yet reminded at 30 (ACCREDITATION_REMINDER_DAYS). A record that
 * enters the last week without its 30-day reminder gets only the 7-day one. Each reminder is a
 * portal notification and, when the investor takes e-mail, 'accreditation-reminder'; disabled
 * accounts and users who are no longer investors are skipped.
 *
 * Every reminder is claimed by the UPDATE that marks it (`reminded_7_at` / `reminded_30_at` still
 * null, rows locked and skipped when another run holds them) in the transaction that queues its
 * messages, so several processes running this at once send each exactly once; a failed run
 * leaves its reminders for the next. Returns the counts.
 */
export async function sendAccreditationReminders(now = new Date()): Promise<ReminderCounts> {
  const today = lenderDay(now);
  const [first, last] = [Math.max(...ACCREDITATION_REMINDER_DAYS), Math.min(...ACCREDITATION_REMINDER_DAYS)];
  const counts: ReminderCounts = { thirtyDay: 0, sevenDay: 0, emailed: 0 };
  const at = now.toISOString();
  const windows = [
    {
      days: last,
      from: today,
      to: addDaysToDay(today, last),
      unclaimed: sql`r.reminded_7_at is null`,
      // The 30-day reminder is not sent any more once the 7-day one is.
      claim: sql`reminded_7_at = ${at}::timestamptz, reminded_30_at = coalesce(a.reminded_30_at, ${at}::timestamptz)`,
    },
    {
      days: first,
      from: addDaysToDay(today, last + 1),
      to: addDaysToDay(today, first),
      unclaimed: sql`r.reminded_30_at is null`,
      claim: sql`reminded_30_at = ${at}::timestamptz`,
    },
  ];
  for (const w of windows) {
    for (;;) {
      const { claimed, emailed } = await db().transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string; investor_id: string; expires_on: string; method: string }>(sql`
          with due as (
            select r.id
            from accreditation_record r
            join profile p on p.user_id = r.investor_id
            where p.is_investor and p.disabled_at is null
              and ${w.unclaimed}
              and r.expires_on >= ${w.from} and r.expires_on <= ${w.to}
              and r.id = (
                select c.id from accreditation_record c
                where c.investor_id = r.investor_id and c.expires_on is not null
                order by c.expires_on desc, c.created_at desc
                limit 1
              )
            order by r.expires_on, r.id
            limit ${REMINDER_BATCH}
            for update of r skip locked
          )
          update accreditation_record a
          set ${w.claim}
          from due
          where a.id = due.id
          returning a.id, a.investor_id, a.expires_on, a.method`);
        let emailed = 0;
        for (const r of rows) {
          const told = await tellInvestor(
            tx,
            r.investor_id,
            {
              title: 'Accreditation expiring',
              message: `Your accreditation record expires on ${formatCalendarDay(r.expires_on)}. Upload a new verification letter on your profile to keep indicating amounts.`,
              type: 'warning',
            },
            {
              template: 'accreditation-reminder',
              payload: {
                expiresOn: r.expires_on,
                daysLeft: daysBetween(today, r.expires_on),
                method: accreditationMethodLabel(r.method),
              },
            },
          );
          if (told) emailed++;
        }
        return { claimed: rows.length, emailed };
      });
      counts.emailed += emailed;
      if (w.days === last) counts.sevenDay += claimed;
      else counts.thirtyDay += claimed;
      if (claimed < REMINDER_BATCH) break;
    }
  }
  return counts;
}
