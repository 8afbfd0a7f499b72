/**
 * The contact form's server side (product §2 Contact, §5, §8 Contact; product decisions): per-IP rate
 * limit, the shared schema, the spam check, then the stored inquiry with its queued e-mail.
 */
import { parseForm } from '~/lib/parse-form';
import { contactSchema } from '~/lib/schemas/contact';
import { verifyCaptcha } from '../../captcha.server';
import { env } from '../../env.server';
import { logger } from '../../logger.server';
import { hitRateLimit } from '../../rate-limit.server';
import { createContact } from './contacts.server';

export const CONTACT_ERROR = 'There was an error sending your message. Please try again.';
export const SPAM_CHECK_ERROR = 'Please complete the reCAPTCHA verification.';

/**
 * Handles one submission of the contact form from `clientIp`. Returns the HTTP status
 * (200, 400, 429 or 503) and the Conform reply; nothing is stored unless the status is 200.
 */
export async function submitContactForm(formData: FormData, clientIp: string) {
  const limit = await hitRateLimit(`contact:${clientIp}`, env().RATE_LIMIT_CONTACT_PER_HOUR, 3600);
  const submission = parseForm(formData, { schema: contactSchema });
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfter / 60);
    return {
      status: 429,
      retryAfter: limit.retryAfter,
      result: submission.reply({
        formErrors: [
          `Too many messages were sent from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        ],
      }),
    } as const;
  }
  if (submission.status !== 'success') {
    return { status: 400, result: submission.reply() } as const;
  }
  const captcha = await verifyCaptcha(submission.value.altcha, clientIp);
  if (!captcha.ok) {
    logger.warn({ reason: captcha.reason }, 'contact form spam check refused');
    return { status: 400, result: submission.reply({ fieldErrors: { altcha: [SPAM_CHECK_ERROR] } }) } as const;
  }
  try {
    const { altcha: _altcha, ...contact } = submission.value;
    await createContact(contact);
  } catch (err) {
    logger.error({ err }, 'storing a contact inquiry failed');
    return { status: 503, result: submission.reply({ formErrors: [CONTACT_ERROR] }) } as const;
  }
  return { status: 200, result: submission.reply({ resetForm: true }) } as const;
}
