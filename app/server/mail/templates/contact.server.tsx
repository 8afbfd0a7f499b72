/**
 * The contact form's e-mail (product §7 Contacts, contact-form-handler; issue 22 "E-mails as
 * typed components"): a new inquiry, to the lender (NOTIFY_EMAIL).
 */
import { env } from '../../env.server';
import { defineEmail, EmailLayout, Facts, Paragraph } from './layout.server';

/** 'contact-notification': the inquiry as the visitor wrote it (phone and note may be empty). */
export interface ContactNotificationPayload {
  name: string;
  email: string;
  phone: string;
  note: string;
}

export const contactNotification = defineEmail<ContactNotificationPayload>({
  subject: (p) => `New contact inquiry from ${p.name}`,
  Component: (p) => (
    <EmailLayout
      title="New contact inquiry"
      action={{ href: `${env().PUBLIC_URL}/admin-dashboard/contacts`, label: 'Review inquiries' }}
    >
      <Paragraph>A new contact inquiry arrived on the website.</Paragraph>
      <Facts
        rows={[
          ['Name', p.name],
          ['Email', p.email],
          ['Phone', p.phone],
          ['Message', p.note],
        ]}
      />
    </EmailLayout>
  ),
});
