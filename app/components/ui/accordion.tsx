/**
 * A FAQ accordion on Radix: one item open at a time, and the open one closes when clicked
 * again (product §2 Borrowers/Investors "one item open at a time, collapsible"). Keyboard:
 * Tab between questions, Enter/Space toggles, arrow keys move (WAI-ARIA accordion pattern).
 */
import { ChevronDown } from 'lucide-react';
import { Accordion as Radix } from 'radix-ui';
import { cardClasses } from '~/components/ui/card';

export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ list; every answer is rendered in the HTML (hidden until opened) for SEO. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Radix.Root type="single" collapsible className={cardClasses('none', 'divide-y divide-line')}>
      {items.map((item, i) => (
        <Radix.Item key={item.question} value={`item-${i}`}>
          <Radix.Header asChild>
            <h3 className="font-sans text-base tracking-normal">
              <Radix.Trigger className="group flex w-full items-center justify-between gap-6 px-6 py-5 text-left font-semibold text-navy-900 hover:bg-navy-50/60 sm:px-8">
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-brass-600 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden
                />
              </Radix.Trigger>
            </h3>
          </Radix.Header>
          <Radix.Content forceMount className="px-6 pb-6 leading-relaxed text-muted data-[state=closed]:hidden sm:px-8">
            {item.answer}
          </Radix.Content>
        </Radix.Item>
      ))}
    </Radix.Root>
  );
}
