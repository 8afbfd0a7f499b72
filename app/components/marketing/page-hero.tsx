/**
 * The dark hero at the top of every marketing page: a generated background picture under a
 * navy gradient, an eyebrow, the page's h1, a lead paragraph and calls to action. The picture
 * hides itself if it fails to load; the navy background keeps the text readable either way.
 */
import type { ReactNode } from 'react';
import { Picture } from '~/components/ui/picture';
import { cn } from '~/lib/cn';

interface PageHeroProps {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Generated image base name (public/images). */
  image?: string;
  children?: ReactNode;
  /** Element id for in-page anchors such as #top. */
  id?: string;
  className?: string;
}

export function PageHero({ eyebrow, title, lead, image, children, id, className }: PageHeroProps) {
  return (
    <section
      id={id}
      className={cn('relative isolate overflow-hidden bg-navy-950 pt-32 pb-20 text-white sm:pt-40 sm:pb-28', className)}
    >
      {image && (
        <div className="absolute inset-0 -z-10">
          <Picture name={image} alt="" priority className="h-full w-full" />
        </div>
      )}
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-950/80 to-navy-950/40"
        aria-hidden="true"
      />
      <div className="container-page">
        {eyebrow && <p className="eyebrow !text-brass-300">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl !text-white sm:text-5xl lg:text-6xl">{title}</h1>
        {lead && <p className="mt-6 max-w-2xl text-lg leading-relaxed text-navy-100">{lead}</p>}
        {children && <div className="mt-9 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
