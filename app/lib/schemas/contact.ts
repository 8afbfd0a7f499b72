/**
 * The contact form (product §2 Contact, §5 validation): one schema for the browser and the
 * server, with the spec's exact messages.
 */
import { z } from 'zod';
import { emailField, optionalTextField, phoneField, textField } from './fields';

export const CONTACT_NAME_MIN = 2;

export const contactSchema = z.object({
  name: textField({
    min: CONTACT_NAME_MIN,
    max: 100,
    required: 'Name must be at least 2 characters.',
    tooLong: 'Name must be at most 100 characters.',
  }),
  email: emailField(),
  phone: phoneField({ invalid: 'Please enter a valid phone number.', tooLong: 'Phone number must be at most 30 characters.' }),
  note: optionalTextField({ max: 5000, tooLong: 'Message must be at most 5,000 characters.' }),
  altcha: z
    .string({ error: 'Please complete the reCAPTCHA verification.' })
    .min(1, 'Please complete the reCAPTCHA verification.')
    .max(10_000),
});

export type ContactInput = z.infer<typeof contactSchema>;
