/**
 * Hourly housekeeping, run by the job queue once an hour across all processes (queue.server.ts;
 * docs/decisions/0006-scheduled-work.md):
 * - stored document files without a row that are older than a day are removed (issue "Borrower
 *   portal": leftovers of uploads cut off mid-way); deleting an orphan twice is harmless;
 * - investors whose accreditation record lapses in 30 or 7 days are reminded (issue "Investing";
 *   `sendAccreditationReminders`), each reminder claimed by the row it marks, so it goes once;
 * - site pictures no section names any more, uploaded over a day ago, are removed with their files
 *   (issue "First impression"; `sweepUnusedSiteImages`);
 * - authenticator codes claimed longer ago than a code lives are forgotten (`sweepUsedTotpCodes`);
 * - statement PDFs without a row, over a day old, are removed (issue 24; `sweepOrphanStatements`).
 * Each part is safe to run twice at once, so a retried or overlapping run does no harm.
 */
import { sendAccreditationReminders } from '../domain/investing/accreditation-reminders.server';
import { sweepOrphanDocuments } from '../domain/loans/documents.server';
import { sweepUnusedSiteImages } from '../domain/content/site-content.server';
import { sweepOrphanStatements } from '../domain/servicing/billing.server';
import { logger } from '../logger.server';
import { sweepUsedTotpCodes } from '../totp-claims.server';

/** Runs the five sweeps side by side; one failing is logged and does not stop the others. */
export async function runHousekeeping(): Promise<void> {
  const sweep = sweepOrphanDocuments()
    .then((removed) => {
      if (removed) logger.info({ removed }, 'removed orphaned document files');
    })
    .catch((err) => logger.error({ err }, 'document sweep failed'));
  const reminders = sendAccreditationReminders()
    .then((sent) => {
      if (sent.thirtyDay || sent.sevenDay) logger.info(sent, 'sent accreditation reminders');
    })
    .catch((err) => logger.error({ err }, 'accreditation reminders failed'));
  const pictures = sweepUnusedSiteImages()
    .then((removed) => {
      if (removed) logger.info({ removed }, 'removed site pictures no longer shown');
    })
    .catch((err) => logger.error({ err }, 'site picture sweep failed'));
  const codes = sweepUsedTotpCodes().catch((err) => logger.error({ err }, 'authenticator code sweep failed'));
  const statements = sweepOrphanStatements()
    .then((removed) => {
      if (removed) logger.info({ removed }, 'removed statement files without a statement');
    })
    .catch((err) => logger.error({ err }, 'statement file sweep failed'));
  await Promise.all([sweep, reminders, pictures, codes, statements]);
}
