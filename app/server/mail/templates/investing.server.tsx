/**
 * E-mails of investing (issue "Investing"; issue 22 "E-mails as typed components"): interest in a
 * deal and indicated amounts, to the lender (NOTIFY_EMAIL) and to the investor, and the
 * accreditation record's reminders and reviews. Amounts are whole dollars and days
 * 'YYYY-MM-DD' in the payload; they are written out here, with the one format module
 * (app/lib/format.ts).
 */
import { formatCalendarDay, usd } from '~/lib/format';
import { companyInfo, env } from '../../env.server';
import { defineEmail, EmailLayout, Facts, Paragraph } from './layout.server';

/** 'deal-interest' (follow-deal-handler): an investor followed or unfollowed deal `dealId`. */
export interface DealInterestPayload {
  action: 'follow' | 'unfollow';
  dealId: string;
  /** Null when the deal is gone. */
  dealTitle: string | null;
  userId: string;
  userName: string;
  userEmail: string;
}

export const dealInterest = defineEmail<DealInterestPayload>({
  subject: (p) => `${p.action === 'follow' ? 'Followed' : 'Unfollowed'}: ${p.userName} – ${p.dealTitle ?? ''}`,
  Component: (p) => {
    const followed = p.action === 'follow';
    return (
      <EmailLayout
        title={followed ? 'Deal followed' : 'Deal unfollowed'}
        action={{ href: `${env().PUBLIC_URL}/deal/${encodeURIComponent(p.dealId)}`, label: 'View deal' }}
      >
        <Paragraph>
          {followed ? 'An investor followed a deal (no amount yet).' : 'An investor stopped following a deal.'}
        </Paragraph>
        <Facts
          rows={[
            ['Deal', p.dealTitle],
            ['Investor', p.userName],
            ['Investor e-mail', p.userEmail],
          ]}
        />
      </EmailLayout>
    );
  },
});

/**
 * 'commitment-investor': their amount's status changed or it moved on the waitlist. `subject`
 * and `message` are the portal notification's title and text; `status` its label; `amount`
 * whole dollars; `link` the deal page, absolute.
 */
export interface CommitmentInvestorPayload {
  name: string;
  subject: string;
  message: string;
  dealTitle: string;
  amount: number;
  status: string;
  link: string;
}

export const commitmentInvestor = defineEmail<CommitmentInvestorPayload>({
  subject: (p) => `${p.subject}: ${p.dealTitle}`,
  Component: (p) => (
    <EmailLayout title={p.subject} action={{ href: p.link, label: 'View the deal' }}>
      <Paragraph>{`Dear ${p.name},`}</Paragraph>
      <Paragraph>{p.message}</Paragraph>
      <Facts
        rows={[
          ['Deal', p.dealTitle],
          ['Amount', usd(p.amount)],
          ['Status', p.status],
        ]}
      />
    </EmailLayout>
  ),
});

/**
 * 'commitment-lender': an investor indicated, changed or withdrew an amount. `amount` and
 * `previous` (before a change, else null) are whole dollars; `link` the deal's demand page.
 */
export interface CommitmentLenderPayload {
  action: 'new' | 'changed' | 'withdrawn';
  dealTitle: string;
  investorName: string;
  investorEmail: string;
  amount: number;
  previous: number | null;
  status: string;
  link: string;
}

const DID = { new: 'indicated an amount', changed: 'changed their amount', withdrawn: 'withdrew their amount' } as const;
const SUBJECT = { new: 'indicated', changed: 'changed', withdrawn: 'withdrawn' } as const;

export const commitmentLender = defineEmail<CommitmentLenderPayload>({
  subject: (p) => `Amount ${SUBJECT[p.action]}: ${p.investorName} – ${p.dealTitle}`,
  Component: (p) => (
    <EmailLayout title="Investor amount" action={{ href: p.link, label: 'View demand' }}>
      <Paragraph>{`${p.investorName} ${DID[p.action]} in ${p.dealTitle}.`}</Paragraph>
      <Facts
        rows={[
          ['Deal', p.dealTitle],
          ['Investor', p.investorName],
          ['Investor e-mail', p.investorEmail],
          ['Amount', usd(p.amount)],
          ...(p.previous === null ? [] : ([['Before', usd(p.previous)]] as const)),
          ['Status', p.status],
        ]}
      />
    </EmailLayout>
  ),
});

