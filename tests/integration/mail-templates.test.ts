/**
 * Every e-mail template, through the outbox (issue 22 "E-mails as typed components"): each is
 * queued with a sample payload holding a hostile value, delivered by the worker to DATA_DIR/mail,
 * and read back from its .eml file. Each message has a plain-text and an HTML part; the text part
 * holds the message's key sentence and its link; the HTML escapes the hostile value and links only
 * to absolute addresses on PUBLIC_URL; amounts and days are written out by the format module.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { outboxEmail } from '~/server/db/schema';
import { env } from '~/server/env.server';
import { queueEmail } from '~/server/mail/outbox.server';
import { renderEmail, TEMPLATE_NAMES, type EmailPayload, type TemplateName } from '~/server/mail/templates.server';
import { createTransport } from '~/server/mail/transport.server';
import { deliverDueEmails } from '~/server/mail/worker.server';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

/** A value a visitor could type: markup, a quote and an ampersand. */
const HOSTILE = 'Ann <script>alert("x")</script> & Co';
const HOSTILE_HTML = 'Ann &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co';

const url = (p: string) => `${process.env.PUBLIC_URL}${p}`;
const borrower = {
  name: HOSTILE,
  reference: 'OL-2026-0042',
  property: '1 Main St, Reno, NV',
  link: url('/dashboard/loans/OL-2026-0042'),
};
const lender = {
  reference: 'OL-2026-0042',
  property: '1 Main St, Reno, NV',
  amount: 1_250_000,
  borrowerName: HOSTILE,
  borrowerEmail: 'ann@example.com',
  link: url('/admin-dashboard/loans/OL-2026-0042'),
};
const profileLink = url('/dashboard/profile#accreditation');

interface Sample<T extends TemplateName> {
  payload: EmailPayload<T>;
  /** The sentences the text part must hold (the message's point, and written-out values). */
  says: string[];
  /** The action's absolute link. */
  link: string;
}

