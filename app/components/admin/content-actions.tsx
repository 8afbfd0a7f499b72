/**
 * A site-content section's state and what can be done with it (issue "First impression"), on the
 * 'Site content' overview and at the top of a section's page: 'Published {date}' or 'Unpublished
 * changes saved {date}' (the lender's zone), 'Preview' (the section's public page with the
 * drafts, for staff only), and with a draft 'Publish' and 'Discard changes' (asked first). The
 * forms post to the section's page (`contentPath`), through a fetcher with JavaScript and as plain
 * forms without; from the overview they come back to the overview. 'Publish' asks first too
 * (issue 23), showing what changes (`describeChanges`) and, before it, the figures of other
 * sections the published programs would contradict (`contradictions`): in a dialog with
 * JavaScript, in an open panel without.
 */
import { AlertTriangle, Eye } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useFetcher } from 'react-router';
import { Choice } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-delete';
import { dialogOverlayClasses, dialogTitleClasses } from '~/components/ui/dialog';
import { formatDateTime } from '~/lib/format';
import { SECTION_LABELS, SECTION_PAGES, type SiteContentSection } from '~/lib/site-content';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { useHydrated } from '~/lib/use-hydrated';

/** A section as the pages' loaders send it (dates ISO 8601). */
export interface SectionStatus {
  section: SiteContentSection;
  hasDraft: boolean;
  publishedAt: string | null;
  draftUpdatedAt: string | null;
  /** What visitors see is the demo's sample content (issue 23) until staff publish their own. */
  sample?: boolean;
  /** What publishing changes, one sentence each (the section's page only). */
  changes?: string[];
  /** Figures elsewhere that the section, once published, contradicts (the section's page only). */
  warnings?: string[];
}

/** The admin page of `section`, where every site-content form posts. */
export const contentPath = (section: SiteContentSection) => `/admin-dashboard/content/${section}`;

/** 'Published {date}', or the unpublished changes and when they were saved; 'Sample content' while it is the demo's. */
export function SectionState({ status }: { status: SectionStatus }) {
  if (status.sample && !status.hasDraft)
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge tone="attention">Sample content</Badge>
        <span className="text-sm text-muted">invented for the demo: replace it with your own and publish</span>
      </span>
    );
  if (status.hasDraft)
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge tone="attention">Unpublished changes</Badge>
        {status.draftUpdatedAt && <span className="text-sm text-muted">saved {formatDateTime(status.draftUpdatedAt)}</span>}
      </span>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone="success">Published</Badge>
      <span className="text-sm text-muted">
        {status.publishedAt ? formatDateTime(status.publishedAt) : 'the site’s original content'}
      </span>
    </span>
  );
}

/** 'Discard changes': asked in a dialog with JavaScript, with a box to tick without. */
function DiscardControl({ section, fields }: { section: SiteContentSection; fields: Record<string, string> }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const label = SECTION_LABELS[section];
  if (hydrated)
    return (
      <ConfirmAction
        triggerLabel="Discard changes"
        title={`Discard the changes to ${label}?`}
        description="Every unpublished change to this section is deleted, and it goes back to what visitors see now. This cannot be undone."
        confirmLabel="Discard changes"
        onConfirm={() => void fetcher.submit({ ...fields, intent: 'discard' }, { method: 'post', action: contentPath(section) })}
      />
    );
  return (
    <details className="rounded-lg border border-line bg-surface px-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-navy-900">Discard changes…</summary>
      <form method="post" action={contentPath(section)} className="grid gap-2 pb-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="intent" value="discard" />
        <Choice
          label={`Discard the changes to ${label}`}
          description="It goes back to what visitors see now. This cannot be undone."
          inputProps={{ type: 'checkbox', name: 'confirm', required: true }}
        />
        <div>
          <button type="submit" className={buttonClasses('secondary', 'sm', 'text-danger')}>
            Discard changes
          </button>
        </div>
      </form>
    </details>
  );
}

/** What publishing changes and what it would contradict, for the confirmation. */
function PublishSummary({ status }: { status: SectionStatus }) {
  const { changes, warnings } = status;
  return (
    <div className="mt-3 grid gap-4 text-sm">
      {warnings && warnings.length > 0 && (
        <div className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-brass-800">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden className="size-4 shrink-0" /> Other sections would contradict the programs
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      {changes === undefined ? (
        <p className="text-muted">Visitors see the unpublished changes at once. Open the section to review them first.</p>
      ) : (
        <div>
          <p className="font-semibold text-navy-900">What changes</p>
          <ul className="mt-1 max-h-64 list-disc space-y-1 overflow-y-auto pl-5 break-words text-ink">
            {changes.length ? changes.map((c) => <li key={c}>{c}</li>) : <li>Nothing: the draft is what visitors see.</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

/** 'Publish': asked in a dialog with what changes (JavaScript), or in an open panel with a button (without). */
function PublishForm({ status, fields }: { status: SectionStatus; fields: Record<string, string> }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionAnswer>();
  // Success comes as a flash toast (the button goes once published); a refusal as the answer's.
  useActionAnswer(fetcher);
  const busy = fetcher.state !== 'idle';
  const { section } = status;
  const label = SECTION_LABELS[section];
  const hidden = Object.entries({ ...fields, intent: 'publish' }).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  if (!hydrated)
    return (
      <details className="rounded-lg border border-line bg-surface px-3 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-navy-900">Publish…</summary>
        <form method="post" action={contentPath(section)} className="grid max-w-xl gap-3 pb-3">
          {hidden}
          <PublishSummary status={status} />
          <div>
            <button type="submit" className={buttonClasses('navy', 'sm')}>
              Publish {label}
            </button>
          </div>
        </form>
      </details>
    );
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant="navy" disabled={busy}>
          {busy ? 'Publishing…' : 'Publish'}
          <span className="sr-only"> {label}</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(40rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className={dialogTitleClasses}>Publish {label}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            Visitors see these changes on their next page load.
          </AlertDialog.Description>
          <PublishSummary status={status} />
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses('navy')}
              onClick={() =>
                void fetcher.submit({ ...fields, intent: 'publish' }, { method: 'post', action: contentPath(section) })
              }
            >
              Publish now
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * 'Preview', and with a draft 'Publish' and 'Discard changes', for `status.section`; `from`
 * 'overview' brings a form posted without JavaScript back to the overview.
 */
export function SectionActions({ status, from }: { status: SectionStatus; from?: 'overview' }) {
  const fields: Record<string, string> = from ? { returnTo: from } : {};
  const label = SECTION_LABELS[status.section];
  return (
    <div className="flex flex-wrap items-start gap-2">
      <a
        href={`${SECTION_PAGES[status.section]}?preview`}
        target="_blank"
        rel="noreferrer"
        className={buttonClasses('secondary')}
      >
        <Eye aria-hidden className="size-4" /> Preview
        <span className="sr-only">
          {' '}
          {label} (opens a new tab{status.hasDraft ? ', with the unpublished changes' : ''})
        </span>
      </a>
      {status.hasDraft && (
        <>
          <PublishForm status={status} fields={fields} />
          <DiscardControl section={status.section} fields={fields} />
        </>
      )}
    </div>
  );
}
