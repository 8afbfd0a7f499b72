/**
 * Terms of Service (/terms-of-service; /terms redirects here), product §1: a licensed Nevada
 * lender offering bridge and fix-and-flip loans, commercial and residential investment
 * property loans and investment opportunities for accredited investors only, with an online
 * portal for document management and loan tracking; effective June 1, 2025; disputes go to
 * binding arbitration in Carson City, Nevada, under American Arbitration Association rules.
 */
import { Link } from 'react-router';
import type { Route } from './+types/terms-of-service';
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
      id: 'agreement',
      title: 'Agreement to these terms',
      body: (
        <p>
          These terms govern your use of the website and online portal of {name} (“Ormsby Lending”, “we”, “us”), a licensed Nevada
          lender. By using the site or creating an account you agree to them. If you do not agree, please do not use the site.
        </p>
      ),
    },
    {
      id: 'services',
      title: 'Our services',
      body: (
        <>
          <p>
            We offer bridge and fix-and-flip loans, commercial and residential investment property loans, and investment
            opportunities for accredited investors only. Our online portal lets borrowers manage loan documents and track their
            loans, and lets investors review and follow deals.
          </p>
          <p>
            Information on the site describes our programs in general. Every loan is subject to application, underwriting,
            valuation, approval and written loan documents; nothing on the site is a commitment to lend.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility and accounts',
      body: (
        <ul>
          <li>You must be at least 18 years old and able to enter into a binding contract.</li>
          <li>The information you give us must be true, complete and kept up to date.</li>
          <li>
            You are responsible for keeping your password confidential and for everything done with your account. Tell us at once
            of any unauthorised use.
          </li>
          <li>We may suspend or close an account that breaks these terms or puts other users or us at risk.</li>
        </ul>
      ),
    },
    {
      id: 'investments',
      title: 'Investment opportunities',
      body: (
        <>
          <p>
            Investment opportunities are available to accredited investors only, as defined by the U.S. Securities and Exchange
            Commission: broadly, income over $200,000 ($300,000 joint) in each of the last two years, or a net worth over $1
            million excluding the primary residence. We may ask you to verify your status.
          </p>
          <p>
            Nothing on the site is an offer to sell, or a solicitation of an offer to buy, any security. Any investment is made
            only through its own offering documents. Investments in loans secured by deeds of trust carry risk, including the loss
            of principal; past performance does not guarantee future results. We do not give legal, tax or investment advice;
            consult your own advisers.
          </p>
        </>
      ),
    },
    {
      id: 'portal',
      title: 'Use of the portal',
      body: (
        <ul>
          <li>Upload only documents you are entitled to share and that relate to your loan or investment.</li>
          <li>
            Do not try to reach accounts, documents or data that are not yours, probe or disrupt the site, or use automated means
            to collect its content.
          </li>
          <li>Do not upload malicious files or content that is unlawful or infringes another person's rights.</li>
        </ul>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <p>
          The site, its text, images, design and software belong to Ormsby Lending or its licensors. You may view and print pages
          for your own use in dealing with us; any other use needs our written permission.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <p>
          The site is provided “as is” and “as available”. We work to keep it accurate, secure and available, but we do not
          warrant that it will be uninterrupted or error-free, or that information on it is complete or current.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          To the extent the law allows, Ormsby Lending is not liable for indirect, incidental, special or consequential damages
          arising from your use of the site. Nothing in these terms limits rights you have under loan or offering documents or
          under laws that cannot be waived.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Governing law and disputes',
      body: (
        <>
          <p>These terms are governed by the laws of the State of Nevada, without regard to its conflict-of-law rules.</p>
          <p>
            Any dispute arising from these terms or your use of the site will be resolved by binding arbitration in Carson City,
            Nevada, under the rules of the American Arbitration Association, before a single arbitrator. Judgment on the award may
            be entered in any court with jurisdiction. Disputes are resolved individually, not as a class or representative
            action.
          </p>
        </>
      ),
    },
    {
      id: 'privacy',
      title: 'Privacy',
      body: (
        <p>
          How we handle personal information is described in our <Link to="/privacy-policy">Privacy Statement</Link>.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may change these terms. The effective date above shows when they last changed; by using the site after a change you
          accept the new terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: company ? (
        <p>
          {company.legalName}, {company.address}; phone <a href={telHref(company.phone)}>{company.phone}</a>; e-mail{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>.
          <br />
          {company.nvLicense} · {company.nmlsId} · {company.caDre}
        </p>
      ) : (
        <p>Please use our contact page.</p>
      ),
    },
  ];
}

export default function TermsOfServicePage() {
  const company = useRootData()?.company;
  return (
    <LegalPage
      title="Terms of Service"
      effectiveDate="June 1, 2025"
      intro={<p>Please read these terms carefully before using our website and online portal.</p>}
      sections={sections(company)}
      related={{ to: '/privacy-policy', label: 'Privacy Statement' }}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Terms of Service',
    description:
      'The terms for using the Ormsby Lending website and portal: eligibility, accounts, investment opportunities for accredited investors, and arbitration in Nevada.',
    path: '/terms-of-service',
    origin: originFromMatches(matches),
  });
