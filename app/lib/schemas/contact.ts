/**
 * The contact form (product §2 Contact, §5 validation): one schema for the browser and the
 * server, with the spec's exact messages.
 */
import { z } from 'zod';

export const CONTACT_NAME_MIN = 2;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const contactSchema = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters.' })
    .trim()
    .min(CONTACT_NAME_MIN, 'Name must be at least 2 characters.')
    .max(100, 'Name must be at most 100 characters.'),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.').max(254, 'Please enter a valid email address.')),
  phone: optionalText(30, 'Phone number must be at most 30 characters.').pipe(
    z
      .string()
      .regex(/^[0-9+().\-\s]{7,30}$/, 'Please enter a valid phone number.')
      .optional(),
  ),
  note: optionalText(5000, 'Message must be at most 5,000 characters.'),
  altcha: z
    .string({ error: 'Please complete the reCAPTCHA verification.' })
    .min(1, 'Please complete the reCAPTCHA verification.')
    .max(10_000),
});

export type ContactInput = z.infer<typeof contactSchema>;
