/**
 * The site footer (product §1, product decisions "licence details"): the company's legal name,
 * address, phone and e-mail, its Nevada licence, NMLS ID and California DRE licence (all from
 * configuration), the site links and the links to the Privacy Statement and Terms of Service.
 * Hidden on /admin paths (the layout decides).
 */
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from './brand';
import { EmailAddress } from '~/components/ui/email-address';
import { telHref } from '~/lib/format';
import { publicNavLinks } from '~/lib/nav';
import type { CompanyInfo } from '~/lib/company';

export function SiteFooter({ company }: { company: CompanyInfo }) {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-navy-950 text-navy-100">
      <div className="container-page grid gap-12 py-16 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1.4fr_1fr]">
        <div className="max-w-sm">
          <BrandMark />
          <p className="mt-5 text-sm leading-relaxed text-navy-200">
            Private real-estate lending in Nevada and California: bridge, fix-and-flip, construction and land loans secured by
            first deeds of trust, and deed-of-trust investments for accredited investors.
          </p>
        </div>

        <nav aria-label="Footer">
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-brass-300 uppercase">Explore</h2>
          <ul className="mt-3 text-sm">
            <li>
              <Link to="/" className="inline-flex min-h-11 min-w-11 items-center hover:text-white md:min-h-9 md:min-w-0">
                Home
              </Link>
            </li>
            {publicNavLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-flex min-h-11 min-w-11 items-center hover:text-white md:min-h-9 md:min-w-0">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-brass-300 uppercase">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2.5">
              <MapPin className="mt-0.5 size-4 shrink-0 text-brass-300" aria-hidden />
              <span>{company.address}</span>
            </p>
            <p className="flex items-center gap-2.5">
              <Phone className="size-4 shrink-0 text-brass-300" aria-hidden />
              <a href={telHref(company.phone)} className="inline-flex min-h-11 items-center hover:text-white md:min-h-0">
                {company.phone}
              </a>
            </p>
            <p className="flex items-center gap-2.5">
              <Mail className="size-4 shrink-0 text-brass-300" aria-hidden />
              <a href={`mailto:${company.email}`} className="inline-flex min-h-11 items-center hover:text-white md:min-h-0">
                <EmailAddress email={company.email} />
              </a>
            </p>
          </address>
        </div>

        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-brass-300 uppercase">Legal</h2>
          <ul className="mt-3 text-sm">
            <li>
              <Link
                to="/privacy-policy"
                className="inline-flex min-h-11 min-w-11 items-center hover:text-white md:min-h-9 md:min-w-0"
              >
                Privacy Statement
              </Link>
            </li>
            <li>
              <Link
                to="/terms-of-service"
                className="inline-flex min-h-11 min-w-11 items-center hover:text-white md:min-h-9 md:min-w-0"
              >
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page space-y-2 py-7 text-xs leading-relaxed text-navy-200">
          <p>
            © {year} {company.legalName}. All rights reserved.
          </p>
          <p>
            {company.nvLicense} · {company.nmlsId} · {company.caDre}
          </p>
          <p>
            Investment opportunities are offered only to accredited investors. Past performance does not guarantee future results;
            every investment carries risk, including the loss of principal. Nothing on this site is an offer to sell securities.
          </p>
        </div>
      </div>
    </footer>
  );
}
