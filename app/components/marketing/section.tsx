/**
 * Layout pieces shared by the marketing pages: a section with consistent vertical rhythm, a
 * section heading (eyebrow, h2, intro), a feature card and the closing call-to-action band.
 */
import type { ComponentType, ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { cardClasses } from '~/components/ui/card';

type Tone = 'ivory' | 'white' | 'navy';
const tones: Record<Tone, string> = {
  ivory: 'bg-ivory',
  white: 'bg-surface',
  navy: 'bg-navy-950 text-navy-100',
};

/** A full-width page section; `tone` sets the background. */
export function Section({
  id,
  tone = 'ivory',
  className,
  children,
  labelledBy,
}: {
  id?: string;
  tone?: Tone;
  className?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn(tones[tone], 'py-16 sm:py-24')}>
      <div className={cn('container-page', className)}>{children}</div>
    </section>
  );
}

/** Eyebrow, h2 and an optional intro paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'left',
  inverse = false,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'left' | 'center';
  inverse?: boolean;
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && <p className={cn('eyebrow', inverse && '!text-brass-300')}>{eyebrow}</p>}
      <h2 id={id} className={cn('mt-3 text-3xl sm:text-4xl', inverse && '!text-white')}>
        {title}
      </h2>
      {intro && <p className={cn('mt-4 text-lg leading-relaxed', inverse ? 'text-navy-100' : 'text-muted')}>{intro}</p>}
    </div>
  );
}

/** A card with an icon, a title (h3) and text. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cardClasses('none', cn('p-7', className))}>
      {Icon && (
        <span className="inline-flex size-11 items-center justify-center rounded-lg bg-navy-900 text-brass-300">
          <Icon className="size-5" aria-hidden />
        </span>
      )}
      <h3 className="mt-5 text-xl">{title}</h3>
      <div className="mt-2.5 leading-relaxed text-muted">{children}</div>
    </div>
  );
}

/** The dark call-to-action band that closes a page. */
export function CtaBand({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions: ReactNode }) {
  return (
    <section className="bg-navy-950 py-16 text-white sm:py-20">
      <div className="container-page flex flex-col items-start justify-between gap-8 lg:flex-row lg:items-center">
        <div className="max-w-2xl">
          <h2 className="text-3xl !text-white sm:text-4xl">{title}</h2>
          {children && <p className="mt-4 text-lg text-navy-100">{children}</p>}
        </div>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </div>
    </section>
  );
}
