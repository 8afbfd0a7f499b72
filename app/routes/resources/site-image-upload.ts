/**
 * POST /admin-dashboard/content/images: staff upload one picture for the site (issue "First
 * impression"), a team member's photo or a hero picture, and the route puts it in the section's
 * draft itself. Admins only (`requireAdmin`: an admin whose session passed a second factor).
 *
 * The multipart form names where the picture goes, then carries it in `file`:
 * - `kind=portrait` with `memberId`: the photo of that person in the team's working copy;
 * - `kind=hero` with `slot` (home, borrowers, investors, about) and, for home, `index` (0–2) to
 *   replace that picture, or no `index` to add one (three at most).
 *
 * The file is read into memory (SITE_IMAGE_MAX_BYTES, 10 MB; a larger one is a 413 before it is
 * read further) and checked by content by `storeSiteImage`, which re-encodes it into every width.
 * Where it goes is checked before it is stored, so a picture for a person who is gone or a full
 * Home stores nothing; then the section's working copy (its draft, else what is published) is
 * read again, the new image id put in the slot, and the result saved with `saveDraft`: the upload
 * is one more change to preview and publish, never shown to visitors by itself. Why here and not
 * in the page's form: the page's editors are several small forms, so a picture never waits on
 * unsaved text, and a form posted without JavaScript can carry the file straight here.
 *
 * Answers `{ ok, imageId }` (201) to a fetcher with the success as a flash toast (the card that
 * asked is remounted with its new picture), a refusal with its status (400, 404, 409, 413, 415)
 * and toast. A form posted without JavaScript is sent back to the section's page with the same
 * toast as a flash.
 */
import { z } from 'zod';
import { requestInfo } from '~/load-context';
import type { Route } from './+types/site-image-upload';
import { HERO_SLOTS, HOME_PICTURES_MAX, SITE_IMAGE_MAX_BYTES, type Imagery, type TeamMember } from '~/lib/site-content';
import type { Toast } from '~/lib/toast';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import { answer, answerForm, postOnly } from '~/server/answers.server';
import { saveDraft, sectionState, storeSiteImage } from '~/server/domain/content/site-content.server';
import { NotFound, Refused } from '~/server/errors.server';
import { bufferFile, parseFields, readUpload, type BufferedFile } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';
import type { Viewer } from '~/lib/viewer';

export function loader() {
  return postOnly();
}

const target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('portrait'), memberId: z.string().max(100) }),
  z.object({
    kind: z.literal('hero'),
    slot: z.enum(HERO_SLOTS),
    index: z.enum(['0', '1', '2']).transform(Number).optional(),
  }),
]);
type Target = z.infer<typeof target>;

const MESSAGES = {
  choose: 'Please choose a picture to upload.',
  tooLarge: 'The picture is larger than 10 MB.',
  gone: 'That person is no longer on the team. Please reload the page.',
  full: 'Home rotates at most three pictures. Remove one first.',
  noPicture: 'That picture is no longer there. Please reload the page.',
  field: 'Please send the picture in the field “file”.',
} as const;

/** The team with `photoId` as `memberId`'s photo. @throws NotFound when the person is gone. */
function withPhoto(team: TeamMember[], memberId: string, photoId: string): TeamMember[] {
  if (!team.some((m) => m.id === memberId)) throw new NotFound(MESSAGES.gone, 'Not saved');
  return team.map((m) => (m.id === memberId ? { ...m, photoId } : m));
}

/** The imagery with picture `imageId` in `slot` (at `index` on Home, or added). @throws Refused */
function withHero(imagery: Imagery, { slot, index }: Extract<Target, { kind: 'hero' }>, imageId: string): Imagery {
  const ref = { uploaded: imageId };
  if (slot !== 'home') return { ...imagery, [slot]: ref };
  if (index === undefined) {
    if (imagery.home.length >= HOME_PICTURES_MAX) throw new Refused('conflict', MESSAGES.full, 'Not saved');
    return { ...imagery, home: [...imagery.home, ref] };
  }
  if (index >= imagery.home.length) throw new NotFound(MESSAGES.noPicture, 'Not saved');
  return { ...imagery, home: imagery.home.map((r, i) => (i === index ? ref : r)) };
}

/** Puts `imageId` where `to` says, in the section's working copy read now, and saves it as the draft. */
async function place(admin: Viewer, to: Target, imageId: string): Promise<void> {
  if (to.kind === 'portrait')
    await saveDraft(admin, 'team', withPhoto((await sectionState('team')).working, to.memberId, imageId));
  else await saveDraft(admin, 'imagery', withHero((await sectionState('imagery')).working, to, imageId));
}

/** Where the picture goes and the picture itself. @throws Refused */
async function read(request: Request): Promise<{ to: Target; picture: BufferedFile | null }> {
  const { form, files } = await readUpload<BufferedFile | null>(request, {
    maxFiles: 1,
    accept(file) {
      if (file.field !== 'file') throw new Refused('invalid', MESSAGES.field, 'Not saved');
      // A form posted with no file chosen sends one empty, nameless part (readUpload drains it).
      if (!file.fileName) return Promise.resolve(null);
      return bufferFile(file, SITE_IMAGE_MAX_BYTES, MESSAGES.tooLarge);
    },
  });
  return { to: parseFields(form, target), picture: files[0] ?? null };
}

/** Stores `picture` and puts it where `to` says. Returns the new image's id. @throws Refused */
async function store(admin: Viewer, to: Target, picture: BufferedFile | null): Promise<string> {
  if (!picture || picture.bytes.byteLength === 0) throw new Refused('invalid', MESSAGES.choose, 'Not saved');
  // Where it goes is checked before anything is stored (with a placeholder id, never saved).
  const probe = '00000000-0000-4000-8000-000000000000';
  if (to.kind === 'portrait') withPhoto((await sectionState('team')).working, to.memberId, probe);
  else withHero((await sectionState('imagery')).working, to, probe);
  const imageId = await storeSiteImage(admin, to.kind, picture.bytes);
  await place(admin, to, imageId);
  return imageId;
}

/** One picture at SITE_IMAGE_MAX_BYTES, with the multipart framing. */
export const bodyLimit: BodyLimit = SITE_IMAGE_MAX_BYTES + FRAMING_BYTES;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  // A form posted without JavaScript goes back to the section's page, whatever happened.
  let back = '/admin-dashboard/content';
  return answerForm(
    requestInfo(context),
    () => back,
    async () => {
      const { to, picture } = await read(request);
      back = `/admin-dashboard/content/${to.kind === 'portrait' ? 'team' : 'imagery'}`;
      const imageId = await store(admin, to, picture);
      const toast: Toast =
        to.kind === 'portrait'
          ? { type: 'success', title: 'Photo saved', description: 'Preview the team page, then publish the team.' }
          : { type: 'success', title: 'Picture saved', description: 'Preview the page, then publish the imagery.' };
      // The card that asked is remounted with its new picture: the toast is a flash.
      return answer({ ok: true, imageId }, { created: true, headers: await toastHeaders(toast) });
    },
  );
}
