/**
 * Contact inquiries (spec §3 contacts, §7 Contacts). A new inquiry is stored with status `new`
 * and the e-mail to the lender (contact-form-handler) is queued in the same transaction. Admins
 * list, search and move them through new → read → replied → archived (decisions.md).
 */
import { and, count, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import { contact } from '../db/schema';
import { db, transaction } from '../db/client.server';
import { env } from '../env.server';
import { queueEmail } from '../mail/outbox.server';
import { CONTACTS_PAGE_SIZE, type ContactStatus } from '~/lib/admin';
import type { ContactInput } from '~/lib/schemas/contact';
import { containsPattern, isUuid } from '../db/query.server';

/** Stores an inquiry and queues its notification; returns the new contact id. */
export async function createContact(input: Omit<ContactInput, 'altcha'>): Promise<string> {
  return transaction(async (tx) => {
    const [row] = await tx
      .insert(contact)
      .values({ name: input.name, email: input.email, phone: input.phone ?? null, note: input.note ?? null })
      .returning({ id: contact.id });
    await queueEmail(tx, {
      to: env().NOTIFY_EMAIL,
      template: 'contact-notification',
      payload: { name: input.name, email: input.email, phone: input.phone ?? '', note: input.note ?? '' },
    });
    return row!.id;
  });
}

/**
 * One page of inquiries, newest first (spec §2 View Contacts): `q` matches name, e-mail, note
 * and status case-insensitively (spec §5), `status` narrows to one status. A page past the end
 * gives the last page.
 */
export async function listContacts(opts: { q: string; status: ContactStatus | null; page: number }) {
  const q = opts.q.trim();
  const where = and(
    q
      ? ilike(
          sql`(${contact.name} || ' ' || ${contact.email} || ' ' || coalesce(${contact.note}, '') || ' ' || ${contact.status})`,
          containsPattern(q),
        )
      : undefined,
    opts.status ? eq(contact.status, opts.status) : undefined,
  );
  // The page's ids first (a narrow sort, even over many matches), then their rows.
  const pageRows = (page: number) => {
    const ids = db()
      .select({ id: contact.id, createdAt: contact.createdAt })
      .from(contact)
      .where(where)
      .orderBy(desc(contact.createdAt), desc(contact.id))
      .limit(CONTACTS_PAGE_SIZE)
      .offset((page - 1) * CONTACTS_PAGE_SIZE)
      .as('page_ids');
    return db()
      .select(getTableColumns(contact))
      .from(ids)
      .innerJoin(contact, eq(contact.id, ids.id))
      .orderBy(desc(ids.createdAt), desc(ids.id));
  };
  // The count and the page run side by side (a broad search counts many rows); a page past
  // the end is read again as the last page.
  const requested = Math.max(1, opts.page);
  const [[{ total } = { total: 0 }], first] = await Promise.all([
    db().select({ total: count() }).from(contact).where(where),
    pageRows(requested),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? first : await pageRows(page);
  return { contacts: rows, total, page, pageCount };
}

/**
 * Sets inquiry `id` to `status` (decisions.md: new → read → replied → archived); `onlyIfNew`
 * moves it only from `new` (opening an inquiry marks it read once). Returns the previous
 * status, or null when nothing changed or there is no such inquiry.
 */
export async function setContactStatus(id: string, status: ContactStatus, onlyIfNew = false): Promise<ContactStatus | null> {
  if (!isUuid(id)) return null;
  const [before] = await db().select({ status: contact.status }).from(contact).where(eq(contact.id, id));
  if (!before || before.status === status || (onlyIfNew && before.status !== 'new')) return null;
  await db()
    .update(contact)
    .set({ status })
    .where(and(eq(contact.id, id), eq(contact.status, before.status)));
  return before.status;
}

/** How many inquiries there are in all (the page's '{N} Total Inquiries'). */
export async function countContacts(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(contact);
  return row?.n ?? 0;
}
