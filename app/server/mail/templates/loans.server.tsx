/**
 * E-mails of the loan file (issue "The loan file"; issue 22 "E-mails as typed components"): to
 * the borrower about their loan (application received, documents asked for or to look at again,
 * stage moves, the term sheet, staff messages, the notice of action taken), and to the lender
 * (NOTIFY_EMAIL) about a borrower's application, uploads, term-sheet answers, messages and
 * withdrawal. Amounts are whole dollars, percents numbers and days 'YYYY-MM-DD' in the payload;
 * they are written out here, with the one format module (app/lib/format.ts).
 */
import { formatCalendarDay, months, percent, usd, usdCents } from '~/lib/format';
import type { LoanPurpose } from '~/lib/loans';
import { termSheetMoney } from '~/lib/term-sheet-money';
import { companyInfo } from '../../env.server';
import { defineEmail, EmailLayout, Facts, Paragraph, type Fact } from './layout.server';

/** What every e-mail to a borrower about their loan carries (loans.server.ts `tellBorrower`). */
export interface BorrowerLoanPayload {
  /** The borrower's name. */
  name: string;
  reference: string;
  /** 'Street, City, NV'. */
  property: string;
  /** The borrower's loan page, absolute. */
  link: string;
  /**
   * The loan's named contact at the lender (issue 23 "Trust at first sight"), named in every
   * e-mail about the loan; null or absent (older queued e-mails) before staff assign one.
   */
  contact?: LoanContactPayload | null;
}

/** The loan's contact as an e-mail names them. */
export interface LoanContactPayload {
  name: string;
  email: string;
  phone: string | null;
}

/** What every e-mail to the lender about a loan carries (loans.server.ts `tellLender`). */
export interface LenderLoanPayload {
  reference: string;
  property: string;
  /** The requested loan amount, whole dollars (null before the borrower gave it). */
  amount: number | null;
  borrowerName: string | null;
  borrowerEmail: string | null;
  /** The loan's review page, absolute. */
  link: string;
}

/** 'Your contact …: Name, (775) 555-0142, name@…', or null without a contact. */
export function contactLine(contact: LoanContactPayload | null | undefined): string | null {
  if (!contact) return null;
  return `Your contact at ${companyInfo().name} is ${contact.name}: ${[contact.phone, contact.email].filter(Boolean).join(', ')}.`;
}

/** An e-mail to a borrower: `lines` (empty ones dropped), `rows`, the contact, and the loan page. */
function BorrowerLoanEmail({
  title,
  lines,
  rows = [],
  link,
  contact,
}: {
  title: string;
  lines: string[];
  rows?: Fact[];
  link: string;
  contact?: LoanContactPayload | null;
}) {
  const named = contactLine(contact);
  return (
    <EmailLayout title={title} action={{ href: link, label: 'Open your loan' }}>
      {lines.filter(Boolean).map((line, i) => (
        <Paragraph key={i}>{line}</Paragraph>
      ))}
      <Facts rows={rows} />
      {named && <Paragraph>{named}</Paragraph>}
    </EmailLayout>
  );
}

/** An e-mail to the lender about loan `p`: `line`, the loan's facts and `rows`, the review page. */
function LenderLoanEmail({ title, line, p, rows }: { title: string; line: string; p: LenderLoanPayload; rows: Fact[] }) {
  return (
    <EmailLayout title={title} action={{ href: p.link, label: 'Review the loan' }}>
      <Paragraph>{line}</Paragraph>
      <Facts
        rows={[
          ['Loan', p.reference],
          ['Borrower', p.borrowerName],
          ['Borrower e-mail', p.borrowerEmail],
          ['Property', p.property],
          ['Loan amount', p.amount === null ? null : usd(p.amount)],
          ...rows,
        ]}
      />
    </EmailLayout>
  );
}

// ---------------------------------------------------------------- to the borrower

/** 'loan-submitted': the application arrived; `items` are the checklist's titles. */
export interface LoanSubmittedPayload extends BorrowerLoanPayload {
  items: string[];
}

