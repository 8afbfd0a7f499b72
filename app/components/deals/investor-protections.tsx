/**
 * What protects an investor's money, on every deal page (issue 23 "Trust at first sight"): who
 * services the loan, where funds are held before funding, what happens if the borrower defaults,
 * in the words staff publish in Site content ('Investor protections'), with a link to the
 * Investor FAQ.
 */
import { Link } from 'react-router';
import { INVESTOR_PROTECTION_ITEMS, type InvestorProtections as Protections } from '~/lib/site-content';
import { Part } from './deal-parts';

export function InvestorProtections({ protections }: { protections: Protections }) {
  return (
    <Part id="protections" title="How your money is protected">
      <dl className="mt-4 grid gap-4">
        {INVESTOR_PROTECTION_ITEMS.map(({ key, label }) => (
          <div key={key}>
            <dt className="font-semibold text-navy-900">{label}</dt>
            <dd className="mt-1 leading-relaxed text-ink">{protections[key]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        <Link
          to="/investors#faq-title"
          className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-2 hover:text-brass-700"
        >
          Read the Investor FAQ
        </Link>
      </p>
    </Part>
  );
}