// One sample per template: a template without one does not compile.
const samples: { [T in TemplateName]: Sample<T> } = {
  'contact-notification': {
    payload: { name: HOSTILE, email: 'ann@example.com', phone: '', note: 'Line one\nLine two' },
    says: ['A new contact inquiry arrived on the website.', `Name: ${HOSTILE}`, 'Phone: —', 'Message: Line one\nLine two'],
    link: url('/admin-dashboard/contacts'),
  },
  'verify-email': {
    payload: { name: HOSTILE, url: url('/api/auth/verify-email?token=abc&callbackURL=%2F') },
    says: [`Welcome to Ormsby Lending, ${HOSTILE}. Please confirm your e-mail address to open your account.`],
    link: url('/api/auth/verify-email?token=abc&callbackURL=%2F'),
  },
  'account-exists': {
    payload: {},
    says: ['Someone, probably you, tried to create an account with this e-mail address, but it already has one.'],
    link: url('/login'),
  },
  'reset-password': {
    payload: { url: url('/reset-password/tok?callbackURL=%2Freset-password') },
    says: ['We received a request to reset the password of your account. The link is valid for one hour.'],
    link: url('/reset-password/tok?callbackURL=%2Freset-password'),
  },
  'user-created': {
    payload: {
      name: HOSTILE,
      email: 'ann@example.com',
      isBorrower: true,
      isInvestor: false,
      isAccredited: null,
      income: null,
      netWorth: null,
      investmentExperience: null,
      loanType: 'bridge',
      propertyType: 'Commercial, Mixed-Use',
      hasSpecificAddress: true,
      propertyAddress: '100 N Virginia St, Reno, NV',
      loanAmount: '1m-5m',
      projectDescription: HOSTILE,
      desiredLoanAmount: 1_200_000,
      estimatedPropertyValue: 2_500_000,
    },
    says: ['A new account was created on the website.', 'Joining as: Borrower', 'Desired loan amount: $1,200,000'],
    link: url('/admin-dashboard/users'),
  },
  'document-uploaded': {
    payload: { documentTitle: HOSTILE, fileName: 'a.pdf', userName: 'Ann', userEmail: 'ann@example.com' },
    says: ['A borrower uploaded a document.', `Title: ${HOSTILE}`],
    link: url('/admin-dashboard/users'),
  },
  'deal-interest': {
    payload: {
      action: 'follow',
      dealId: '6f1c1c52-4b7b-4d53-9b8e-0a6f1c1c5242',
      dealTitle: HOSTILE,
      userId: 'u1',
      userName: 'Ann',
      userEmail: 'ann@example.com',
    },
    says: ['An investor followed a deal (no amount yet).', `Deal: ${HOSTILE}`],
    link: url('/deal/6f1c1c52-4b7b-4d53-9b8e-0a6f1c1c5242'),
  },
  'loan-submitted': {
    payload: { ...borrower, items: ['Appraisal', 'Rent roll'] },
    says: [
      `Thank you, ${HOSTILE}. We received your application OL-2026-0042 and will start reviewing it within one business day.`,
      'Your document checklist asks for: Appraisal; Rent roll.',
    ],
    link: borrower.link,
  },
  'loan-item-requested': {
    payload: { ...borrower, item: HOSTILE, description: 'The last two years.' },
    says: [`Please upload "${HOSTILE}" on the loan page.`, 'The last two years.'],
    link: borrower.link,
  },
  'loan-item-needs-attention': {
    payload: { ...borrower, item: 'Appraisal', reason: HOSTILE },
    says: [`We reviewed "Appraisal" and need you to look at it again: ${HOSTILE}`],
    link: borrower.link,
  },
  'loan-stage-changed': {
    payload: { ...borrower, stage: 'In review', note: HOSTILE },
    says: ['Your loan OL-2026-0042 moved to In review.', HOSTILE],
    link: borrower.link,
  },
  'loan-payment-recorded': {
    payload: {
      ...borrower,
      day: '2026-11-03',
      amountCents: 1_050_000,
      feesCents: 50_000,
      interestCents: 1_000_000,
      principalCents: 0,
      suspenseCents: 0,
      principalAfterCents: 100_000_000,
    },
    says: ['We received your payment of $10,500.00 on Nov 3, 2026.', '$500.00', '$1,000,000.00'],
    link: borrower.link,
  },
  'loan-payment-reversed': {
    payload: { ...borrower, paidOn: '2026-11-03', amountCents: 1_050_000, reason: HOSTILE },
    says: [`Your payment of $10,500.00 received on Nov 3, 2026 was reversed: ${HOSTILE}`],
    link: borrower.link,
  },
  'loan-term-sheet-issued': {
    payload: { ...borrower, amount: 900_000, ratePercent: 10.5, points: 2, termMonths: 12, ltv: 65, expiresOn: '2026-12-15' },
    says: [
      'Your term sheet is ready.',
      'Loan amount: $900,000',
      'Interest rate: 10.5%',
      'Term: 12 months',
      'LTV: 65%',
      'Expires: Dec 15, 2026',
    ],
    link: borrower.link,
  },
  'loan-message': {
    payload: { ...borrower, author: 'Sam Staff', body: HOSTILE },
    says: ['Sam Staff wrote:', HOSTILE],
    link: borrower.link,
  },
  'loan-declined': {
    payload: { ...borrower, reason: HOSTILE, decidedOn: '2026-11-02' },
    says: [
      `The principal reasons for our decision: ${HOSTILE}`,
      'Date of decision: Nov 2, 2026.',
      'The federal Equal Credit Opportunity Act prohibits creditors',
    ],
    link: borrower.link,
  },
  'loan-draw-updated': {
    payload: {
      ...borrower,
      number: 2,
      status: 'Approved',
      requestedCents: 5_000_000,
      approvedCents: 4_250_050,
      feeCents: 25_000,
      reason: HOSTILE,
      fundedOn: null,
    },
    says: [
      'Draw 2 on your loan OL-2026-0042 is now: Approved.',
      `Reason: ${HOSTILE}`,
      'Requested: $50,000.00',
      'Approved: $42,500.50',
      'Draw fee: $250.00',
    ],
    link: borrower.link,
  },
  'loan-statement': {
    payload: {
      ...borrower,
      dueOn: '2026-11-01',
      periodFrom: '2026-10-05',
      periodThrough: '2026-10-31',
      amountDueCents: 354_375,
      lateChargeCents: 17_719,
      lateChargeFrom: '2026-11-12',
    },
    says: [
      `Dear ${HOSTILE}, your statement for Oct 5, 2026 to Oct 31, 2026 is on the loan page.`,
      'Amount due: $3,543.75',
      'Due date: Nov 1, 2026',
      'Late charge from Nov 12, 2026: $177.19',
    ],
    link: borrower.link,
  },
  'loan-payment-due': {
    payload: {
      ...borrower,
      dueOn: '2026-12-01',
      expectedInterestCents: 415_625,
      pastDueCents: 0,
      suspenseCents: 0,
      principalDueCents: 0,
      expectedCents: 415_625,
    },
    says: [`Dear ${HOSTILE}, a reminder: your payment on OL-2026-0042 is due on Dec 1, 2026`, 'Expected amount due: $4,156.25'],
    link: borrower.link,
  },
  'loan-payment-late': {
    payload: { ...borrower, dueOn: '2026-11-01', lateChargeCents: 17_719, amountDueCents: 372_094 },
    says: [
      `Dear ${HOSTILE}, we have not received the payment due on Nov 1, 2026 for OL-2026-0042. A late charge of $177.19 was added`,
      'Amount due now: $3,720.94',
    ],
    link: borrower.link,
  },
  'loan-maturity': {
    payload: { ...borrower, maturityOn: '2027-04-01', days: 30, principalCents: 50_000_000 },
    says: [`Dear ${HOSTILE}, your loan OL-2026-0042 matures on Apr 1, 2027`, 'Principal outstanding: $500,000.00'],
    link: borrower.link,
  },
  'loan-application': {
    payload: { ...lender, purpose: 'Purchase', ltv: 62.5 },
    says: ['A borrower submitted an application.', `Borrower: ${HOSTILE}`, 'Loan amount: $1,250,000', 'LTV: 62.5%'],
    link: lender.link,
  },
  'loan-item-uploaded': {
    payload: { ...lender, item: 'Appraisal', files: HOSTILE },
    says: ['A borrower uploaded files to a checklist item.', `Files: ${HOSTILE}`],
    link: lender.link,
  },
  'loan-term-sheet-answered': {
    payload: { ...lender, answer: 'accepted', termSheetAmount: 900_000, ip: '203.0.113.9' },
    says: ['The borrower accepted the term sheet.', 'Loan amount: $1,250,000', 'Term sheet amount: $900,000'],
    link: lender.link,
  },
  'loan-message-lender': {
    payload: { ...lender, body: HOSTILE },
    says: ['The borrower wrote:', `Message: ${HOSTILE}`],
    link: lender.link,
  },
  'loan-stage-lender': {
    payload: { ...lender, stage: 'Withdrawn', note: HOSTILE },
    says: ['The borrower moved the loan to Withdrawn.', `Reason: ${HOSTILE}`],
    link: lender.link,
  },
  'loan-payoff-quote': {
    payload: {
      ...borrower,
      quote: {
        goodThrough: '2026-11-06',
        principalCents: 40_000_000,
        interestDueCents: 0,
        accruedFrom: '2026-10-01',
        accruedDays: 37,
        perDiemCents: 11_944,
        accruedInterestCents: 441_944,
        feesDueCents: 25_000,
        reconveyanceFeeCents: 15_000,
        suspenseCents: 23_750,
        totalCents: 40_458_194,
        holdbackCents: 0,
      },
    },
    says: [
      'Your payoff quote for OL-2026-0042 is ready.',
      'Interest from Oct 1, 2026 through Nov 6, 2026 (37 days): $4,419.44',
      'Less suspense (held for you): -$237.50',
      'Per diem: each day after Nov 6, 2026 adds; each day earlier the money arrives saves: $119.44',
      'Total to pay off, good through Nov 6, 2026: $404,581.94',
    ],
    link: borrower.link,
  },
  'loan-extension-decided': {
    payload: { ...borrower, decision: 'declined', months: 6, feeCents: 500_000, newMaturityOn: '2027-07-15', reason: HOSTILE },
    says: ['We are unable to extend OL-2026-0042 by 6 months.', `The reason: ${HOSTILE}`],
    link: borrower.link,
  },
  'loan-extension-requested': {
    payload: { ...lender, months: 6, feeCents: 1_250_000, fromMaturityOn: '2027-01-15', newMaturityOn: '2027-07-15' },
    says: [
      'The borrower asks to extend the maturity.',
      'Maturity now: Jan 15, 2027',
      'New maturity: Jul 15, 2027',
      'Extension fee: $12,500.00',
    ],
    link: lender.link,
  },
  'loan-draw-submitted': {
    payload: { ...lender, number: 1, requestedCents: 1_234_567, files: 3, accessNotes: HOSTILE },
    says: ['The borrower requested a draw on the holdback.', 'Requested: $12,345.67', `Inspection access: ${HOSTILE}`],
    link: lender.link,
  },
  'distribution-paid': {
    payload: {
      name: HOSTILE,
      runNumber: 7,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
      paidOn: '2026-11-05',
      amountCents: 1_234_567,
      carriedOutCents: 0,
      link: url('/dashboard/investments/statements/7'),
    },
    says: [`Dear ${HOSTILE},`, 'We paid your distribution of $12,345.67 on Nov 5, 2026.', 'Run: No. 7'],
    link: url('/dashboard/investments/statements/7'),
  },
  'commitment-investor': {
    payload: {
      name: HOSTILE,
      subject: 'Amount Confirmed',
      message: 'Your amount is confirmed.',
      dealTitle: 'Reno bridge',
      amount: 25_000,
      status: 'Confirmed',
      link: url('/deal/d1'),
    },
    says: [`Dear ${HOSTILE},`, 'Your amount is confirmed.', 'Amount: $25,000'],
    link: url('/deal/d1'),
  },
  'commitment-lender': {
    payload: {
      action: 'changed',
      dealTitle: 'Reno bridge',
      investorName: HOSTILE,
      investorEmail: 'ann@example.com',
      amount: 50_000,
      previous: 25_000,
      status: 'Indicated',
      link: url('/admin-dashboard/deals/d1/investors'),
    },
    says: [`${HOSTILE} changed their amount in Reno bridge.`, 'Amount: $50,000', 'Before: $25,000'],
    link: url('/admin-dashboard/deals/d1/investors'),
  },
  'accreditation-reminder': {
    payload: { name: HOSTILE, link: profileLink, expiresOn: '2026-12-15', daysLeft: 20, method: 'Self-certified at sign-up' },
    says: ['Your accreditation record on file with Ormsby Lending expires on Dec 15, 2026 (in 20 days).'],
    link: profileLink,
  },
  'accreditation-verified': {
    payload: {
      name: HOSTILE,
      link: profileLink,
      method: 'Verification letter',
      establishedOn: '2026-11-02',
      expiresOn: '2027-11-02',
    },
    says: ['Your accreditation is verified until Nov 2, 2027.', 'Established on: Nov 2, 2026'],
    link: profileLink,
  },
  'accreditation-letter-rejected': {
    payload: { name: 'Ann', link: profileLink, fileName: 'letter.pdf', reason: HOSTILE },
    says: ['We could not accept the verification letter you uploaded, for this reason:', HOSTILE],
    link: profileLink,
  },
  'accreditation-letter-lender': {
    payload: {
      investorName: HOSTILE,
      investorEmail: 'ann@example.com',
      fileName: 'letter.pdf',
      link: url('/admin-dashboard/users?q=ann%40example.com'),
    },
    says: [`${HOSTILE} uploaded a verification letter to review.`],
    link: url('/admin-dashboard/users?q=ann%40example.com'),
  },
  'loan-update': {
    payload: {
      name: HOSTILE,
      dealTitle: 'Deed of trust OL-2026-0042',
      kind: 'late-30',
      title: 'The borrower is 30 days late',
      body: 'The installment due Feb 1, 2026 is unpaid.\nWe will post what we learn here.',
      link: url('/dashboard/investments'),
    },
    says: [
      `Dear ${HOSTILE},`,
      'An update on the loan behind Deed of trust OL-2026-0042, in which you hold a position:',
      'The installment due Feb 1, 2026 is unpaid.\nWe will post what we learn here.',
      'Update: 30 days late',
    ],
    link: url('/dashboard/investments'),
  },
};

