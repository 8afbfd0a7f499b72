/**
 * /admin-dashboard/content/{section}, one section of 'Site content' (issue "First impression"):
 * its working copy (the draft if there is one, else what is published) in the section's editor,
 * with 'Preview', 'Publish' and 'Discard changes'. An unknown section is a 404. Admins only, in
 * the loader and in the action.
 *
 * Every form of the page posts here with an `intent`, and every change is saved as the section's
 * draft (`saveDraft`), never published directly (and 'Publish' shows what changes and the
 * figures of the FAQs the programs would contradict first, issue 23): `save` / `add` an item (its form, checked with
 * the section's form schema; a new item gets a random id: `section-edits.server.ts`), `remove` / `move` an item,
 * `remove-photo` of a person, `restore-image` / `remove-image` / `move-image` of the hero
 * pictures, and `publish` / `discard`. Pictures are uploaded to POST
 * /admin-dashboard/content/images, which saves its own draft. Bad input is a 400 with Conform's
 * reply (the schema's messages on the fields, a rule of the whole section at the top), and
 * nothing is stored. A success answers a fetcher with a flash toast (the item that asked may be
 * renewed or gone), and sends a form posted without JavaScript back to the page (or to the
 * overview, `returnTo`) with it.
 */
import { requestInfo } from '~/load-context';
import type { Route } from './+types/content-section';
import { SectionActions, SectionState } from '~/components/admin/content-actions';
import { FaqEditor } from '~/components/admin/content-faq';
import { ImageryEditor } from '~/components/admin/content-imagery';
import { contentKey, type SectionAnswer } from '~/components/admin/content-list';
import { ProgramsEditor } from '~/components/admin/content-programs';
import { InvestorProtectionsEditor } from '~/components/admin/content-protections';
import { TeamEditor } from '~/components/admin/content-team';
import { TrackRecordEditor } from '~/components/admin/content-track-record';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { BackLink } from '~/components/loans/loan-header';
import { lenderDay } from '~/lib/format';
import { SECTION_LABELS, SITE_CONTENT_SECTIONS, type SiteContent, type SiteContentSection } from '~/lib/site-content';
import type { Toast } from '~/lib/toast';
import { answer, refuseFields, answerForm, found } from '~/server/answers.server';
import {
  discardDraft,
  publishSection,
  saveDraft,
  sectionState,
  siteContentFor,
} from '~/server/domain/content/site-content.server';
import { describeChanges } from '~/lib/content-diff';
import { contradictions } from '~/lib/program-figures';
import { isRefused } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';
import { afterChange, afterItemForm } from '~/server/domain/content/section-edits.server';
import { contentSectionIntents } from '~/lib/schemas/content-section';

/** `param` as a section. @throws a 404 for anything else. */
function sectionOf(param: string | undefined): SiteContentSection {
  const known = (SITE_CONTENT_SECTIONS as readonly (string | undefined)[]).includes(param);
  return found(known ? (param as SiteContentSection) : null, 'Section');
}

/** A section with its content, one type per section (so the page picks its editor by `section`). */
type Editable = { [S in SiteContentSection]: { section: S; value: SiteContent[S] } }[SiteContentSection];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const section = sectionOf(params.section);
  const state = await sectionState(section);
  // What visitors would see once this section is published: its working copy, the others as published.
  const after = { ...(await siteContentFor()), [section]: state.working };
  return {
    content: { section, value: state.working } as Editable,
    status: {
      section,
      hasDraft: state.draft !== null,
      sample: state.sample,
      publishedAt: state.publishedAt?.toISOString() ?? null,
      draftUpdatedAt: state.draftUpdatedAt?.toISOString() ?? null,
      changes: state.draft === null ? [] : describeChanges(section, state.published, state.draft),
      warnings: (['loan-programs', 'faq-borrowers', 'faq-investors'] as const).includes(section as never)
        ? contradictions(after).map(
            (c) => `${SECTION_LABELS[c.section]}, ‘${c.where}’: “${c.sentence}” — the programs publish ${c.expected}.`,
          )
        : [],
    },
    today: lenderDay(),
  };
}

