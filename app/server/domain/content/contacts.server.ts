/**
 * Contact inquiries (product §3 contacts, §7 Contacts). A new inquiry is stored with status `new`
 * and the e-mail to the lender (contact-form-handler) is queued in the same transaction. Admins
 * list, search and move them through new → read → replied → archived (product decisions).
 */
import { and, asc, count, desc, eq, getTableColumns, like, sql } from 'drizzle-orm';
import { contact } from '../../db/schema';
import { db, transaction } from '../../db/client.server';
import { env } from '../../env.server';
import { queueEmail } from '../../mail/outbox.server';
import { CONTACTS_PAGE_SIZE, type ContactStatus } from '~/lib/admin';
import type { ContactInput } from '~/lib/schemas/contact';
import { containsPattern, isUuid } from '../../db/query.server';
import { readCountedListPage } from '../../db/paging.server';
import { audit, type Actor } from '../audit.server';

// What an admin sees of an inquiry (the search column is the database's own).
const { searchText: _searchText, ...contactColumns } = getTableColumns(contact);

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
 * One page of inquiries, newest first (product §2 View Contacts): `q` matches name, e-mail, note
 * and status case-insensitively (product §5), `status` narrows to one status. A page past the end
 * gives the last page. Returns the page's rows, the matching total, the page shown and the page
 * count, with `totalInquiries`, every inquiry ('{N} Total Inquiries').
 */
export async function listContacts(opts: { q: string; status: ContactStatus | null; page: number }) {
  const q = opts.q.trim();
  const where = and(
    // Lower-cased by the database, as the column is, so both fold case alike.
    q ? like(contact.searchText, sql`lower(${containsPattern(q)})`) : undefined,
    opts.status ? eq(contact.status, opts.status) : undefined,
  );
  const result = await readCountedListPage({
    list: 'contact',
    q,
    filters: { status: opts.status },
    totalKey: opts.status ?? 'all',
    requestedPage: opts.page,
    pageSize: CONTACTS_PAGE_SIZE,
    count: async () => (await db().select({ total: count() }).from(contact).where(where))[0]?.total ?? 0,
    rows: ({ offset, limit, newestFirst }) => {
      // The page's ids first (a narrow read of the index), then their rows.
      const order = newestFirst ? desc : asc;
      const ids = db()
        .select({ id: contact.id, createdAt: contact.createdAt })
        .from(contact)
        .where(where)
        .orderBy(order(contact.createdAt), order(contact.id))
        .limit(limit)
        .offset(offset)
        .as('page_ids');
      return db()
        .select(contactColumns)
        .from(ids)
        .innerJoin(contact, eq(contact.id, ids.id))
        .orderBy(order(ids.createdAt), order(ids.id));
    },
  });
  const { rows, total, page, pageCount, counts } = result;
  return { contacts: rows, total, page, pageCount, totalInquiries: counts.count('all') };
}

/**
 * Sets inquiry `id` to `status` for `actor` (product decisions: new → read → replied →
 * archived); `onlyIfNew` moves it only from `new` (opening an inquiry marks it read once). The
 * change and its audit event are one transaction. Returns the previous status, or null when
 * nothing changed or there is no such inquiry.
 */
export async function setContactStatus(
  actor: Actor,
  id: string,
  status: ContactStatus,
  onlyIfNew = false,
): Promise<ContactStatus | null> {
  if (!isUuid(id)) return null;
  return db().transaction(async (tx) => {
    const [before] = await tx.select({ status: contact.status }).from(contact).where(eq(contact.id, id)).for('update');
    if (!before || before.status === status || (onlyIfNew && before.status !== 'new')) return null;
    await tx.update(contact).set({ status }).where(eq(contact.id, id));
    await audit(actor, 'contact.status_changed', { type: 'contact', id }, { from: before.status, to: status }, tx);
    return before.status;
  });
}
