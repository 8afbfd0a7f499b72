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
export function BorrowerLoanEmail({
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
export function LenderLoanEmail({ title, line, p, rows }: { title: string; line: string; p: LenderLoanPayload; rows: Fact[] }) {
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

// ---------------------------------------------------------------- servicing (issue 24)

/**
 * 'loan-payment-recorded': staff recorded a payment of `amountCents` received on `day`
 * ('YYYY-MM-DD'), applied as the parts say (cents, adding up to the amount), and the principal
 * outstanding after it (cents), all the ledger's figures.
 */
export interface LoanPaymentRecordedPayload extends BorrowerLoanPayload {
  day: string;
  amountCents: number;
  feesCents: number;
  interestCents: number;
  principalCents: number;
  suspenseCents: number;
  principalAfterCents: number;
}

export const loanPaymentRecorded = defineEmail<LoanPaymentRecordedPayload>({
  subject: (p) => `Payment received for ${p.reference}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanPaymentRecorded.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[`Thank you, ${p.name}. We received your payment of ${usdCents(p.amountCents)} on ${formatCalendarDay(p.day)}.`]}
      rows={[
        ['Late charges and fees', usdCents(p.feesCents)],
        ['Interest', usdCents(p.interestCents)],
        ['Principal', usdCents(p.principalCents)],
        ['Held in suspense', p.suspenseCents ? usdCents(p.suspenseCents) : null],
        ['Principal outstanding', usdCents(p.principalAfterCents)],
      ]}
    />
  ),
});

/** 'loan-payment-reversed': the payment of `amountCents` received on `paidOn` was reversed for `reason`. */
export interface LoanPaymentReversedPayload extends BorrowerLoanPayload {
  paidOn: string;
  amountCents: number;
  reason: string;
}

export const loanPaymentReversed = defineEmail<LoanPaymentReversedPayload>({
  subject: (p) => `Payment reversed on ${p.reference}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanPaymentReversed.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Your payment of ${usdCents(p.amountCents)} received on ${formatCalendarDay(p.paidOn)} was reversed: ${p.reason}`,
        'The amounts it had paid are due again; the loan page shows your balances.',
      ]}
    />
  ),
});

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

/**
 * 'loan-draw-updated': draw `number` on the holdback moved to `status` (its label): received,
 * under inspection, approved (in full or in part, with `reason`), funded on `fundedOn`
 * ('YYYY-MM-DD'), or declined with `reason`. Amounts in cents, as the ledger has them.
 */
export interface LoanDrawUpdatedPayload extends BorrowerLoanPayload {
  number: number;
  status: string;
  requestedCents: number;
  approvedCents: number | null;
  feeCents: number;
  reason: string | null;
  fundedOn: string | null;
}

export const loanDrawUpdated = defineEmail<LoanDrawUpdatedPayload>({
  subject: (p) => `${p.reference}: draw ${p.number} ${p.status.toLowerCase()}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanDrawUpdated.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[`Draw ${p.number} on your loan ${p.reference} is now: ${p.status}.`, p.reason ? `Reason: ${p.reason}` : '']}
      rows={[
        ['Requested', usdCents(p.requestedCents)],
        ['Approved', p.approvedCents === null ? null : usdCents(p.approvedCents)],
        ['Draw fee', p.feeCents > 0 ? usdCents(p.feeCents) : null],
        ['Funded on', p.fundedOn ? formatCalendarDay(p.fundedOn) : null],
      ].filter((row): row is [string, string] => row[1] !== null)}
    />
  ),
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

/** 'loan-draw-submitted': the borrower asked for draw `number` of `requestedCents` with `files` files. */
export interface LoanDrawSubmittedPayload extends LenderLoanPayload {
  number: number;
  requestedCents: number;
  files: number;
  accessNotes: string;
}

export const loanDrawSubmitted = defineEmail<LoanDrawSubmittedPayload>({
  subject: (p) => `${p.reference}: draw ${p.number} requested`,
  Component: (p) => (
    <LenderLoanEmail
      title={loanDrawSubmitted.subject(p)}
      line="The borrower requested a draw on the holdback."
      p={p}
      rows={[
        ['Draw', String(p.number)],
        ['Requested', usdCents(p.requestedCents)],
        ['Files', String(p.files)],
        ['Inspection access', p.accessNotes || null],
      ]}
    />
  ),
});

// ---------------------------------------------------------------- servicing (issue 24)
// ---------------------------------------------------------------- servicing: statements and reminders

/**
 * 'loan-statement': the monthly statement due on `dueOn` is issued; the e-mail names the period,
 * the amount due and the due date, and links to the loan page (where the PDF is listed), never
 * to the PDF itself.
 */
export interface LoanStatementPayload extends BorrowerLoanPayload {
  dueOn: string;
  periodFrom: string;
  /** The period's last day. */
  periodThrough: string;
  amountDueCents: number;
  lateChargeCents: number;
  /** The first day the late charge applies. */
  lateChargeFrom: string;
}

export const loanStatement = defineEmail<LoanStatementPayload>({
  subject: (p) => `Your statement for ${p.reference} is ready`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanStatement.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Dear ${p.name}, your statement for ${formatCalendarDay(p.periodFrom)} to ${formatCalendarDay(p.periodThrough)} is on the loan page.`,
      ]}
      rows={[
        ['Amount due', usdCents(p.amountDueCents)],
        ['Due date', formatCalendarDay(p.dueOn)],
        [`Late charge from ${formatCalendarDay(p.lateChargeFrom)}`, usdCents(p.lateChargeCents)],
      ]}
    />
  ),
});

/**
 * 'loan-payment-due': the installment due on `dueOn` (in 5 days); `expectedCents` is the
 * period's interest computed on the ledger so far (an expected amount: the bill on the due day
 * is final), plus what is already due, less suspense (0 or more), plus the principal at maturity.
 */
export interface LoanPaymentDuePayload extends BorrowerLoanPayload {
  dueOn: string;
  expectedInterestCents: number;
  /** Interest, fees and late charges already due and unpaid. */
  pastDueCents: number;
  /** Money received and not applied, which counts towards it. */
  suspenseCents: number;
  /** The principal due with it (the maturity), else 0. */
  principalDueCents: number;
  expectedCents: number;
}

export const loanPaymentDue = defineEmail<LoanPaymentDuePayload>({
  subject: (p) => `Payment for ${p.reference} due ${formatCalendarDay(p.dueOn)}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanPaymentDue.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Dear ${p.name}, a reminder: your payment on ${p.reference} is due on ${formatCalendarDay(p.dueOn)}. The interest is billed on the due date; the amount below is expected from your balance today.`,
      ]}
      rows={[
        ['Expected interest for the period', usdCents(p.expectedInterestCents)],
        ['Already due', p.pastDueCents ? usdCents(p.pastDueCents) : null],
        ['Held in suspense for you', p.suspenseCents ? `-${usdCents(p.suspenseCents)}` : null],
        ['Principal due at maturity', p.principalDueCents ? usdCents(p.principalDueCents) : null],
        ['Expected amount due', usdCents(p.expectedCents)],
        ['Due date', formatCalendarDay(p.dueOn)],
      ]}
    />
  ),
});

/** 'loan-payment-late': the installment due on `dueOn` is unpaid after the grace days; the late charge is added. */
export interface LoanPaymentLatePayload extends BorrowerLoanPayload {
  dueOn: string;
  lateChargeCents: number;
  /** Everything due now, the late charge included, less suspense. */
  amountDueCents: number;
}

export const loanPaymentLate = defineEmail<LoanPaymentLatePayload>({
  subject: (p) => `Payment for ${p.reference} is late`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanPaymentLate.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Dear ${p.name}, we have not received the payment due on ${formatCalendarDay(p.dueOn)} for ${p.reference}. A late charge of ${usdCents(p.lateChargeCents)} was added, as your loan documents provide.`,
        'If you have already paid, thank you, and please disregard this message.',
      ]}
      rows={[
        ['Late charge', usdCents(p.lateChargeCents)],
        ['Amount due now', usdCents(p.amountDueCents)],
      ]}
    />
  ),
});

/** 'loan-maturity': the loan matures on `maturityOn`, in `days` days (60, 30 or 15). */
export interface LoanMaturityPayload extends BorrowerLoanPayload {
  maturityOn: string;
  days: number;
  principalCents: number;
}

export const loanMaturity = defineEmail<LoanMaturityPayload>({
  subject: (p) => `${p.reference} matures in ${p.days} days`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanMaturity.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Dear ${p.name}, your loan ${p.reference} matures on ${formatCalendarDay(p.maturityOn)}, when the principal and interest due are to be repaid. You can ask for a payoff quote or an extension on the loan page.`,
      ]}
      rows={[
        ['Maturity', formatCalendarDay(p.maturityOn)],
        ['Principal outstanding', usdCents(p.principalCents)],
      ]}
    />
  ),
});
