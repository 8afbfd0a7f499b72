/**
 * One "server process" of the two-processes billing test (tests/integration/servicing-billing-two-processes.test.ts):
 * a separate Node process (run with tsx) that opens its own pool on the database of argv[2],
 * says `ready`, waits for `go` on stdin (so both processes start together), then runs the
 * servicing's daily jobs (billing, late charges, reminders) for the lender's day of the moment
 * argv[3] exactly as the queue runs them (`runDaily`), or with argv[4] = 'direct' calls the
 * billing functions in plain transactions without the job's claim (the unique indexes and the
 * loan's lock are then all that keeps the work single). Prints one JSON line of what it did.
 * The environment (DATA_DIR, AUTH_SECRET, PUBLIC_URL…) is the parent test's.
 */
import { createInterface } from 'node:readline';
import { openDatabase, setDatabase } from '~/server/db/client.server';
import { billDueDay, chargeLateFees } from '~/server/domain/servicing/billing.server';
import { runDaily } from '~/server/jobs/daily.server';
import { billingJob, fundedLoanIds, lateChargesJob, remindersJob } from '~/server/jobs/servicing.server';
import { lenderDay } from '~/lib/format';

const [url, now, mode = 'queue'] = process.argv.slice(2);
if (!url || !now) throw new Error('usage: servicing-jobs-process.ts <database url> <ISO moment> [queue|direct]');
const handle = await openDatabase({ url, poolSize: 4 });
setDatabase(handle);
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) if (line.trim() === 'go') break;
lines.close();

const result: Record<string, number> = {};
if (mode === 'direct') {
  const day = lenderDay(new Date(now));
  let statements = 0;
  let charges = 0;
  for (const id of await fundedLoanIds({ db: handle.db, day })) {
    const billed = await handle.db.transaction((tx) => billDueDay(tx, id, day));
    if (billed.statementId) statements += 1;
    charges += (await handle.db.transaction((tx) => chargeLateFees(tx, id, day))).length;
  }
  Object.assign(result, { statements, charges });
} else {
  // The three jobs side by side, as three queues' workers would take them.
  const runs = await Promise.all(
    [billingJob, lateChargesJob, remindersJob].map((job) => runDaily(handle.db, job, new Date(now))),
  );
  runs.forEach((run, i) => (result[[billingJob, lateChargesJob, remindersJob][i]!.name] = run.done));
}
process.stdout.write(`${JSON.stringify(result)}\n`);
await handle.close();