export const loanSubmitted = defineEmail<LoanSubmittedPayload>({
  subject: (p) => `Application ${p.reference} received`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanSubmitted.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Thank you, ${p.name}. We received your application ${p.reference} and will start reviewing it within one business day.`,
        p.items.length ? `Your document checklist asks for: ${p.items.join('; ')}. You can upload them on the loan page.` : '',
      ]}
    />
  ),
});

/** 'loan-item-requested': staff asked for document `item`, described by `description`. */
export interface LoanItemRequestedPayload extends BorrowerLoanPayload {
  item: string;
  description: string;
}

export const loanItemRequested = defineEmail<LoanItemRequestedPayload>({
  subject: (p) => `We need a document for ${p.reference}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanItemRequested.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[`Please upload "${p.item}" on the loan page.`, p.description]}
    />
  ),
});

/** 'loan-item-needs-attention': an upload to `item` was reviewed; `reason` is the reviewer's. */
export interface LoanItemNeedsAttentionPayload extends BorrowerLoanPayload {
  item: string;
  reason: string;
}

export const loanItemNeedsAttention = defineEmail<LoanItemNeedsAttentionPayload>({
  subject: (p) => `A document for ${p.reference} needs attention`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanItemNeedsAttention.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `We reviewed "${p.item}" and need you to look at it again: ${p.reason}`,
        'Please upload a new file on the loan page.',
      ]}
    />
  ),
});

/** 'loan-stage-changed': the loan moved to `stage` (its label), with the staff's `note`. */
export interface LoanStageChangedPayload extends BorrowerLoanPayload {
  stage: string;
  note: string | null;
}

