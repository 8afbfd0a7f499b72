/**
 * A site-content section's state and what can be done with it (issue "First impression"), on the
 * 'Site content' overview and at the top of a section's page: 'Published {date}' or 'Unpublished
 * changes saved {date}' (the lender's zone), 'Preview' (the section's public page with the
 * drafts, for staff only), and with a draft 'Publish' and 'Discard changes' (asked first). The
 * forms post to the section's page (`contentPath`), through a fetcher with JavaScript and as plain
 * forms without; from the overview they come back to the overview.
 */
import { Eye } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Choice } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-delete';
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

function PublishForm({ section, fields }: { section: SiteContentSection; fields: Record<string, string> }) {
  const fetcher = useFetcher<ActionAnswer>();
  // Success comes as a flash toast (the button goes once published); a refusal as the answer's.
  useActionAnswer(fetcher);
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action={contentPath(section)}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="publish" />
      <Button type="submit" variant="navy" disabled={busy}>
        {busy ? 'Publishing…' : 'Publish'}
        <span className="sr-only"> {SECTION_LABELS[section]}</span>
      </Button>
    </fetcher.Form>
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
          <PublishForm section={status.section} fields={fields} />
          <DiscardControl section={status.section} fields={fields} />
        </>
      )}
    </div>
  );
}
