/**
 * /admin-dashboard/content/{section}, one section of 'Site content' (issue "First impression"):
 * its working copy (the draft if there is one, else what is published) in the section's editor,
 * with 'Preview', 'Publish' and 'Discard changes'. An unknown section is a 404. Admins only, in
 * the loader and in the action.
 *
 * Every form of the page posts here with an `intent`, and every change is saved as the section's
 * draft (`saveDraft`), never published directly (and 'Publish' shows what changes and the
 * figures of the FAQs the programs would contradict first, issue 23): `save` / `add` an item (its form, checked with
 * the section's form schema; a new item gets a random id here), `remove` / `move` an item,
 * `remove-photo` of a person, `restore-image` / `remove-image` / `move-image` of the hero
 * pictures, and `publish` / `discard`. Pictures are uploaded to POST
 * /admin-dashboard/content/images, which saves its own draft. Bad input is a 400 with Conform's
 * reply (the schema's messages on the fields, a rule of the whole section at the top), and
 * nothing is stored. A success answers a fetcher with a flash toast (the item that asked may be
 * renewed or gone), and sends a form posted without JavaScript back to the page (or to the
 * overview, `returnTo`) with it.
 */
import { randomUUID } from 'node:crypto';

import { z } from 'zod';
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
import { DEFAULT_CONTENT } from '~/content/site-content';
import { lenderDay } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import {
  faqFormSchema,
  HERO_SLOTS,
  investorProtectionsFormSchema,
  PROGRAM_DOLLARS,
  programFormSchema,
  SECTION_LABELS,
  SITE_CONTENT_SECTIONS,
  teamMemberFormSchema,
  trackRecordFormSchema,
  type SiteContent,
  type SiteContentSection,
} from '~/lib/site-content';
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
import { isRefused, NotFound, Refused } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';

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

const itemId = z.string().max(100);
const direction = z.enum(['up', 'down']);
const index = z.enum(['0', '1', '2']).transform(Number);
const returnTo = z.literal('overview').optional();
const formId = z.string().max(100).optional();
const intents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('publish'), returnTo }),
  z.object({ intent: z.literal('discard'), returnTo }),
  z.object({ intent: z.literal('save'), formId }),
  z.object({ intent: z.literal('add'), formId }),
  z.object({ intent: z.literal('remove'), id: itemId }),
  z.object({ intent: z.literal('move'), id: itemId, direction }),
  z.object({ intent: z.literal('remove-photo'), id: itemId }),
  z.object({ intent: z.literal('restore-image'), slot: z.enum(HERO_SLOTS), index: index.optional() }),
  z.object({ intent: z.literal('remove-image'), index }),
  z.object({ intent: z.literal('move-image'), index, direction }),
]);
type Intent = z.infer<typeof intents>;

const UNKNOWN = () => new Refused('invalid', 'Unknown request.');
const GONE = () => new NotFound('That item is no longer there. Please reload the page.', 'Not saved');

/** `list` with the item at `from` moved one place `to` (unchanged at either end). */
function moved<T>(list: T[], from: number, to: 'up' | 'down'): T[] {
  const target = to === 'up' ? from - 1 : from + 1;
  if (from < 0 || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[from], next[target]] = [next[target]!, next[from]!];
  return next;
}

/** The index of item `id` in `list`. @throws NotFound */
function indexOf(list: { id: string }[], id: string): number {
  const at = list.findIndex((item) => item.id === id);
  if (at < 0) throw GONE();
  return at;
}

/** The working copy of `section` after an item form (`save`, `add`) read from `form`. */
async function afterItemForm(section: SiteContentSection, form: FormData, intent: 'save' | 'add') {
  if (intent === 'add') form.set('id', randomUUID());
  const working: unknown = (await sectionState(section)).working;
  // One list of items with ids: the item replaces its namesake, or is added at the end.
  const put = <T extends { id: string }>(list: T[], item: T) => {
    if (intent === 'add') return [...list, item];
    const at = indexOf(list, item.id);
    return list.map((x, i) => (i === at ? item : x));
  };
  switch (section) {
    case 'loan-programs': {
      const submission = parseForm(form, { schema: programFormSchema, dollars: PROGRAM_DOLLARS });
      return {
        submission,
        next: submission.status === 'success' ? put(working as SiteContent[typeof section], submission.value) : null,
      };
    }
    case 'team': {
      const submission = parseForm(form, { schema: teamMemberFormSchema });
      const team = working as SiteContent['team'];
      if (submission.status !== 'success') return { submission, next: null };
      const { licence, ...words } = submission.value;
      const photoId = intent === 'add' ? null : (team[indexOf(team, words.id)]!.photoId ?? null);
      return { submission, next: put(team, { ...words, licence: licence || null, photoId }) };
    }
    case 'faq-borrowers':
    case 'faq-investors': {
      const submission = parseForm(form, { schema: faqFormSchema });
      return {
        submission,
        next: submission.status === 'success' ? put(working as SiteContent['faq-borrowers'], submission.value) : null,
      };
    }
    case 'track-record': {
      if (intent === 'add') throw UNKNOWN();
      const submission = parseForm(form, { schema: trackRecordFormSchema });
      return { submission, next: submission.status === 'success' ? submission.value : null };
    }
    case 'investor-protections': {
      if (intent === 'add') throw UNKNOWN();
      const submission = parseForm(form, { schema: investorProtectionsFormSchema });
      return { submission, next: submission.status === 'success' ? submission.value : null };
    }
    case 'imagery':
      throw UNKNOWN();
  }
}

/** The working copy of `section` after a list or picture change. @throws Refused */
async function afterChange(section: SiteContentSection, fields: Intent): Promise<unknown> {
  const working: unknown = (await sectionState(section)).working;
  const lists: SiteContentSection[] = ['loan-programs', 'team', 'faq-borrowers', 'faq-investors'];
  if (fields.intent === 'remove' || fields.intent === 'move') {
    if (!lists.includes(section)) throw UNKNOWN();
    const list = working as { id: string }[];
    const at = indexOf(list, fields.id);
    return fields.intent === 'remove' ? list.filter((_, i) => i !== at) : moved(list, at, fields.direction);
  }
  if (fields.intent === 'remove-photo') {
    if (section !== 'team') throw UNKNOWN();
    const team = working as SiteContent['team'];
    const at = indexOf(team, fields.id);
    return team.map((m, i) => (i === at ? { ...m, photoId: null } : m));
  }
  if (section !== 'imagery') throw UNKNOWN();
  const imagery = working as SiteContent['imagery'];
  if (fields.intent === 'restore-image') {
    if (fields.slot !== 'home') return { ...imagery, [fields.slot]: DEFAULT_CONTENT.imagery[fields.slot] };
    const at = fields.index ?? 0;
    const original = DEFAULT_CONTENT.imagery.home[at];
    if (!original || at >= imagery.home.length) throw GONE();
    return { ...imagery, home: imagery.home.map((ref, i) => (i === at ? original : ref)) };
  }
  if (fields.intent !== 'remove-image' && fields.intent !== 'move-image') throw UNKNOWN();
  if (fields.index >= imagery.home.length) throw GONE();
  const home =
    fields.intent === 'remove-image'
      ? imagery.home.filter((_, i) => i !== fields.index)
      : moved(imagery.home, fields.index, fields.direction);
  return { ...imagery, home };
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
      const fields = readIntent(form, intents);
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