export const loanStageChanged = defineEmail<LoanStageChangedPayload>({
  subject: (p) => `Loan ${p.reference}: ${p.stage}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanStageChanged.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[`Your loan ${p.reference} moved to ${p.stage}.`, p.note ?? '']}
    />
  ),
});

/**
 * 'loan-term-sheet-issued': the terms (whole dollars, percents, months, 'YYYY-MM-DD') and what
 * they come to in dollars (app/lib/term-sheet-money.ts). The fees, holdback, purpose and price are
 * absent from e-mails queued before issue 23 and count as none.
 */
export interface LoanTermSheetIssuedPayload extends BorrowerLoanPayload {
  amount: number;
  ratePercent: number;
  points: number;
  termMonths: number;
  ltv: number;
  expiresOn: string;
  underwritingFee?: number;
  legalFee?: number;
  holdback?: number;
  purpose?: LoanPurpose | null;
  price?: number | null;
}

export const loanTermSheetIssued = defineEmail<LoanTermSheetIssuedPayload>({
  subject: (p) => `Your term sheet for ${p.reference}`,
  Component: (p) => {
    const money = termSheetMoney(
      {
        amount: p.amount,
        ratePercent: p.ratePercent,
        points: p.points,
        underwritingFee: p.underwritingFee ?? 0,
        legalFee: p.legalFee ?? 0,
        holdback: p.holdback ?? 0,
      },
      { purpose: p.purpose ?? null, price: p.price ?? null },
    );
    return (
      <BorrowerLoanEmail
        title={loanTermSheetIssued.subject(p)}
        link={p.link}
        contact={p.contact}
        lines={['Your term sheet is ready. Review it on the loan page and accept or decline it before it expires.']}
        rows={[
          ['Loan amount', usd(p.amount)],
          ['Interest rate', percent(p.ratePercent)],
          ['Monthly interest-only payment', usdCents(money.monthlyInterestCents)],
          ['Points', `${percent(p.points)} (${usdCents(money.pointsCents)})`],
          ['Fees at closing', usdCents(money.closingFeesCents)],
          ['Holdback', usdCents(money.holdbackCents)],
          ...(money.cashAtClosing ? [[money.cashAtClosing.label, usdCents(money.cashAtClosing.cents)] as const] : []),
          ['Term', months(p.termMonths)],
          ['LTV', percent(p.ltv)],
          ['Expires', formatCalendarDay(p.expiresOn)],
        ]}
      />
    );
  },
});

/** 'loan-message': staff member `author` wrote `body` in the loan's thread. */
export interface LoanMessagePayload extends BorrowerLoanPayload {
  author: string;
  body: string;
}

export const loanMessage = defineEmail<LoanMessagePayload>({
  subject: (p) => `New message about ${p.reference}`,
  Component: (p) => (
    <BorrowerLoanEmail title={loanMessage.subject(p)} link={p.link} contact={p.contact} lines={[`${p.author} wrote:`, p.body]} />
  ),
});

/**
 * 'loan-declined': the written notice of action taken, with the specific `reason` and the Equal
 * Credit Opportunity Act notice (Regulation B, 12 CFR 1002.9); `decidedOn` is 'YYYY-MM-DD'.
 */
export interface LoanDeclinedPayload extends BorrowerLoanPayload {
  reason: string;
  decidedOn: string;
}

const ECOA_NOTICE =
  "The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The federal agency that administers compliance with this law concerning this creditor is the Federal Trade Commission, Equal Credit Opportunity, Washington, DC 20580.";

export const loanDeclined = defineEmail<LoanDeclinedPayload>({
  subject: (p) => `Notice of action taken on application ${p.reference}`,
  Component: (p) => {
    const company = companyInfo();
    return (
      <BorrowerLoanEmail
        title={loanDeclined.subject(p)}
        link={p.link}
        contact={p.contact}
        lines={[
          `Dear ${p.name}, thank you for applying to ${company.name}. After reviewing application ${p.reference} for ${p.property}, we are unable to make this loan.`,
          `The principal reasons for our decision: ${p.reason}`,
          `Date of decision: ${formatCalendarDay(p.decidedOn)}. Creditor: ${company.legalName}, ${company.address}.`,
          ECOA_NOTICE,
        ]}
      />
    );
  },
});

// ---------------------------------------------------------------- to the lender

/** 'loan-application': a new application; `purpose` is its label, `ltv` a percent or null. */
export interface LoanApplicationPayload extends LenderLoanPayload {
  purpose: string | null;
  ltv: number | null;
}

export const loanApplication = defineEmail<LoanApplicationPayload>({
  subject: (p) => `New application ${p.reference} from ${p.borrowerName ?? ''}`,
  Component: (p) => (
    <LenderLoanEmail
      title={loanApplication.subject(p)}
      line="A borrower submitted an application."
      p={p}
      rows={[
        ['Purpose', p.purpose],
        ['LTV', p.ltv === null ? null : percent(p.ltv)],
      ]}
    />
  ),
});

/** 'loan-item-uploaded': the borrower uploaded `files` (names joined by ', ') to checklist item `item`. */
export interface LoanItemUploadedPayload extends LenderLoanPayload {
  item: string;
  files: string;
}

export const loanItemUploaded = defineEmail<LoanItemUploadedPayload>({
  subject: (p) => `${p.reference}: new upload for ${p.item}`,
  Component: (p) => (
    <LenderLoanEmail
      title={loanItemUploaded.subject(p)}
      line="A borrower uploaded files to a checklist item."
      p={p}
      rows={[
        ['Item', p.item],
        ['Files', p.files],
      ]}
    />
  ),
});

/** 'loan-term-sheet-answered': the borrower's `answer`, the sheet's amount (whole dollars), their client address. */
export interface LoanTermSheetAnsweredPayload extends LenderLoanPayload {
  answer: 'accepted' | 'declined';
  termSheetAmount: number;
  ip: string;
}

export const loanTermSheetAnswered = defineEmail<LoanTermSheetAnsweredPayload>({
  subject: (p) => `${p.reference}: term sheet ${p.answer}`,
  Component: (p) => (
    <LenderLoanEmail
      title={loanTermSheetAnswered.subject(p)}
      line={`The borrower ${p.answer} the term sheet.`}
      p={p}
      rows={[
        ['Term sheet amount', usd(p.termSheetAmount)],
        ['Client address', p.ip],
      ]}
    />
  ),
});

/** 'loan-message-lender': the borrower wrote `body` in the loan's thread. */
export interface LoanMessageLenderPayload extends LenderLoanPayload {
  body: string;
}

export const loanMessageLender = defineEmail<LoanMessageLenderPayload>({
  subject: (p) => `${p.reference}: message from ${p.borrowerName ?? ''}`,
  Component: (p) => (
    <LenderLoanEmail title={loanMessageLender.subject(p)} line="The borrower wrote:" p={p} rows={[['Message', p.body]]} />
  ),
});

/** 'loan-stage-lender': the borrower moved the loan to `stage` (today only 'Withdrawn'), with `note`. */
export interface LoanStageLenderPayload extends LenderLoanPayload {
  stage: string;
  note: string | null;
}

export const loanStageLender = defineEmail<LoanStageLenderPayload>({
  subject: (p) => `${p.reference}: ${p.stage}`,
  Component: (p) => (
    <LenderLoanEmail
      title={loanStageLender.subject(p)}
      line={`The borrower moved the loan to ${p.stage}.`}
      p={p}
      rows={[['Reason', p.note]]}
    />
  ),
});
