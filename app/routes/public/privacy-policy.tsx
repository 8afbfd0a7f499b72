/**
 * Privacy Statement (/privacy-policy; /privacy redirects here), product §1: a licensed Nevada
 * lender offering bridge and fix-and-flip loans, commercial and residential investment
 * property loans and investment opportunities for accredited investors only, with an online
 * portal for document management and loan tracking; effective June 1, 2025. Company details
 * come from configuration.
 */
import type { Route } from './+types/privacy-policy';
import { LegalPage, type LegalSection } from '~/components/marketing/legal-page';
import { telHref } from '~/lib/format';
import { originFromMatches, seo } from '~/lib/seo';
import { useRootData } from '~/root';
import type { CompanyInfo } from '~/lib/company';
import type { RouteHandle } from '~/lib/route-handle';

export const handle = { hydrate: false } satisfies RouteHandle;

function sections(company: CompanyInfo | undefined): LegalSection[] {
  const name = company?.legalName ?? 'Ormsby Lending';
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {name} (“Ormsby Lending”, “we”, “us”) is a licensed Nevada lender. We offer bridge and fix-and-flip loans, commercial
          and residential investment property loans, and investment opportunities for accredited investors only. Through our
          website and our online portal, borrowers manage loan documents and track their loans, and investors review deals. This
          statement explains what personal information we collect, how we use and protect it, and the choices you have.
        </p>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <p>We collect information you give us and information created when you use our services:</p>
          <ul>
            <li>Contact details: your name, e-mail address, phone number and the messages you send us.</li>
            <li>
              Account details: your login e-mail, a securely hashed password, your roles (borrower, investor) and profile details
              such as title and company.
            </li>
            <li>
              Borrower information: loan requests, property details and addresses, project descriptions, and the documents you
              upload to the portal.
            </li>
            <li>
              Investor information: your answers about accredited status, income, net worth and investment experience, and the
              deals you follow.
            </li>
            <li>
              Technical information: IP address, browser type, pages visited and the date and time of your sign-ins, used for
              security and to keep the site working.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use your information',
      body: (
        <ul>
          <li>To answer your inquiries and provide the loans and services you request.</li>
          <li>To evaluate loan applications and investor eligibility, including whether an investor is accredited.</li>
          <li>To operate the portal: storing your documents, showing your loans and deals, and sending notifications.</li>
          <li>To protect our users and our business: verifying identities, preventing fraud and securing accounts.</li>
          <li>To meet our legal, regulatory and licensing obligations.</li>
          <li>
            With your consent, to send you news about new loan programs or investment opportunities. You can opt out at any time.
          </li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'How we share information',
      body: (
        <>
          <p>We do not sell your personal information. We share it only:</p>
          <ul>
            <li>
              With service providers who help us operate, such as title and escrow companies, appraisers, loan servicers, hosting
              and e-mail providers, under contracts that require them to protect it.
            </li>
            <li>With investors in a loan, limited to what they need to evaluate and service that loan.</li>
            <li>
              When required by law, regulation, court order or a regulator, or to protect our rights and the safety of others.
            </li>
            <li>In connection with a merger, sale or transfer of our business, subject to this statement.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'security',
      title: 'How we protect information',
      body: (
        <p>
          We use administrative, technical and physical safeguards: encrypted connections, hashed passwords, access limited to
          staff who need it, and private documents that are never publicly linked and are downloaded only through authorised
          requests. No system is perfectly secure; please keep your password private and tell us at once if you suspect misuse of
          your account.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      body: (
        <p>
          We keep personal information for as long as your account is open and afterwards for as long as the law and our licensing
          obligations require, typically the life of a loan plus the record-retention periods that apply to lenders. Information
          we no longer need is deleted or anonymised.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          We use only the cookies the site needs to work: a session cookie that keeps you signed in and a short-lived cookie that
          carries a confirmation message between pages. We do not use advertising or cross-site tracking cookies.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your choices and rights',
      body: (
        <>
          <p>
            You can review and update your profile in the portal at any time, change your notification preferences, and ask us to
            correct or delete your information, subject to our legal obligations to retain records.
          </p>
          <p>
            California residents have the right under the California Consumer Privacy Act to know what personal information we
            collect and how we use it, to request its deletion or correction, and not to be discriminated against for exercising
            these rights. Some information we hold is covered by the federal Gramm-Leach-Bliley Act instead. To make a request,
            contact us as described below; we will verify your identity before acting on it.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: <p>Our services are intended for adults. We do not knowingly collect information from anyone under 18.</p>,
    },
    {
      id: 'changes',
      title: 'Changes to this statement',
      body: (
        <p>
          We may update this statement from time to time. The effective date above shows when it last changed; material changes
          will be announced on this site or by e-mail.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Governing law and disputes',
      body: (
        <>
          <p>This statement is governed by the laws of the State of Nevada.</p>
          <p>
            Any dispute about this statement or about how we handle your information will be resolved by binding arbitration in
            Carson City, Nevada, under the rules of the American Arbitration Association, before a single arbitrator, on an
            individual basis and not as a class or representative action.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: company ? (
        <p>
          Questions or requests about your privacy: {company.legalName}, {company.address}; phone{' '}
          <a href={telHref(company.phone)}>{company.phone}</a>; e-mail <a href={`mailto:${company.email}`}>{company.email}</a>.
          <br />
          {company.nvLicense} · {company.nmlsId} · {company.caDre}
        </p>
      ) : (
        <p>Questions or requests about your privacy: please use our contact page.</p>
      ),
    },
  ];
}

export default function PrivacyPolicyPage() {
  const company = useRootData()?.company;
  return (
    <LegalPage
      title="Privacy Statement"
      effectiveDate="June 1, 2025"
      intro={
        <p>
          Your privacy matters to us. This statement applies to our website, our online portal and the services we provide through
          them.
        </p>
      }
      sections={sections(company)}
      related={{ to: '/terms-of-service', label: 'Terms of Service' }}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Privacy Statement',
    description:
      'How Ormsby Lending, a licensed Nevada lender, collects, uses, shares and protects the personal information of borrowers, investors and visitors.',
    path: '/privacy-policy',
    origin: originFromMatches(matches),
  });
