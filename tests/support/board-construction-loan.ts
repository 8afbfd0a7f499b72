/**
 * For end-to-end specs (issue 24 "Draw requests"): boards a construction loan of an existing
 * borrower through the domain (`fundedLoan`: a loan in Closing with an accepted term sheet, then
 * `boardLoan`), on the running site's database (DATA_DIR's embedded cluster, joined, as the CLI
 * commands do). Run with tsx:
 *
 *   npx tsx tests/support/board-construction-loan.ts --borrower b@example.test --admin staff1@example.test
 *
 * The loan: a $1,000,000 note at 12 %, funded 2026-01-15, a $200,000 holdback on two lines
 * (Foundation $50,000, Framing $150,000) and a $250 draw fee. Prints `{ "reference": "OL-…" }`.
 */
import { eq } from 'drizzle-orm';
import { db } from '~/server/db/client.server';
import { user } from '~/server/db/schema';
import { readArgs } from '../../cli/args';
import { openConfiguredDatabase } from '../../cli/open-database';
import { closing, fundedLoan } from './servicing';

const args = readArgs();
const handle = await openConfiguredDatabase();
try {
  const person = async (email: string | undefined) => {
    const [row] = await db()
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(eq(user.email, email ?? ''));
    if (!row) throw new Error(`No user ${email}`);
    return row;
  };
  const borrower = await person(args.borrower);
  const admin = await person(args.admin);
  const { loan } = await fundedLoan(
    admin,
    closing({
      holdbackCents: 20_000_000,
      drawFeeCents: 25_000,
      lines: [
        { description: 'Foundation', budgetCents: 5_000_000 },
        { description: 'Framing', budgetCents: 15_000_000 },
      ],
    }),
    { borrower },
  );
  console.log(JSON.stringify({ reference: loan.reference }));
} finally {
  await handle.close();
}
