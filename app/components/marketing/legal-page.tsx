/**
 * The layout of the legal pages (Privacy Statement, Terms of Service): a dark title band with
 * the effective date, an on-page table of contents, and numbered sections in a readable
 * prose column, with a link to the other legal page.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** Shown as 'Effective date: …' (product §1: June 1, 2025). */
  effectiveDate: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  related: { to: string; label: string };
}

export function LegalPage({ title, effectiveDate, intro, sections, related }: LegalPageProps) {
  return (
    <>
      <section className="bg-navy-950 pt-32 pb-14 text-white sm:pt-40 sm:pb-16">
        <div className="container-page">
          <p className="eyebrow !text-brass-300">Legal</p>
          <h1 className="mt-3 text-4xl !text-white sm:text-5xl">{title}</h1>
          <p className="mt-4 text-navy-100">Effective date: {effectiveDate}</p>
        </div>
      </section>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[16rem_minmax(0,1fr)] lg:py-20">
        <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-brass-700 uppercase">On this page</h2>
          <ol className="mt-4 text-sm lg:space-y-2">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="flex min-h-11 items-center text-navy-800 hover:text-brass-700 hover:underline lg:inline lg:min-h-0"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-sm">
            See also:{' '}
            <Link to={related.to} className="font-medium text-navy-800 underline hover:text-brass-700">
              {related.label}
            </Link>
          </p>
        </nav>
        <article className="max-w-3xl text-[1.0625rem] leading-relaxed text-ink">
          <div className="space-y-4 text-lg text-muted">{intro}</div>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-12 scroll-mt-28">
              <h2 id={`${s.id}-title`} className="text-2xl">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-4 space-y-4 [&_a]:font-medium [&_a]:text-navy-800 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
                {s.body}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
