/**
 * The parts of a deal's page (app/routes/public/deal.tsx; issue "Investing"): the top bar, a
 * figure of the key figures band, a titled section, a list of facts, the gallery, and the
 * location's fallback when the map cannot show it.
 */
import { ArrowLeft, Building2, MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '~/components/layout/brand';
import { cardClasses } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { dealImageUrl } from '~/lib/deals';

/** The dark bar above a deal: the brand, home, and 'Back to Deals'. */
export function TopBar() {
  return (
    <div className="bg-navy-950">
      <div className="container-page flex h-16 items-center justify-between">
        <Link to="/" className="flex min-h-11 items-center rounded-md">
          <BrandMark />
          <span className="sr-only"> – home</span>
        </Link>
        <Link to="/deals" className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-navy-100 hover:text-white">
          <ArrowLeft aria-hidden className="size-4" /> Back to Deals
        </Link>
      </div>
    </div>
  );
}

/** One labelled figure of the key figures band. */
export function Figure({ label, value, large }: { label: string; value: string; large?: boolean }) {
  return (
    <div className={large ? 'col-span-2 sm:col-span-1' : undefined}>
      <dt className="text-sm text-navy-200">{label}</dt>
      <dd className={cn('font-serif text-white', large ? 'text-4xl text-brass-300' : 'text-2xl')}>{value}</dd>
    </div>
  );
}

/** A section of the deal's story: a card with its heading. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClasses('none', 'p-6')}>
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Facts({ items }: { items: [string, string | null | undefined][] }) {
  const shown = items.filter(([, v]) => v);
  if (!shown.length) return null;
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="mt-0.5 whitespace-pre-line text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the property is when the map cannot show it: the address, a link to a map, the coordinates. */
export function LocationFallback({ location, lat, lng }: { location: string; lat: number | null; lng: number | null }) {
  const query = lat !== null && lng !== null ? `${lat},${lng}` : location;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4 rounded-xl border border-dashed border-navy-200 bg-navy-50/60 p-5">
      <MapPin aria-hidden className="size-8 shrink-0 text-brass-600" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-navy-900">{location}</p>
        {lat !== null && lng !== null && (
          <p className="text-sm text-muted">
            {lat.toFixed(4)}, {lng.toFixed(4)}
          </p>
        )}
      </div>
      <a
        href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 underline underline-offset-4"
        rel="noopener noreferrer"
        target="_blank"
      >
        Open in a map<span className="sr-only"> (opens a new tab)</span>
      </a>
    </div>
  );
}

/** The deal's pictures: the one shown, and a thumbnail button for each (a placeholder without any). */
export function DealGallery({ title, images }: { title: string; images: string[] }) {
  const [shown, setShown] = useState(0);
  return (
    <>
      {images.length > 0 ? (
        <div className="mt-4" role="region" aria-label="Gallery">
          <div className="aspect-[16/10] overflow-hidden rounded-xl bg-navy-100">
            <img
              src={dealImageUrl(images[shown]!)}
              alt={`${title}, view ${shown + 1} of ${images.length}`}
              className="h-full w-full object-cover"
              width={1024}
              height={640}
            />
          </div>
          {images.length > 1 && (
            <ul className="mt-3 flex flex-wrap gap-3">
              {images.map((key, i) => (
                <li key={key}>
                  <button
                    type="button"
                    onClick={() => setShown(i)}
                    aria-pressed={i === shown}
                    className={cn('block overflow-hidden rounded-lg ring-2', i === shown ? 'ring-brass-500' : 'ring-transparent')}
                  >
                    <img
                      src={dealImageUrl(key)}
                      alt={`Show view ${i + 1}`}
                      className="h-16 w-24 object-cover"
                      width={96}
                      height={64}
                      loading="lazy"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className="mt-4 flex aspect-[16/10] items-center justify-center rounded-xl bg-navy-100">
          <Building2 aria-hidden className="size-16 text-navy-300" />
        </div>
      )}
    </>
  );
}
