/**
 * What the site-content editors share (issue "First impression"): every list (programs, team,
 * FAQs, Home's pictures) is edited one item at a time, each item with its own small form posted to
 * the section's page, so saving one never sends, or loses, what is typed in another. Here: the
 * hook that gives such a form its fetcher and its last answer (also the answer of a form posted
 * without JavaScript), 'Move up', 'Move down' and 'Remove' (asked first) for an item, the 'Add'
 * panel, and the key that renews an item's form when its saved content changes.
 */
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import type { $ZodType } from 'zod/v4/core';
import type { ReactNode } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { Choice } from '~/components/forms';
import { Button, buttonClasses, iconButtonClasses } from '~/components/ui/button';
import { cardClasses } from '~/components/ui/card';
import { ConfirmDelete } from '~/components/ui/confirm-delete';
import { parseForm } from '~/lib/parse-form';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { useHydrated } from '~/lib/use-hydrated';

/** The section page's answer: the one action answer, naming the form it answers (`formId`). */
export interface SectionAnswer extends ActionAnswer {
  formId?: string;
}

/**
 * The id a new item's form carries (the schema wants one); the server replaces it with a new
 * random id when it adds the item.
 */
export const NEW_ITEM_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The fetcher of the item form `formId`, and the options of its Conform form but its default
 * value: checked in the browser with `schema` (the one the section's action parses with) on
 * submit and again on input (`dollars`: its money fields, as `parseForm` takes them), with the last result (the fetcher's answer, or the page's action
 * data when the form was posted without JavaScript and refused).
 */
export function useSectionForm<Schema extends $ZodType>(formId: string, schema: Schema, dollars: readonly string[] = []) {
  const fetcher = useFetcher<SectionAnswer>();
  useActionAnswer(fetcher);
  const posted = useActionData<SectionAnswer>();
  const lastResult =
    fetcher.state !== 'idle' ? undefined : (fetcher.data?.result ?? (posted?.formId === formId ? posted.result : undefined));
  const options = {
    id: formId,
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }: { formData: FormData }) => parseForm(formData, { schema, dollars }),
  } as const;
  return { fetcher, busy: fetcher.state !== 'idle', options };
}

/**
 * A short key of `value` (an item's saved content): an item's form is keyed by it, so it starts
 * again from what is saved when that changes (a save, 'Discard changes'), and keeps what is typed
 * in it otherwise.
 */
export function contentKey(value: unknown): string {
  const text = JSON.stringify(value);
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

/** The submit button of an item's form: `busyLabel` and disabled while it posts. */
export function SaveButton({
  busy,
  busyLabel = 'Saving…',
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="navy" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** Hidden inputs for `fields`. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * 'Move up', 'Move down' and 'Remove' for the item `target` names (its `id`, or Home's picture
 * `index`), called `name` for assistive technology. `intents` are the action's for a move and a
 * removal; `canRemove` false leaves 'Remove' out (Home keeps one picture).
 */
export function ItemControls({
  name,
  target,
  first,
  last,
  intents = { move: 'move', remove: 'remove' },
  canRemove = true,
  removal,
}: {
  name: string;
  target: Record<string, string>;
  first: boolean;
  last: boolean;
  intents?: { move: string; remove: string };
  canRemove?: boolean;
  /** What removing does, in the confirmation. */
  removal: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SectionAnswer>();
  useActionAnswer(fetcher);
  const busy = fetcher.state !== 'idle';
  const move = (direction: 'up' | 'down', disabled: boolean) => (
    <fetcher.Form method="post">
      <HiddenFields fields={{ ...target, intent: intents.move, direction }} />
      <button type="submit" disabled={disabled || busy} className={iconButtonClasses('neutral', 'disabled:opacity-40')}>
        {direction === 'up' ? <ArrowUp aria-hidden className="size-4" /> : <ArrowDown aria-hidden className="size-4" />}
        <span className="sr-only">
          Move {name} {direction}
        </span>
      </button>
    </fetcher.Form>
  );
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1">
      {move('up', first)}
      {move('down', last)}
      {canRemove &&
        (hydrated ? (
          <ConfirmDelete
            name={name}
            title={`Remove ${name}?`}
            description={`${removal} The change is saved as unpublished until you publish the section.`}
            onConfirm={() => void fetcher.submit({ ...target, intent: intents.remove }, { method: 'post' })}
          />
        ) : (
          <details className="text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center px-2 font-semibold text-danger">
              Remove…<span className="sr-only"> {name}</span>
            </summary>
            <form method="post" className="grid gap-2 py-2">
              <HiddenFields fields={{ ...target, intent: intents.remove }} />
              <Choice
                label={`Remove ${name}`}
                description={removal}
                inputProps={{ type: 'checkbox', name: 'confirm', required: true }}
              />
              <div>
                <button type="submit" className={buttonClasses('secondary', 'sm', 'text-danger')}>
                  Remove
                </button>
              </div>
            </form>
          </details>
        ))}
    </div>
  );
}

/** An ordered list of item cards, named `label`. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol className="grid gap-4" aria-label={label}>
      {children}
    </ol>
  );
}

/** An item's card: its title and `controls` on one row, then `children` (its form). */
export function ItemCard({
  title,
  summary,
  controls,
  children,
}: {
  title: ReactNode;
  summary?: ReactNode;
  controls: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={cardClasses('md', 'grid gap-4')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-sans text-lg font-semibold break-words text-navy-900">{title}</h2>
          {summary && <p className="mt-0.5 text-sm text-muted">{summary}</p>}
        </div>
        {controls}
      </div>
      {children}
    </li>
  );
}

/** A closed panel 'Add …' holding the form of a new item. */
export function AddItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className={cardClasses('none', 'group px-6')}>
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-2 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
        <Plus aria-hidden className="size-5 text-brass-600 transition-transform group-open:rotate-45" />
        {label}
      </summary>
      <div className="pb-6">{children}</div>
    </details>
  );
}

/** A `<details>` for an item's form: 'Edit {name}'. Opened when `open` (a refused save). */
export function EditPanel({ name, open, children }: { name: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="group" open={open || undefined}>
      <summary className="inline-flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded-md text-sm font-semibold text-navy-700 hover:underline sm:min-h-9 [&::-webkit-details-marker]:hidden">
        Edit<span className="sr-only"> {name}</span>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
