/**
 * A FAQ accordion of native `<details>` elements sharing one `name`: the browser keeps one item
 * open at a time, and the open one closes when its question is clicked again (product §2
 * Borrowers/Investors "one item open at a time, collapsible"), with no JavaScript (the pages
 * ship none, app/lib/route-handle.ts). Keyboard: Tab between questions, Enter or Space toggles.
 * Each question is an h3 inside its `<summary>`, which assistive technology reports as expanded
 * or collapsed.
 */
import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cardClasses } from '~/components/ui/card';

export interface FaqItem {
  question: string;
  /** The answer as rendered (site content's answers: `AnswerText`, with their links). */
  answer: ReactNode;
}

/** The FAQ list; every answer is in the HTML (found by the page search, which opens its item). */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const name = useId();
  return (
    <div className={cardClasses('none', 'divide-y divide-line')}>
      {items.map((item) => (
        <details key={item.question} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-6 px-6 py-5 text-left font-semibold text-navy-900 hover:bg-navy-50/60 sm:px-8 [&::-webkit-details-marker]:hidden">
            <h3 className="font-sans text-base tracking-normal">{item.question}</h3>
            <ChevronDown className="size-5 shrink-0 text-brass-600 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <div className="px-6 pb-6 leading-relaxed text-muted sm:px-8">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
