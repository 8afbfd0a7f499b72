/**
 * The borrower's acceptance of a term sheet (issue 23 "Trust at first sight": accepting is a
 * deliberate act): the ESIGN consent and the full name typed as the signature, which must be the
 * name on their account, case and spaces aside. The browser checks it with this schema and the
 * server re-checks it with the same one (and the domain once more, `acceptTermSheet`).
 */
import { z } from 'zod';
import { textField } from './fields';

/** The longest signature typed. */
export const SIGNED_NAME_MAX = 200;

/**
 * The ESIGN Act disclosure (15 U.S.C. 7001(c)) shown beside the consent checkbox and printed on the
 * signed PDF: electronic signing, paper on request, withdrawing consent, what is needed.
 */
export const ESIGN_DISCLOSURE = [
  'You agree to sign this term sheet electronically and to receive it and related records electronically; your typed name is your signature and has the same effect as a signature on paper.',
  'You may ask us for a paper copy at no charge, by message on the loan page or by phone.',
  'You may withdraw your consent to electronic records at any time by telling us; withdrawing does not undo what you already signed.',
  'To sign and keep a copy you need a current web browser, an e-mail address, and a program that opens PDF files.',
] as const;

export const ACCEPT_MESSAGES = {
  consent: 'Please agree to sign electronically to accept the term sheet.',
  nameRequired: 'Please type your full name to sign.',
  nameTooLong: `Your name must be at most ${SIGNED_NAME_MAX} characters`,
  nameMismatch: (accountName: string) => `Please type your full name as it is on your account: ${accountName}.`,
} as const;

/** A name compared as a signature: letters and their order only, case and spaces aside. */
export function signatureKey(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').toLocaleLowerCase('en-US');
}

/** True when `typed` signs for `accountName` (case- and space-insensitively). */
export function signsAs(typed: string, accountName: string): boolean {
  return signatureKey(typed) !== '' && signatureKey(typed) === signatureKey(accountName);
}

/** The acceptance form of the borrower named `accountName`. */
export const acceptTermSheetSchema = (accountName: string) =>
  z.object({
    termSheetId: z.string({ error: 'Term sheet not found.' }).max(100),
    esignConsent: z
      .boolean()
      .default(false)
      .refine((v) => v, ACCEPT_MESSAGES.consent),
    signedName: textField({
      max: SIGNED_NAME_MAX,
      required: ACCEPT_MESSAGES.nameRequired,
      tooLong: ACCEPT_MESSAGES.nameTooLong,
    }).refine((v) => signsAs(v, accountName), ACCEPT_MESSAGES.nameMismatch(accountName)),
  });
