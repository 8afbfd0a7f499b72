/**
 * E-mail templates: each turns a payload into a subject and a plain-text and an HTML part
 * (issue: every message has both). Values are escaped in the HTML part.
 */
import { borrowerAnswerRows, investorAnswerRows, type StoredAnswers } from '~/lib/account-answers';
import { companyInfo, env } from '../env.server';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Wraps rows of label/value pairs and paragraphs in the branded HTML layout. */
function layout(title: string, paragraphs: string[], rows: [string, unknown][] = [], action?: { href: string; label: string }) {
  const company = companyInfo();
  const table = rows.length
    ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:16px 0">${rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:#556274;vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:6px 0;color:#16202e;white-space:pre-wrap">${escapeHtml(v || '—')}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#11203a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><body style="margin:0;background:#faf8f3;font-family:Segoe UI,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;font-size:20px;color:#11203a;margin:0 0 24px">${escapeHtml(company.name)}</p>
<div style="background:#fff;border:1px solid #e4e1d8;border-radius:12px;padding:28px">
<h1 style="font-family:Georgia,serif;font-size:22px;color:#11203a;margin:0 0 12px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="color:#16202e;line-height:1.6">${escapeHtml(p)}</p>`).join('')}
${table}${button}
</div>
<p style="color:#556274;font-size:12px;line-height:1.5;margin-top:24px">${escapeHtml(company.legalName)} · ${escapeHtml(company.address)}<br>${escapeHtml(company.nvLicense)} · ${escapeHtml(company.nmlsId)} · ${escapeHtml(company.caDre)}</p>
</div></body></html>`;
}

function textRows(rows: [string, unknown][]): string {
  return rows.map(([k, v]) => `${k}: ${v || '—'}`).join('\n');
}

type Payload = Record<string, unknown>;

/** An e-mail to a borrower about their loan: `lines` (empty ones dropped), `rows`, the loan page. */
function loanEmail(p: Payload, subject: string, lines: string[], rows: [string, unknown][] = []): RenderedEmail {
  const paragraphs = lines.filter(Boolean);
  const link = String(p.link);
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${rows.length ? `${textRows(rows)}\n\n` : ''}Your loan: ${link}\n`,
    html: layout(subject, paragraphs, rows, { href: link, label: 'Open your loan' }),
  };
}

/** An e-mail to the lender about loan `p.reference`: `line`, the loan's facts and `rows`, the review page. */
function lenderLoanEmail(p: Payload, subject: string, line: string, rows: [string, unknown][]): RenderedEmail {
  const all: [string, unknown][] = [
    ['Loan', p.reference],
    ['Borrower', p.borrowerName],
    ['Borrower e-mail', p.borrowerEmail],
    ['Property', p.property],
    ['Loan amount', p.amount],
    ...rows,
  ];
  const link = String(p.link);
  return {
    subject,
    text: `${line}\n\n${textRows(all)}\n\nReview the loan: ${link}\n`,
    html: layout(subject, [line], all, { href: link, label: 'Review the loan' }),
  };
}