/** What every e-mail to an investor about their accreditation carries (accreditation.server.ts `tellInvestor`). */
export interface AccreditationPayload {
  name: string;
  /** Their profile's accreditation section, absolute. */
  link: string;
}

/**
 * 'accreditation-reminder': their record lapses on `expiresOn` ('YYYY-MM-DD'), `daysLeft`
 * days from the day it was sent; `method` is the method's label.
 */
export interface AccreditationReminderPayload extends AccreditationPayload {
  expiresOn: string;
  daysLeft: number;
  method: string;
}

export const accreditationReminder = defineEmail<AccreditationReminderPayload>({
  subject: (p) => `Your accreditation expires on ${formatCalendarDay(p.expiresOn)}`,
  Component: (p) => {
    const when = p.daysLeft <= 0 ? 'today' : p.daysLeft === 1 ? 'tomorrow' : `in ${p.daysLeft} days`;
    return (
      <EmailLayout title="Your accreditation expires soon" action={{ href: p.link, label: 'Open your profile' }}>
        <Paragraph>{`Dear ${p.name},`}</Paragraph>
        <Paragraph>{`Your accreditation record on file with ${companyInfo().name} expires on ${formatCalendarDay(p.expiresOn)} (${when}).`}</Paragraph>
        <Paragraph>
          To keep indicating amounts on deals after that day, upload a new verification letter from your CPA or attorney on your
          profile; we will review it and confirm your accreditation. If you have uploaded one already, it is under review.
        </Paragraph>
        <Facts
          rows={[
            ['Established by', p.method],
            ['Expires on', formatCalendarDay(p.expiresOn)],
          ]}
        />
      </EmailLayout>
    );
  },
});

/** 'accreditation-verified': staff verified the record, established and expiring on those days ('YYYY-MM-DD'). */
export interface AccreditationVerifiedPayload extends AccreditationPayload {
  method: string;
  establishedOn: string;
  expiresOn: string;
}

export const accreditationVerified = defineEmail<AccreditationVerifiedPayload>({
  subject: () => 'Your accreditation is verified',
  Component: (p) => (
    <EmailLayout title="Your accreditation is verified" action={{ href: p.link, label: 'Open your profile' }}>
      <Paragraph>{`Dear ${p.name},`}</Paragraph>
      <Paragraph>{`Your accreditation is verified until ${formatCalendarDay(p.expiresOn)}. You can indicate amounts on deals until then.`}</Paragraph>
      <Facts
        rows={[
          ['Established by', p.method],
          ['Established on', formatCalendarDay(p.establishedOn)],
          ['Expires on', formatCalendarDay(p.expiresOn)],
        ]}
      />
    </EmailLayout>
  ),
});

/** 'accreditation-letter-rejected': staff could not accept letter `fileName`, for `reason`. */
export interface AccreditationLetterRejectedPayload extends AccreditationPayload {
  fileName: string | null;
  reason: string;
}

export const accreditationLetterRejected = defineEmail<AccreditationLetterRejectedPayload>({
  subject: () => 'Your verification letter was not accepted',
  Component: (p) => (
    <EmailLayout title="Your verification letter was not accepted" action={{ href: p.link, label: 'Open your profile' }}>
      <Paragraph>{`Dear ${p.name},`}</Paragraph>
      <Paragraph>We could not accept the verification letter you uploaded, for this reason:</Paragraph>
      <Paragraph>{p.reason}</Paragraph>
      <Paragraph>Please upload a new letter from your CPA or attorney on your profile.</Paragraph>
      <Facts rows={[['File', p.fileName]]} />
    </EmailLayout>
  ),
});

/** 'accreditation-letter-lender': an investor uploaded letter `fileName`; `link` finds them in the user directory. */
export interface AccreditationLetterLenderPayload {
  investorName: string;
  investorEmail: string;
  fileName: string;
  link: string;
}

export const accreditationLetterLender = defineEmail<AccreditationLetterLenderPayload>({
  subject: (p) => `Verification letter to review: ${p.investorName}`,
  Component: (p) => (
    <EmailLayout title="Verification letter to review" action={{ href: p.link, label: 'Review the letter' }}>
      <Paragraph>{`${p.investorName} uploaded a verification letter to review.`}</Paragraph>
      <Facts
        rows={[
          ['Investor', p.investorName],
          ['Investor e-mail', p.investorEmail],
          ['File', p.fileName],
        ]}
      />
    </EmailLayout>
  ),
});
