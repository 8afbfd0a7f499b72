/**
 * Contact inquiries (spec §3 contacts, §7 Contacts). A new inquiry is stored with status `new`
 * and the e-mail to the lender (contact-form-handler) is queued in the same transaction.
 */
import { contact } from '../db/schema';
import { transaction } from '../db/client.server';
import { env } from '../env.server';
import { queueEmail } from '../mail/outbox.server';
import type { ContactInput } from '~/lib/schemas/contact';

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
