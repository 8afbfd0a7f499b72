/** Admin list constants shared by pages and server (product §9 page sizes; product decisions statuses). */

export const CONTACT_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** Spec §9: admin contacts page size. */
export const CONTACTS_PAGE_SIZE = 15;

/** An outbox e-mail's statuses, as the mail log shows them (`outbox_email.status`). */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Spec §9 admin user filter. */
export const USER_TYPES = ['both', 'borrower', 'investor'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Spec §9: admin users page size. */
export const USERS_PAGE_SIZE = 15;
