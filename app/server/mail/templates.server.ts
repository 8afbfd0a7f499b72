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
} satisfies Record<string, (p: Payload) => RenderedEmail>;

export type TemplateName = keyof typeof templates;

/** Renders `template` with `payload`. @throws Error for an unknown template name. */
export function renderEmail(template: string, payload: Payload): RenderedEmail {
  const render = (templates as Record<string, (p: Payload) => RenderedEmail>)[template];
  if (!render) throw new Error(`Unknown e-mail template: ${template}`);
  return render(payload);
}

export { escapeHtml };
