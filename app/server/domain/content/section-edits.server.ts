/**
 * The edits of one section of 'Site content' that its page posts (app/routes/admin/content-section.tsx):
 * the section's working copy after an item form (`save`, `add`: the
 * section's form schema, a new item's random id) or after a list or picture change (`remove`,
 * `move`, `remove-photo`, `restore-image`, `remove-image`, `move-image`). Nothing is saved
 * here: the page saves the result as the section's draft (`saveDraft`).
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_CONTENT } from '~/content/site-content';
import type { ContentSectionIntent } from '~/lib/schemas/content-section';
import { parseForm } from '~/lib/parse-form';
import {
  faqFormSchema,
  investorProtectionsFormSchema,
  PROGRAM_DOLLARS,
  programFormSchema,
  teamMemberFormSchema,
  trackRecordFormSchema,
  type SiteContent,
  type SiteContentSection,
} from '~/lib/site-content';
import { NotFound, Refused } from '../../errors.server';
import { sectionState } from './site-content.server';

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
export async function afterItemForm(section: SiteContentSection, form: FormData, intent: 'save' | 'add') {
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
export async function afterChange(section: SiteContentSection, fields: ContentSectionIntent): Promise<unknown> {
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
