/**
 * Tabs without JavaScript: a group of radio buttons styled as tabs, each showing its panel while
 * checked (the `.tabs` rules in app.css). The home page ships no JavaScript
 * (app/lib/route-handle.ts), and /login uses the same component.
 *
 * Assistive technology meets what it is: a radio group named `label`, one radio per tab, and the
 * shown panel as a group named by its tab. The keyboard works as for any radio group: Tab
 * reaches the checked tab, the arrow keys move to and show the next or previous one, Tab again
 * enters the panel. Every panel is in the HTML; the hidden ones are `display: none`.
 * At most four tabs (the CSS pairs tab and panel by position).
 */
import { useId, type ReactNode } from 'react';

export interface TabDef {
  value: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ tabs, defaultValue, label }: { tabs: readonly TabDef[]; defaultValue: string; label: string }) {
  const id = useId();
  return (
    <div className="tabs">
      <div
        role="radiogroup"
        aria-label={label}
        className="tab-list inline-flex rounded-xl border border-line bg-surface p-1 shadow-xs"
      >
        {tabs.map((t) => (
          <label
            key={t.value}
            id={`${id}-${t.value}-tab`}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-4 py-2.5 text-xs font-semibold tracking-[0.14em] text-muted transition-colors hover:text-navy-900 has-checked:bg-navy-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brass-500 sm:px-6 sm:text-sm"
          >
            <input
              type="radio"
              name={id}
              value={t.value}
              defaultChecked={t.value === defaultValue}
              aria-controls={`${id}-${t.value}`}
              className="sr-only"
            />
            {t.label}
          </label>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.value}
          id={`${id}-${t.value}`}
          role="group"
          aria-labelledby={`${id}-${t.value}-tab`}
          className="tab-panel mt-8"
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
