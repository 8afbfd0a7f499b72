/**
 * What staff do to an account from the user directory (issue "Security and scale"): the
 * intents, which of them ask for the password or a code again, and the form's schema (every
 * action carries its reason, kept in the audit log).
 */
import { z } from 'zod';
import { reasonField } from '~/lib/schemas/fields';

export const ACCOUNT_INTENTS = [
  'disable',
  'enable',
  'grant-admin',
  'remove-admin',
  'reset-two-factor',
  'send-reset',
  'resend-verification',
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/** Intents that ask for the password or a code when the last proof is older than 10 minutes. */
export const SENSITIVE_ACCOUNT_INTENTS: ReadonlySet<AccountIntent> = new Set([
  'disable',
  'grant-admin',
  'remove-admin',
  'reset-two-factor',
]);

const REASON_MESSAGE = 'Give a reason of at least 3 characters: it is kept in the audit log.';

export const accountActionSchema = z.object({
  intent: z.enum(ACCOUNT_INTENTS),
  userId: z.string().min(1).max(64),
  reason: reasonField(REASON_MESSAGE, 'The reason must be at most 500 characters.'),
  confirmation: z.string().max(200).optional(),
});
