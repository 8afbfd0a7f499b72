/**
 * The monthly distribution run of the returns bench (`npm run bench -- returns`; run with tsx:
 * `tsx bench/returns-run.ts <database url> <preview|approve> <period from> <period to>`), one step
 * per process so each has its own peak memory:
 * - preview: `previewRun(periodTo)` for every loan (computed, nothing stored);
 * - approve: `openRun(admin, { periodFrom, periodTo })` then `approveRun(admin, runId,
 *   { expectedInvestorsCents })` (the lines and payments written), the expected total read from
 *   a preview first, untimed.
 * The functions are app/server/domain/returns/{run-preview,distributions}.server.ts's. Prints one
 * JSON line with the elapsed seconds and the peak resident memory (maxRSS of this process).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, setDatabase } from '../app/server/db/client.server';
import { approveRun, openRun } from '../app/server/domain/returns/distributions.server';
import { previewRun } from '../app/server/domain/returns/run-preview.server';

const [url, step, periodFrom, periodTo] = process.argv.slice(2) as [string, 'preview' | 'approve', string, string];
const ADMIN_EMAIL = 'bench-admin@example.com';

const handle = await openDatabase({ url, poolSize: 10 });
setDatabase(handle);
const { rows } = await handle.db.execute<{ id: string; email: string; name: string }>(
  sql`select id, email, name from "user" where email = ${ADMIN_EMAIL}`,
);
const admin = rows[0]!;
let seconds: number;
if (step === 'preview') {
  const started = performance.now();
  await previewRun(periodTo);
  seconds = (performance.now() - started) / 1000;
} else {
  const expectedInvestorsCents = (await previewRun(periodTo)).totals.investorsCents;
  const started = performance.now();
  const run = await openRun(admin, { periodFrom, periodTo });
  await approveRun(admin, run.id, { expectedInvestorsCents });
  seconds = (performance.now() - started) / 1000;
}
const count = async (q: ReturnType<typeof sql>) => Number((await handle.db.execute<{ n: string }>(q)).rows[0]!.n);
const lines = await count(sql`select count(*) as n from distribution_line l join distribution_run r on r.id = l.run_id
  where r.period_to = ${periodTo}::date`);
await handle.close();
console.log(JSON.stringify({ step, seconds, lines, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
