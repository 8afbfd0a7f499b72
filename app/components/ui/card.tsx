/**
 * The card every page composes (issue "Solid ground": one class string for a card): a white
 * surface with the site's border, radius and shadow; `tone="muted"` is the dashed empty-state
 * frame. `CardHeader` gives a card its title row, with an icon and an action on the right.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '~/lib/cn';

const base = 'rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)]';
const padding = { none: '', md: 'p-6', lg: 'p-6 sm:p-8' } as const;

/** A `<section>` card. */
export function Card({ pad = 'md', className, ...props }: HTMLAttributes<HTMLElement> & { pad?: keyof typeof padding }) {
  return <section className={cn(base, padding[pad], className)} {...props} />;
}

/** The class list of a card, for elements that are not a section (a form, a list item). */
export function cardClasses(pad: keyof typeof padding = 'md', className?: string) {
  return cn(base, padding[pad], className);
}

/** A card's title row: `title` (an h2) with an optional icon, and `action` on the right. */
export function CardHeader({ title, icon, action, id }: { title: ReactNode; icon?: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <h2 id={id} className="flex items-center gap-2 text-xl">
        {icon}
        {title}
      </h2>
      {action}
    </div>
  );
}
