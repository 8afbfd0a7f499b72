/**
 * E-mails about accounts (issue 22 "E-mails as typed components"): the address confirmation
 * after sign-up and the sign-up attempt on a known address (product decisions e-mail
 * confirmation, no account enumeration), the password reset (product §7 Send password reset
 * e-mail), and the lender's notices of a new account and of a borrower's upload (product §7).
 */
import { borrowerAnswerRows, investorAnswerRows, type StoredAnswers } from '~/lib/account-answers';
import { companyInfo, env } from '../../env.server';
import { defineEmail, EmailLayout, Facts, Paragraph, type Fact } from './layout.server';

/** 'verify-email': to the new user; `url` is better-auth's absolute verification link. */
export interface VerifyEmailPayload {
  name: string;
  url: string;
}

export const verifyEmail = defineEmail<VerifyEmailPayload>({
  subject: () => 'Confirm your e-mail address',
  Component: ({ name, url }) => (
    <EmailLayout title="Confirm your e-mail address" action={{ href: url, label: 'Confirm my e-mail' }}>
      <Paragraph>{`Welcome to ${companyInfo().name}, ${name}. Please confirm your e-mail address to open your account.`}</Paragraph>
      <Paragraph>If you did not create an account, you can ignore this message.</Paragraph>
    </EmailLayout>
  ),
});

/** 'account-exists': to the owner of an address someone tried to sign up with; no payload. */
export type AccountExistsPayload = Record<string, never>;

export const accountExists = defineEmail<AccountExistsPayload>({
  subject: () => 'You already have an account',
  Component: () => (
    <EmailLayout title="You already have an account" action={{ href: `${env().PUBLIC_URL}/login`, label: 'Sign in' }}>
      <Paragraph>Someone, probably you, tried to create an account with this e-mail address, but it already has one.</Paragraph>
      <Paragraph>Sign in with your password, or use "Forgot password?" on the sign-in page to choose a new one.</Paragraph>
      <Paragraph>If this was not you, no action is needed.</Paragraph>
    </EmailLayout>
  ),
});

/** 'reset-password': `url` is better-auth's absolute reset link, valid for one hour. */
export interface ResetPasswordPayload {
  url: string;
}

export const resetPassword = defineEmail<ResetPasswordPayload>({
  subject: () => 'Reset your password',
  Component: ({ url }) => (
    <EmailLayout title="Reset your password" action={{ href: url, label: 'Choose a new password' }}>
      <Paragraph>We received a request to reset the password of your account. The link is valid for one hour.</Paragraph>
      <Paragraph>If you did not ask for this, you can ignore this message: your password stays the same.</Paragraph>
    </EmailLayout>
  ),
});

/**
 * 'user-created' (notify-user-creation): to the lender, a new account with its sign-up answers.
 * The names are the original notice's camelCase (product §3); amounts are whole dollars and the
 * ranges and types stored values, shown as people read them (issue "Solid ground" 3).
 */
export interface UserCreatedPayload {
  name: string;
  email: string;
  isBorrower: boolean;
  isInvestor: boolean;
  isAccredited: boolean | null;
  income: string | null;
  netWorth: string | null;
  investmentExperience: string | null;
  loanType: string | null;
  /** The property types, joined by ', '. */
  propertyType: string;
  hasSpecificAddress: boolean | null;
  propertyAddress: string | null;
  /** The loan amount range's stored value ('1m-5m'). */
  loanAmount: string | null;
  projectDescription: string | null;
  desiredLoanAmount: number | null;
  estimatedPropertyValue: number | null;
}

function userCreatedRows(p: UserCreatedPayload): Fact[] {
  const answers: StoredAnswers = {
    isAccredited: p.isAccredited,
    income: p.income,
    netWorth: p.netWorth,
    investmentExperience: p.investmentExperience,
    loanType: p.loanType,
    propertyTypes: p.propertyType ? p.propertyType.split(', ') : [],
    hasSpecificAddress: p.hasSpecificAddress,
    propertyAddress: p.propertyAddress,
    loanAmountRange: p.loanAmount,
    projectDescription: p.projectDescription,
    desiredLoanAmount: p.desiredLoanAmount,
    estimatedPropertyValue: p.estimatedPropertyValue,
  };
  const roles = [p.isBorrower && 'Borrower', p.isInvestor && 'Investor'].filter(Boolean).join(' and ');
  return [
    ['Name', p.name],
    ['E-mail', p.email],
    ['Joining as', roles],
    ...(p.isInvestor ? investorAnswerRows(answers) : []),
    ...(p.isBorrower ? borrowerAnswerRows(answers) : []),
  ];
}

export const userCreated = defineEmail<UserCreatedPayload>({
  subject: (p) => `New account: ${p.name}`,
  Component: (p) => (
    <EmailLayout title="New account" action={{ href: `${env().PUBLIC_URL}/admin-dashboard/users`, label: 'View users' }}>
      <Paragraph>A new account was created on the website.</Paragraph>
      <Facts rows={userCreatedRows(p)} />
    </EmailLayout>
  ),
});

/** 'document-uploaded' (notify-document-upload): to the lender; several uploads are joined by ', '. */
export interface DocumentUploadedPayload {
  documentTitle: string;
  fileName: string;
  userName: string;
  userEmail: string;
}

export const documentUploaded = defineEmail<DocumentUploadedPayload>({
  subject: (p) => `New document from ${p.userName}: ${p.documentTitle}`,
  Component: (p) => (
    <EmailLayout
      title="New borrower document"
      action={{ href: `${env().PUBLIC_URL}/admin-dashboard/users`, label: 'View users' }}
    >
      <Paragraph>A borrower uploaded a document.</Paragraph>
      <Facts
        rows={[
          ['Title', p.documentTitle],
          ['File name', p.fileName],
          ['Borrower', p.userName],
          ['Borrower e-mail', p.userEmail],
        ]}
      />
    </EmailLayout>
  ),
});