const SAVED = 'Saved as an unpublished change: preview it, then publish.';

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const section = sectionOf(params.section);
  const label = SECTION_LABELS[section];
  // A form posted without JavaScript goes back to a page with the answer's toast; a fetcher
  // gets the answer, with a success's toast as a flash (the card may remount).
  let back = `/admin-dashboard/content/${section}`;
  const succeed = async (toast: Toast, body: Pick<SectionAnswer, 'formId' | 'result'> = {}) =>
    answer({ ok: true, ...body }, { headers: await toastHeaders(toast) });
  return answerForm(
    requestInfo(context),
    () => back,
    async () => {
      const form = await readForm(request);
      const fields = readIntent(form, contentSectionIntents);
      switch (fields.intent) {
        case 'publish':
        case 'discard': {
          if (fields.returnTo === 'overview') back = '/admin-dashboard/content';
          if (fields.intent === 'discard') await discardDraft(admin, section);
          else await publishSection(admin, section);
          const toast: Toast =
            fields.intent === 'publish'
              ? { type: 'success', title: `${label} published`, description: 'Visitors see the changes now.' }
              : { type: 'success', title: 'Changes discarded', description: `${label} is back to what visitors see.` };
          return await succeed(toast);
        }
        case 'save':
        case 'add': {
          const { submission, next } = await afterItemForm(section, form, fields.intent);
          if (next === null)
            return refuseFields('invalid', { ok: false as const, formId: fields.formId, result: submission.reply() });
          try {
            await saveDraft(admin, section, next);
          } catch (error) {
            if (!isRefused(error)) throw error;
            // A rule of the whole section (how many items …): at the top of the form.
            const toast: Toast = { type: 'error', title: error.title, description: error.message };
            return refuseFields(error.kind, {
              ok: false as const,
              toast,
              formId: fields.formId,
              result: submission.reply({ formErrors: [error.message] }),
            });
          }
          const result = submission.reply({ resetForm: fields.intent === 'add' });
          return await succeed(
            { type: 'success', title: `${label} saved`, description: SAVED },
            { formId: fields.formId, result },
          );
        }
        default:
          await saveDraft(admin, section, await afterChange(section, fields));
          return await succeed({ type: 'success', title: `${label} saved`, description: SAVED });
      }
    },
  );
}

/** The editor of the section in `content`. */
function Editor({ content, today }: { content: Editable; today: string }) {
  switch (content.section) {
    case 'loan-programs':
      return <ProgramsEditor programs={content.value} today={today} />;
    case 'track-record':
      return <TrackRecordEditor key={contentKey(content.value)} record={content.value} />;
    case 'team':
      return <TeamEditor team={content.value} />;
    case 'faq-borrowers':
    case 'faq-investors':
      return <FaqEditor label={SECTION_LABELS[content.section]} entries={content.value} />;
    case 'imagery':
      return <ImageryEditor imagery={content.value} />;
    case 'investor-protections':
      return <InvestorProtectionsEditor key={contentKey(content.value)} protections={content.value} />;
  }
}

export default function ContentSection({ loaderData }: Route.ComponentProps) {
  const { content, status, today } = loaderData;
  return (
    <>
      <BackLink to="/admin-dashboard/content" label="Site content" />
      <PageHeader
        title={SECTION_LABELS[status.section]}
        subtitle={<SectionState status={status} />}
        actions={<SectionActions status={status} />}
      />
      <p className="-mt-4 mb-6 max-w-3xl text-sm text-muted">
        Every save is kept as an unpublished change of this section. ‘Preview’ shows the public page with your changes; visitors
        see them once you publish.
      </p>
      {status.sample && (
        <p role="note" className="mb-6 max-w-3xl rounded-lg border border-brass-300 bg-brass-50 p-4 text-sm text-ink">
          <strong>Sample content.</strong> What visitors see here was invented for the demo. Replace it with your own and publish:
          the sample mark goes with your first publish.
        </p>
      )}
      <Editor content={content} today={today} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  {
    title: loaded
      ? `${SECTION_LABELS[loaded.status.section]} | Site content | Ormsby Lending Admin`
      : 'Section Not Found | Ormsby Lending Admin',
  },
];
