/**
 * The contact form's server side (product §2 Contact, §5, §8 Contact; product decisions): per-IP rate
 * limit, the shared schema, the spam check, then the stored inquiry with its queued e-mail.
 */
import { parseForm } from '~/lib/parse-form';
import { contactSchema } from '~/lib/schemas/contact';
import { verifyCaptcha } from '../captcha.server';
import { isDatabaseUnavailable } from '../db/unavailable.server';
import { env } from '../env.server';
import { logger } from '../logger.server';
import { hitRateLimit } from '../rate-limit.server';
import { createContact } from '../domain/content/contacts.server';

export const CONTACT_ERROR = 'There was an error sending your message. Please try again.';
export const SPAM_CHECK_ERROR = 'Please complete the reCAPTCHA verification.';

/**
 * Handles one submission of the contact form from `clientIp`. Returns `ok` and the Conform
 * reply, and for a refusal its kind (`rate-limited` with `retryAfter` seconds, `invalid`, or
 * `failed` when storing it failed); nothing is stored unless `ok`. A database out of reach is
 * thrown on (answered 503 by `answerRefusals`).
 */
export async function submitContactForm(formData: FormData, clientIp: string) {
  const limit = await hitRateLimit(`contact:${clientIp}`, env().RATE_LIMIT_CONTACT_PER_HOUR, 3600);
  const submission = parseForm(formData, { schema: contactSchema });
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfter / 60);
    return {
      ok: false,
      kind: 'rate-limited',
      retryAfter: limit.retryAfter,
      result: submission.reply({
        formErrors: [
          `Too many messages were sent from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        ],
      }),
    } as const;
  }
  if (submission.status !== 'success') {
    return { ok: false, kind: 'invalid', result: submission.reply() } as const;
  }
  const captcha = await verifyCaptcha(submission.value.altcha, clientIp);
  if (!captcha.ok) {
    logger.warn({ reason: captcha.reason }, 'contact form spam check refused');
    return { ok: false, kind: 'invalid', result: submission.reply({ fieldErrors: { altcha: [SPAM_CHECK_ERROR] } }) } as const;
  }
  try {
    const { altcha: _altcha, ...contact } = submission.value;
    await createContact(contact);
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    logger.error({ err }, 'storing a contact inquiry failed');
    return { ok: false, kind: 'failed', result: submission.reply({ formErrors: [CONTACT_ERROR] }) } as const;
  }
  return { ok: true, result: submission.reply({ resetForm: true }) } as const;
}
