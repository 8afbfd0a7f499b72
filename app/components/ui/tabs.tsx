/**
 * Tabs on Radix (WAI-ARIA tabs pattern: arrow keys move between tabs, Tab enters the panel).
 * Every panel is server-rendered (forceMount + hidden) so its content is in the HTML.
 */
import { Tabs as Radix } from 'radix-ui';
import type { ReactNode } from 'react';

export interface TabDef {
  value: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ tabs, defaultValue, label }: { tabs: readonly TabDef[]; defaultValue: string; label: string }) {
  return (
    <Radix.Root defaultValue={defaultValue}>
      <Radix.List aria-label={label} className="inline-flex rounded-xl border border-line bg-surface p-1 shadow-xs">
        {tabs.map((t) => (
          <Radix.Trigger
            key={t.value}
            value={t.value}
            className="min-h-11 rounded-lg px-4 py-2.5 text-xs font-semibold tracking-[0.14em] text-muted transition-colors hover:text-navy-900 data-[state=active]:bg-navy-900 data-[state=active]:text-white sm:px-6 sm:text-sm"
          >
            {t.label}
          </Radix.Trigger>
        ))}
      </Radix.List>
      {tabs.map((t) => (
        <Radix.Content key={t.value} value={t.value} forceMount className="mt-8 data-[state=inactive]:hidden">
          {t.content}
        </Radix.Content>
      ))}
    </Radix.Root>
  );
}