/** The .eml files in DATA_DIR/mail, parsed, by recipient. */
async function deliveredByRecipient(): Promise<Map<string, ParsedMail>> {
  const dir = path.join(process.env.DATA_DIR!, 'mail');
  const mails = await Promise.all((await readdir(dir)).map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
  return new Map(mails.map((m) => [m.to && !Array.isArray(m.to) ? m.to.text : '', m]));
}

describe('e-mail templates', () => {
  let delivered: Map<string, ParsedMail>;

  beforeAll(async () => {
    for (const template of TEMPLATE_NAMES)
      await queueEmail(db(), { to: `${template}@example.test`, template, payload: samples[template].payload as never });
    // The worker sends 20 a batch.
    let sent = 0;
    for (let batch = 1; batch > 0; sent += batch) batch = await deliverDueEmails(createTransport());
    expect(sent).toBe(TEMPLATE_NAMES.length);
    delivered = await deliveredByRecipient();
  });

  it('has a sample for every template in the registry', () => {
    expect(Object.keys(samples).sort()).toEqual([...TEMPLATE_NAMES].sort());
    expect(TEMPLATE_NAMES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(TEMPLATE_NAMES)(
    '%s: delivered with a text part holding its sentences and link, and an escaping HTML part',
    async (template) => {
      const sample = samples[template];
      const mail = delivered.get(`${template}@example.test`);
      expect(mail, template).toBeDefined();
      const rendered = await renderEmail(template, sample.payload as never);
      expect(mail!.subject).toBe(rendered.subject);
      expect(mail!.subject).not.toBe('');

      // Both parts.
      const text = mail!.text ?? '';
      const html = typeof mail!.html === 'string' ? mail!.html : '';
      expect(text.trim()).not.toBe('');
      expect(html).toMatch(/^<!DOCTYPE html/);

      // The text part: the key sentences, the link as it is, the lender's legal line.
      for (const sentence of sample.says) expect(text).toContain(sentence);
      expect(text).toContain(sample.link);
      expect(text).toContain('NMLS #');

      // The HTML: the hostile value escaped wherever it appears, never as markup.
      expect(html.toLowerCase()).not.toContain('<script');
      // Every template shows a value someone typed, except these (a fixed text, a link, numbers).
      const showsTyped = !['account-exists', 'reset-password', 'loan-term-sheet-issued', 'loan-payoff-quote'].includes(template);
      expect(text.includes(HOSTILE)).toBe(showsTyped);
      if (showsTyped) expect(html).toContain(HOSTILE_HTML);
      // Every link absolute, on the site, the action's among them.
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
      expect(hrefs).toContain(sample.link);
      for (const href of hrefs) expect(href.startsWith(`${env().PUBLIC_URL}/`), href).toBe(true);
      expect(html).toContain('lang="en"');
    },
  );

  it('refuses to render a link that is not absolute', async () => {
    await expect(
      renderEmail('loan-message', { ...samples['loan-message'].payload, link: '/dashboard/loans/OL-2026-0042' }),
    ).rejects.toThrow('E-mail link must be absolute: /dashboard/loans/OL-2026-0042');
  });

  it('keeps a stored message of an unknown template queued with the reason, and sends the others', async () => {
    const [row] = await db()
      .insert(outboxEmail)
      .values({ to: 'old@example.test', template: 'no-such-template', payload: {}, nextAttemptAt: new Date() })
      .returning({ id: outboxEmail.id });
    await queueEmail(db(), { to: 'next@example.test', template: 'account-exists', payload: {} });
    expect(await deliverDueEmails(createTransport())).toBe(1);
    const [stored] = await db().select().from(outboxEmail).where(eq(outboxEmail.id, row!.id));
    expect(stored).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Unknown e-mail template: no-such-template' });
  });
});
