/**
 * What the public site still lacks (issue 23 "Trust at first sight"), on the admin dashboard: the
 * team, the track record, the pictures, or the demo's sample content standing in for them, each
 * with a link to its editor in 'Site content'. Nothing when the site is complete.
 */
import { Link } from 'react-router';
import { cardClasses } from '~/components/ui/card';
import type { MissingSection } from '~/lib/site-content';

export function SiteGaps({ gaps }: { gaps: readonly MissingSection[] }) {
  if (gaps.length === 0) return null;
  return (
    <section aria-labelledby="site-gaps" className={cardClasses('none', 'mt-6 border-brass-300 p-6')}>
      <h2 id="site-gaps" className="text-xl">
        What the public site still lacks
      </h2>
      <p className="mt-1 text-sm text-muted">Visitors trust a lender they can see: fill these in and publish them.</p>
      <ul className="mt-4 divide-y divide-line">
        {gaps.map((gap) => (
          <li key={`${gap.section}-${gap.reason}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <span className="min-w-0">
              <span className="block font-medium text-navy-900">{gap.label}</span>
              <span className="block text-sm text-muted">{gap.reason}</span>
            </span>
            <Link to={gap.href} className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 hover:underline">
              Edit {gap.label.toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
