/**
 * The e-mail registry (issue 22 "E-mails as typed components"): each template name maps to a
 * React Email component with its own typed payload and subject (app/server/mail/templates/).
 * The outbox stores the name and the payload (JSON) and the worker renders at send time, so
 * `queueEmail` is type-checked against the payload of the template it names, and every
 * message has a plain-text and an HTML part made from one component (issue: every message has
 * both). Values reach the HTML as React text and attributes only, escaped by React.
 */
import { createElement } from 'react';
import { render } from '@react-email/components';
import type { EmailTemplate } from './templates/layout.server';
import { accountExists, documentUploaded, resetPassword, userCreated, verifyEmail } from './templates/account.server';
import { contactNotification } from './templates/contact.server';
import {
  accreditationLetterLender,
  accreditationLetterRejected,
  accreditationReminder,
  accreditationVerified,
  commitmentInvestor,
  commitmentLender,
  dealInterest,
} from './templates/investing.server';
import {
  loanApplication,
  loanDeclined,
  loanDrawSubmitted,
  loanDrawUpdated,
  loanItemNeedsAttention,
  loanItemRequested,
  loanItemUploaded,
  loanMessage,
  loanMaturity,
  loanMessageLender,
  loanPaymentRecorded,
  loanPaymentReversed,
  loanPaymentDue,
  loanPaymentLate,
  loanStageChanged,
  loanStageLender,
  loanStatement,
  loanSubmitted,
  loanTermSheetAnswered,
  loanTermSheetIssued,
} from './templates/loans.server';
import { distributionPaid } from './templates/distributions.server';
import { loanExtensionDecided, loanExtensionRequested, loanPayoffQuote } from './templates/payoff.server';
import { loanUpdate } from './templates/loan-updates.server';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const templates = {
  'contact-notification': contactNotification,
  'verify-email': verifyEmail,
  'account-exists': accountExists,
  'reset-password': resetPassword,
  'user-created': userCreated,
  'document-uploaded': documentUploaded,
  'deal-interest': dealInterest,
  'loan-submitted': loanSubmitted,
  'loan-item-requested': loanItemRequested,
  'loan-item-needs-attention': loanItemNeedsAttention,
  'loan-stage-changed': loanStageChanged,
  'loan-term-sheet-issued': loanTermSheetIssued,
  'loan-message': loanMessage,
  'loan-declined': loanDeclined,
  'loan-draw-updated': loanDrawUpdated,
  'loan-statement': loanStatement,
  'loan-payment-due': loanPaymentDue,
  'loan-payment-late': loanPaymentLate,
  'loan-maturity': loanMaturity,
  'loan-application': loanApplication,
  'loan-item-uploaded': loanItemUploaded,
  'loan-term-sheet-answered': loanTermSheetAnswered,
  'loan-message-lender': loanMessageLender,
  'loan-stage-lender': loanStageLender,
  'loan-payment-recorded': loanPaymentRecorded,
  'loan-payment-reversed': loanPaymentReversed,
  'loan-payoff-quote': loanPayoffQuote,
  'loan-extension-decided': loanExtensionDecided,
  'loan-extension-requested': loanExtensionRequested,
  'loan-draw-submitted': loanDrawSubmitted,
  'commitment-investor': commitmentInvestor,
  'commitment-lender': commitmentLender,
  'accreditation-reminder': accreditationReminder,
  'accreditation-verified': accreditationVerified,
  'accreditation-letter-rejected': accreditationLetterRejected,
  'accreditation-letter-lender': accreditationLetterLender,
  'loan-update': loanUpdate,
  'distribution-paid': distributionPaid,
};

export type TemplateName = keyof typeof templates;

/** The payload template `T` takes: what `queueEmail` stores for it. */
export type EmailPayload<T extends TemplateName> = (typeof templates)[T] extends EmailTemplate<infer P> ? P : never;

/** Every template name, in the registry's order (the tests render each). */
export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];

// Headings keep their case in the text part (html-to-text shouts them by default).
const TEXT_OPTIONS = {
  plainText: true,
  htmlToTextOptions: { selectors: [{ selector: 'h1', options: { uppercase: false } }] },
} as const;

/** The template called `name`. @throws Error for a name the registry does not know (a row from other code). */
function templateOf(name: string): EmailTemplate<unknown> {
  if (!Object.hasOwn(templates, name)) throw new Error(`Unknown e-mail template: ${name}`);
  return templates[name as TemplateName] as EmailTemplate<unknown>;
}

/**
 * Renders `template` with `payload`: its subject, the HTML part and the plain-text part (made from
 * the same HTML).
 */
export function renderEmail<T extends TemplateName>(template: T, payload: EmailPayload<T>): Promise<RenderedEmail> {
  return renderStoredEmail({ template, payload });
}

/**
 * Renders an outbox row: its name and payload read back as they were queued (and type-checked by
 * `queueEmail` then). @throws Error for a template name the registry does not know.
 */
export async function renderStoredEmail(row: { template: string; payload: unknown }): Promise<RenderedEmail> {
  const { subject, Component } = templateOf(row.template);
  const element = createElement(Component, row.payload as object);
  const [html, text] = await Promise.all([render(element), render(element, TEXT_OPTIONS)]);
  return { subject: subject(row.payload), html, text };
}

/** The subject of an outbox row (the admin mail log). @throws Error for an unknown template name. */
export function storedEmailSubject(row: { template: string; payload: unknown }): string {
  return templateOf(row.template).subject(row.payload);
}