const templates = {
  /** contact-form-handler: a new contact inquiry, to the lender (product §7 Contacts). */
  'contact-notification'(p: Payload): RenderedEmail {
    const rows: [string, unknown][] = [
      ['Name', p.name],
      ['Email', p.email],
      ['Phone', p.phone],
      ['Message', p.note],
    ];
    const link = `${env().PUBLIC_URL}/admin-dashboard/contacts`;
    return {
      subject: `New contact inquiry from ${String(p.name)}`,
      text: `A new contact inquiry arrived on the website.\n\n${textRows(rows)}\n\nReview it: ${link}\n`,
      html: layout('New contact inquiry', ['A new contact inquiry arrived on the website.'], rows, {
        href: link,
        label: 'Review inquiries',
      }),
    };
  },
  /** E-mail verification after sign-up (product decisions e-mail confirmation). */
  'verify-email'(p: Payload): RenderedEmail {
    const url = String(p.url);
    const intro = `Welcome to ${companyInfo().name}, ${String(p.name)}. Please confirm your e-mail address to open your account.`;
    return {
      subject: 'Confirm your e-mail address',
      text: `${intro}\n\nConfirm your address: ${url}\n\nIf you did not create an account, you can ignore this message.\n`,
      html: layout('Confirm your e-mail address', [intro, 'If you did not create an account, you can ignore this message.'], [], {
        href: url,
        label: 'Confirm my e-mail',
      }),
    };
  },
  /** Someone tried to sign up with an address that already has an account (no enumeration). */
  'account-exists'(_p: Payload): RenderedEmail {
    const login = `${env().PUBLIC_URL}/login`;
    const intro = 'Someone, probably you, tried to create an account with this e-mail address, but it already has one.';
    const next = 'Sign in with your password, or use "Forgot password?" on the sign-in page to choose a new one.';
    return {
      subject: 'You already have an account',
      text: `${intro}\n\n${next}\n\nSign in: ${login}\n\nIf this was not you, no action is needed.\n`,
      html: layout('You already have an account', [intro, next, 'If this was not you, no action is needed.'], [], {
        href: login,
        label: 'Sign in',
      }),
    };
  },
  /** Password reset link (product §7 Send password reset e-mail). */
  'reset-password'(p: Payload): RenderedEmail {
    const url = String(p.url);
    const intro = 'We received a request to reset the password of your account. The link is valid for one hour.';
    return {
      subject: 'Reset your password',
      text: `${intro}\n\nChoose a new password: ${url}\n\nIf you did not ask for this, you can ignore this message: your password stays the same.\n`,
      html: layout(
        'Reset your password',
        [intro, 'If you did not ask for this, you can ignore this message: your password stays the same.'],
        [],
        { href: url, label: 'Choose a new password' },
      ),
    };
  },
  /** notify-user-creation: a new account and its sign-up answers, to the lender (product §7). */
  'user-created'(p: Payload): RenderedEmail {
    // The payload keeps the original notice's camelCase names (product §3); people read labels.
    const answers: StoredAnswers = {
      isAccredited: (p.isAccredited as boolean | null) ?? null,
      income: (p.income as string | null) ?? null,
      netWorth: (p.netWorth as string | null) ?? null,
      investmentExperience: (p.investmentExperience as string | null) ?? null,
      loanType: (p.loanType as string | null) ?? null,
      propertyTypes: typeof p.propertyType === 'string' && p.propertyType ? p.propertyType.split(', ') : [],
      hasSpecificAddress: (p.hasSpecificAddress as boolean | null) ?? null,
      propertyAddress: (p.propertyAddress as string | null) ?? null,
      loanAmountRange: (p.loanAmount as string | null) ?? null,
      projectDescription: (p.projectDescription as string | null) ?? null,
      desiredLoanAmount: (p.desiredLoanAmount as number | null) ?? null,
      estimatedPropertyValue: (p.estimatedPropertyValue as number | null) ?? null,
    };
    const roles = [p.isBorrower && 'Borrower', p.isInvestor && 'Investor'].filter(Boolean).join(' and ');
    const rows: [string, unknown][] = [
      ['Name', p.name],
      ['E-mail', p.email],
      ['Joining as', roles],
      ...(p.isInvestor ? investorAnswerRows(answers) : []),
      ...(p.isBorrower ? borrowerAnswerRows(answers) : []),
    ];
    const link = `${env().PUBLIC_URL}/admin-dashboard/users`;
    return {
      subject: `New account: ${String(p.name)}`,
      text: `A new account was created on the website.\n\n${textRows(rows)}\n\nUsers: ${link}\n`,
      html: layout('New account', ['A new account was created on the website.'], rows, { href: link, label: 'View users' }),
    };
  },
  /** notify-document-upload: a borrower uploaded a document, to the lender (product §7 Documents). */
  'document-uploaded'(p: Payload): RenderedEmail {
    const rows: [string, unknown][] = [
      ['Title', p.documentTitle],
      ['File name', p.fileName],
      ['Borrower', p.userName],
      ['Borrower e-mail', p.userEmail],
    ];
    const link = `${env().PUBLIC_URL}/admin-dashboard/users`;
    return {
      subject: `New document from ${String(p.userName)}: ${String(p.documentTitle)}`,
      text: `A borrower uploaded a document.\n\n${textRows(rows)}\n\nUsers and their documents: ${link}\n`,
      html: layout('New borrower document', ['A borrower uploaded a document.'], rows, { href: link, label: 'View users' }),
    };
  },
  /** follow-deal-handler: an investor followed or unfollowed a deal, to the lender (product §7 Deals). */
  'deal-interest'(p: Payload): RenderedEmail {
    const followed = p.action === 'follow';
    const rows: [string, unknown][] = [
      ['Deal', p.dealTitle],
      ['Investor', p.userName],
      ['Investor e-mail', p.userEmail],
    ];
    const link = `${env().PUBLIC_URL}/deal/${String(p.dealId)}`;
    const line = followed ? 'An investor expressed interest in a deal.' : 'An investor removed their interest in a deal.';
    return {
      subject: `${followed ? 'Interest' : 'Interest removed'}: ${String(p.userName)} – ${String(p.dealTitle)}`,
      text: `${line}\n\n${textRows(rows)}\n\nDeal: ${link}\n`,
      html: layout(followed ? 'New deal interest' : 'Deal interest removed', [line], rows, { href: link, label: 'View deal' }),
    };
  },
  // ------------------------------------------------------------ the loan file (issue "The loan file")
  /** To the borrower: their application arrived, with the documents we will ask for. */
  'loan-submitted'(p: Payload): RenderedEmail {
    const items = Array.isArray(p.items) ? (p.items as string[]) : [];
    return loanEmail(p, `Application ${String(p.reference)} received`, [
      `Thank you, ${String(p.name)}. We received your application ${String(p.reference)} and will start reviewing it within one business day.`,
      items.length ? `Your document checklist asks for: ${items.join('; ')}. You can upload them on the loan page.` : '',
    ]);
  },
  /** To the borrower: staff asked for another document. */
  'loan-item-requested'(p: Payload): RenderedEmail {
    return loanEmail(p, `We need a document for ${String(p.reference)}`, [
      `Please upload "${String(p.item)}" on the loan page.`,
      String(p.description ?? ''),
    ]);
  },
  /** To the borrower: an upload was reviewed and needs attention, with the reviewer's reason. */
  'loan-item-needs-attention'(p: Payload): RenderedEmail {
    return loanEmail(p, `A document for ${String(p.reference)} needs attention`, [
      `We reviewed "${String(p.item)}" and need you to look at it again: ${String(p.reason)}`,
      'Please upload a new file on the loan page.',
    ]);
  },
  /** To the borrower: the loan moved to another stage, with the staff's note. */
  'loan-stage-changed'(p: Payload): RenderedEmail {
    return loanEmail(p, `Loan ${String(p.reference)}: ${String(p.stage)}`, [
      `Your loan ${String(p.reference)} moved to ${String(p.stage)}.`,
      String(p.note ?? ''),
    ]);
  },
  /** To the borrower: a term sheet was issued. */
  'loan-term-sheet-issued'(p: Payload): RenderedEmail {
    return loanEmail(
      p,
      `Your term sheet for ${String(p.reference)}`,
      ['Your term sheet is ready. Review it on the loan page and accept or decline it before it expires.'],
      [
        ['Loan amount', p.amount],
        ['Interest rate', p.rate],
        ['Points', p.points],
        ['Term', p.term],
        ['LTV', p.ltv],
        ['Expires', p.expiresOn],
      ],
    );
  },
  /** To the borrower: a message from the lender's staff. */
  'loan-message'(p: Payload): RenderedEmail {
    return loanEmail(p, `New message about ${String(p.reference)}`, [`${String(p.author)} wrote:`, String(p.body)]);
  },
  /**
   * To the borrower: the written notice of action taken on a declined application, with the
   * specific reasons and the Equal Credit Opportunity Act notice (Regulation B, 12 CFR 1002.9).
   */
  'loan-declined'(p: Payload): RenderedEmail {
    const company = companyInfo();
    return loanEmail(p, `Notice of action taken on application ${String(p.reference)}`, [
      `Dear ${String(p.name)}, thank you for applying to ${company.name}. After reviewing application ${String(p.reference)} for ${String(p.property)}, we are unable to make this loan.`,
      `The principal reasons for our decision: ${String(p.reason)}`,
      `Date of decision: ${String(p.decidedOn)}. Creditor: ${company.legalName}, ${company.address}.`,
      "The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The federal agency that administers compliance with this law concerning this creditor is the Federal Trade Commission, Equal Credit Opportunity, Washington, DC 20580.",
    ]);
  },
  /** To the lender: a new application was submitted. */
  'loan-application'(p: Payload): RenderedEmail {
    return lenderLoanEmail(
      p,
      `New application ${String(p.reference)} from ${String(p.borrowerName)}`,
      'A borrower submitted an application.',
      [
        ['Purpose', p.purpose],
        ['LTV', p.ltv === null || p.ltv === undefined ? '' : `${String(p.ltv)}%`],
      ],
    );
  },
  /** To the lender: the borrower uploaded files to a checklist item. */
  'loan-item-uploaded'(p: Payload): RenderedEmail {
    return lenderLoanEmail(
      p,
      `${String(p.reference)}: new upload for ${String(p.item)}`,
      'A borrower uploaded files to a checklist item.',
      [
        ['Item', p.item],
        ['Files', p.files],
      ],
    );
  },
  /** To the lender: the borrower accepted or declined the term sheet. */
  'loan-term-sheet-answered'(p: Payload): RenderedEmail {
    return lenderLoanEmail(
      p,
      `${String(p.reference)}: term sheet ${String(p.answer)}`,
      `The borrower ${String(p.answer)} the term sheet.`,
      [
        ['Term sheet amount', p.amount],
        ['Client address', p.ip],
      ],
    );
  },
  /** To the lender: the borrower wrote in the loan's thread. */
  'loan-message-lender'(p: Payload): RenderedEmail {
    return lenderLoanEmail(p, `${String(p.reference)}: message from ${String(p.borrowerName)}`, 'The borrower wrote:', [
      ['Message', p.body],
    ]);
  },
  /** To the lender: the borrower withdrew the application. */
  'loan-stage-lender'(p: Payload): RenderedEmail {
    return lenderLoanEmail(
      p,
      `${String(p.reference)}: ${String(p.stage)}`,
      `The borrower moved the loan to ${String(p.stage)}.`,
      [['Reason', p.note]],
    );
  },
  // ------------------------------------------------------------ investing (issue "Investing")
  /** To the investor: their amount's status changed, or it moved on the waitlist. */
  'commitment-investor'(p: Payload): RenderedEmail {
    const rows: [string, unknown][] = [
      ['Deal', p.dealTitle],
      ['Amount', p.amount],
      ['Status', p.status],
    ];
    const link = String(p.link);
    const lines = [`Dear ${String(p.name)},`, String(p.message)];
    return {
      subject: `${String(p.subject)}: ${String(p.dealTitle)}`,
      text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\nThe deal: ${link}\n`,
      html: layout(String(p.subject), lines, rows, { href: link, label: 'View the deal' }),
    };
  },
  /** To the lender (NOTIFY_EMAIL): an investor indicated, changed or withdrew an amount. */
  'commitment-lender'(p: Payload): RenderedEmail {
    const what = { new: 'indicated an amount', changed: 'changed their amount', withdrawn: 'withdrew their amount' }[
      String(p.action) as 'new' | 'changed' | 'withdrawn'
    ];
    const rows: [string, unknown][] = [
      ['Deal', p.dealTitle],
      ['Investor', p.investorName],
      ['Investor e-mail', p.investorEmail],
      ['Amount', p.amount],
      ...(p.previous ? ([['Before', p.previous]] as [string, unknown][]) : []),
      ['Status', p.status],
    ];
    const link = String(p.link);
    const line = `${String(p.investorName)} ${what ?? 'changed an amount'} in ${String(p.dealTitle)}.`;
    return {
      subject: `Amount ${p.action === 'withdrawn' ? 'withdrawn' : p.action === 'changed' ? 'changed' : 'indicated'}: ${String(p.investorName)} – ${String(p.dealTitle)}`,
      text: `${line}\n\n${textRows(rows)}\n\nDemand for this deal: ${link}\n`,
      html: layout('Investor amount', [line], rows, { href: link, label: 'View demand' }),
    };
  },
  /** To the investor (when they take e-mail): their accreditation record lapses soon (issue "Investing"). */
  'accreditation-reminder'(p: Payload): RenderedEmail {
    const days = Number(p.daysLeft);
    const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
    const lines = [
      `Dear ${String(p.name)},`,
      `Your accreditation record on file with ${companyInfo().name} expires on ${String(p.expiresOn)} (${when}).`,
      'To keep indicating amounts on deals after that day, upload a new verification letter from your CPA or attorney on your profile; we will review it and confirm your accreditation. If you have uploaded one already, it is under review.',
    ];
    const rows: [string, unknown][] = [
      ['Established by', p.method],
      ['Expires on', p.expiresOn],
    ];
    const link = String(p.link);
    return {
      subject: `Your accreditation expires on ${String(p.expiresOn)}`,
      text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\nYour profile: ${link}\n`,
      html: layout('Your accreditation expires soon', lines, rows, { href: link, label: 'Open your profile' }),
    };
  },
  /** To the investor (when they take e-mail): staff verified their letter or recorded their own check. */
  'accreditation-verified'(p: Payload): RenderedEmail {
    const lines = [
      `Dear ${String(p.name)},`,
      `Your accreditation is verified until ${String(p.expiresOn)}. You can indicate amounts on deals until then.`,
    ];
    const rows: [string, unknown][] = [
      ['Established by', p.method],
      ['Established on', p.establishedOn],
      ['Expires on', p.expiresOn],
    ];
    const link = String(p.link);
    return {
      subject: 'Your accreditation is verified',
      text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\nYour profile: ${link}\n`,
      html: layout('Your accreditation is verified', lines, rows, { href: link, label: 'Open your profile' }),
    };
  },
  /** To the investor (when they take e-mail): staff could not accept their verification letter. */
  'accreditation-letter-rejected'(p: Payload): RenderedEmail {
    const lines = [
      `Dear ${String(p.name)},`,
      'We could not accept the verification letter you uploaded, for this reason:',
      String(p.reason),
      'Please upload a new letter from your CPA or attorney on your profile.',
    ];
    const rows: [string, unknown][] = [['File', p.fileName]];
    const link = String(p.link);
    return {
      subject: 'Your verification letter was not accepted',
      text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\nYour profile: ${link}\n`,
      html: layout('Your verification letter was not accepted', lines, rows, { href: link, label: 'Open your profile' }),
    };
  },
  /** To the lender (NOTIFY_EMAIL): an investor uploaded a verification letter to review. */
  'accreditation-letter-lender'(p: Payload): RenderedEmail {
    const rows: [string, unknown][] = [
      ['Investor', p.investorName],
      ['Investor e-mail', p.investorEmail],
      ['File', p.fileName],
    ];
    const line = `${String(p.investorName)} uploaded a verification letter to review.`;
    const link = String(p.link);
    return {
      subject: `Verification letter to review: ${String(p.investorName)}`,
      text: `${line}\n\n${textRows(rows)}\n\nReview it in the user directory: ${link}\n`,
      html: layout('Verification letter to review', [line], rows, { href: link, label: 'Review the letter' }),
    };
  },
} satisfies Record<string, (p: Payload) => RenderedEmail>;

export type TemplateName = keyof typeof templates;

/** Renders `template` with `payload`. @throws Error for an unknown template name. */
export function renderEmail(template: string, payload: Payload): RenderedEmail {
  const render = (templates as Record<string, (p: Payload) => RenderedEmail>)[template];
  if (!render) throw new Error(`Unknown e-mail template: ${template}`);
  return render(payload);
}

export { escapeHtml };
