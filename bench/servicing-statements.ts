/**
 * The monthly statement run of the servicing bench (`npm run bench -- servicing`; run with tsx:
 * `tsx bench/servicing-statements.ts <database url>`, DATA_DIR set to a scratch folder): runs the
 * billing job's path (`runStatementDay`, app/server/jobs/servicing.server.ts: claim, bill, PDF,
 * statement, e-mail) for every funded loan on the next first of the month (the due day of every
 * bench loan), four loans at a time, in this process, and prints one JSON line with the elapsed
 * time, the statements stored and the peak resident memory (maxRSS of this process).
 */
import { lenderDay } from '../app/lib/format';
import { addMonths } from '../app/lib/servicing/schedule';
import { sql } from 'drizzle-orm';
import { openDatabase, setDatabase } from '../app/server/db/client.server';
import { runStatementDay } from '../app/server/jobs/servicing.server';

const url = process.argv[2]!;
const handle = await openDatabase({ url, poolSize: 10 });
setDatabase(handle);
const day = `${addMonths(lenderDay(), 1).slice(0, 8)}01`;
const count = async (q: ReturnType<typeof sql>) => Number((await handle.db.execute<{ n: string }>(q)).rows[0]!.n);
const loans = await count(
  sql`select count(*) as n from loan_servicing s join loan l on l.id = s.loan_id where l.stage = 'funded' and s.funded_on <= ${day}::date`,
);
const started = performance.now();
await runStatementDay(day, { concurrency: 4 });
const seconds = (performance.now() - started) / 1000;
const statements = await count(sql`select count(*) as n from loan_statement where due_on = ${day}::date`);
await handle.close();
console.log(JSON.stringify({ day, loans, statements, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
