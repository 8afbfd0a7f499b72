/**
 * A loan's named contact (issue 23 "Trust at first sight"): staff assign themselves or a colleague
 * (any enabled staff member) on the review page, audited; the borrower sees that person's name,
 * photo, phone and e-mail on the loan page, and every e-mail about the loan names them
 * (`loanContact` in loan.server.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LoanContactView } from '~/lib/milestones';
import { db, type Reader } from '../../db/client.server';
import { loan, profile, user } from '../../db/schema';
import { Refused } from '../../errors.server';
import { audit } from '../audit.server';
import { type Loan, type LoanActor, loanColumn, lockLoan } from './loan.server';
import { preparedRead, type BoundSql } from '../../db/prepared.server';

/**
 * The select of the contact of the loan `id` names (bound SQL, `loanBound`), as the loan page shows
 * them: id, name, e-mail, phone, photo key; no row when it has none. A part of the loan file's one
 * statement (file.server.ts); `contactCardOf` reads its row.
 */
export const loanContactPart = (r: Reader, id: BoundSql) =>
  r
    .select({ id: user.id, name: user.name, email: user.email, phone: profile.phone, avatarKey: profile.avatarKey })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, loanColumn(id, loan.contactId)));

/** The contact card of `loanContactPart`'s rows, or null when the loan has no contact. */
export function contactCardOf(rows: LoanContactView[]): LoanContactView | null {
  return rows[0] ?? null;
}

/** The enabled staff members who may be a loan's contact, by name: id and name. */
export async function listStaff(): Promise<{ id: string; name: string }[]> {
  return enabledStaff();
}
const enabledStaff = preparedRead('enabled_staff', (r) =>
  r
    .select({ id: user.id, name: user.name })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(and(eq(profile.isAdmin, true), isNull(profile.disabledAt)))
    .orderBy(asc(user.name)),
);

/**
 * Staff `admin` make staff member `contactId` the contact of `l`, audited with the previous one.
 * @throws Refused('invalid') when `contactId` is no enabled staff member.
 */
export async function assignContact(admin: LoanActor, l: Loan, contactId: string) {
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    const [staff] = await tx
      .select({ id: user.id, name: user.name })
      .from(user)
      .innerJoin(profile, eq(profile.userId, user.id))
      .where(and(eq(user.id, contactId), eq(profile.isAdmin, true), isNull(profile.disabledAt)));
    if (!staff) throw new Refused('invalid', 'Please choose a member of staff.', 'Contact not changed');
    await tx.update(loan).set({ contactId: staff.id }).where(eq(loan.id, l.id));
    await audit(
      admin,
      'loan.contact_assigned',
      { type: 'loan', id: l.id },
      { reference: l.reference, contactId: staff.id, contactName: staff.name, previousContactId: current.contactId },
      tx,
    );
  });
}
