/**
 * The site's content staff edit (issue "First impression"; sections and shapes in
 * app/lib/site-content.ts). A change is saved as the section's draft, which staff can preview on
 * the public pages (`?preview`), then published: the draft becomes what visitors see and the
 * section takes the next content version, which every server process's anonymous page cache
 * compares on each request (server/page-cache.ts), so a change shows at once everywhere. Every
 * save, publish and discard is audited. Images staff upload are re-encoded here (sharp) into the
 * widths and formats the site serves.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DEFAULT_CONTENT } from '~/content/site-content';
import {
  SECTION_LABELS,
  SECTION_SCHEMAS,
  SITE_CONTENT_SECTIONS,
  type SiteContent,
  type SiteContentSection,
  type SiteImageKind,
  upgradeLoanPrograms,
} from '~/lib/site-content';
import { holdOffBackups } from '../../backup.server';
import { databaseHandle, db } from '../../db/client.server';
import { bound, preparedRead } from '../../db/prepared.server';
import { isRefused, Refused, type RefusalKind } from '../../errors.server';
import { siteContent, siteImage } from '../../db/schema';
import { logger } from '../../logger.server';
import { storage } from '../../storage.server';
import { audit, type Actor } from '../audit.server';
import { freshReader } from '../../fresh-reader.server';

/**
 * A change refused for a stated reason (the message is shown to staff as it is), titled 'Not
 * saved': a `Refused` of `kind` (400, or 415 for a file that is not a picture, 409 …).
 */
const notSaved = (message: string, kind: RefusalKind = 'invalid') => new Refused(kind, message, 'Not saved');

/** Inserts the default content (the spec's texts) for every section that has no row yet. */
export async function ensureSiteContent(): Promise<void> {
  await db()
    .insert(siteContent)
    .values(SITE_CONTENT_SECTIONS.map((section) => ({ section, published: DEFAULT_CONTENT[section] })))
    .onConflictDoNothing();
}

/**
 * `value` read as `section`'s content (loan programs stored before issue 23 upgraded first:
 * `upgradeLoanPrograms`); the default, logged, when it no longer validates.
 */
function parseSection<S extends SiteContentSection>(section: S, value: unknown): SiteContent[S] {
  const upgraded = section === 'loan-programs' ? upgradeLoanPrograms(value, DEFAULT_CONTENT['loan-programs']) : value;
  const parsed = SECTION_SCHEMAS[section].safeParse(upgraded);
  if (parsed.success) return parsed.data as SiteContent[S];
  logger.error({ section, issues: parsed.error.issues }, 'stored site content does not validate; showing the default');
  return DEFAULT_CONTENT[section];
}

/** The published content as last read and parsed, with the database and version it came from. */
let publishedCache: { database: unknown; version: number; content: SiteContent } | null = null;

/**
 * The content visitors see, or with `preview` each section's draft where there is one (staff
 * only: the route decides, with `staffPreview` in guards.server.ts). A missing section shows its default. What is published is read and
 * validated once per content version and process: each call then costs one small query (the
 * version), not the sections' documents and their validation.
 */
export async function siteContentFor({ preview = false } = {}): Promise<SiteContent> {
  if (!preview) {
    const database = databaseHandle();
    const version = await siteContentVersion();
    if (publishedCache?.database === database && publishedCache.version === version) return publishedCache.content;
    const content = await readContent(false);
    // A publish between the two reads leaves content newer than `version`: kept under the older
    // version, it is read again on the next call, never shown stale.
    publishedCache = { database, version, content };
    return content;
  }
  return readContent(true);
}

async function readContent(preview: boolean): Promise<SiteContent> {
  const rows = await db()
    .select({ section: siteContent.section, published: siteContent.published, draft: siteContent.draft })
    .from(siteContent);
  const content = { ...DEFAULT_CONTENT } as Record<SiteContentSection, unknown>;
  for (const row of rows) {
    const section = row.section;
    if (!(SITE_CONTENT_SECTIONS as readonly string[]).includes(section)) continue;
    content[section] = parseSection(section, preview && row.draft !== null ? row.draft : row.published);
  }
  return content as unknown as SiteContent;
}

/**
 * The content version: the highest section version (0 before anything was published), read
 * after the call began; calls that arrive together share one read (`freshReader`), so every
 * page request checks the version without each asking the database.
 */
export const siteContentVersion: () => Promise<number> = freshReader(async () => {
  const [row] = await db()
    .select({ version: sql<string | null>`max(${siteContent.version})` })
    .from(siteContent);
  return Number(row?.version ?? 0);
});

const sectionRow = preparedRead('site_content_section', (r, section) =>
  r.select().from(siteContent).where(eq(siteContent.section, section)),
);

/** One section for the admin pages: what is published, the draft if any, and who did what when. */
export async function sectionState<S extends SiteContentSection>(section: S) {
  const [row] = await sectionRow(bound('section', section));
  const published = row ? parseSection(section, row.published) : DEFAULT_CONTENT[section];
  return {
    section,
    published,
    draft: row?.draft != null ? parseSection(section, row.draft) : null,
    /** What staff edit: the draft when there is one, else what is published. */
    working: row?.draft != null ? parseSection(section, row.draft) : published,
    publishedAt: row?.publishedAt ?? null,
    draftUpdatedAt: row?.draftUpdatedAt ?? null,
    /** What is published is the demo's sample content (SEED_DEMO) until staff publish their own. */
    sample: row?.sample ?? false,
  };
}

/** Every section's state, for the 'Site content' overview. */
export async function allSectionStates() {
  const rows = await db()
    .select({
      section: siteContent.section,
      hasDraft: sql<boolean>`${siteContent.draft} is not null`,
      publishedAt: siteContent.publishedAt,
      draftUpdatedAt: siteContent.draftUpdatedAt,
      sample: siteContent.sample,
    })
    .from(siteContent);
  return SITE_CONTENT_SECTIONS.map((section) => {
    const row = rows.find((r) => r.section === section);
    return {
      section,
      label: SECTION_LABELS[section],
      hasDraft: row?.hasDraft ?? false,
      publishedAt: row?.publishedAt ?? null,
      draftUpdatedAt: row?.draftUpdatedAt ?? null,
      sample: row?.sample ?? false,
    };
  });
}

/**
 * Saves `value` as `section`'s draft (not yet shown to visitors) and audits it.
 * @throws Refused with the first validation message when `value` is not valid content.
 */
export async function saveDraft<S extends SiteContentSection>(actor: Actor, section: S, value: unknown): Promise<SiteContent[S]> {
  const parsed = SECTION_SCHEMAS[section].safeParse(value);
  if (!parsed.success) throw notSaved(parsed.error.issues[0]?.message ?? 'Please check the content.');
  const draft = parsed.data as SiteContent[S];
  await checkImages(section, draft);
  await db().transaction(async (tx) => {
    await tx
      .insert(siteContent)
      .values({ section, published: DEFAULT_CONTENT[section], draft, draftUpdatedAt: new Date(), draftUpdatedBy: actor.id })
      .onConflictDoUpdate({
        target: siteContent.section,
        set: { draft, draftUpdatedAt: new Date(), draftUpdatedBy: actor.id },
      });
    await audit(actor, 'site-content.draft_saved', { type: 'site-content', id: section }, {}, tx);
  });
  return draft;
}

/** Refuses a draft naming a picture that does not exist or is of the wrong kind. */
async function checkImages(section: SiteContentSection, draft: unknown): Promise<void> {
  const wanted: [string, SiteImageKind][] = [];
  if (section === 'team') for (const m of draft as SiteContent['team']) if (m.photoId) wanted.push([m.photoId, 'portrait']);
  if (section === 'imagery') {
    const imagery = draft as SiteContent['imagery'];
    for (const ref of [...imagery.home, imagery.borrowers, imagery.investors, imagery.about])
      if ('uploaded' in ref) wanted.push([ref.uploaded, 'hero']);
  }
  for (const [id, kind] of wanted)
    if ((await siteImageKind(id)) !== kind) throw notSaved('That picture is no longer available. Please upload it again.');
}

/**
 * Publishes `section`'s draft: visitors see it from the next request on every server process.
 * @throws Refused ('conflict') when there is no draft to publish.
 */
export async function publishSection(actor: Actor, section: SiteContentSection): Promise<number> {
  return db().transaction(async (tx) => {
    // Publishes take turns (every row locked), so each takes a version above all others, also
    // after a restore from a backup (a sequence would not follow the rows).
    const rows = await tx.select().from(siteContent).for('update');
    const row = rows.find((r) => r.section === section);
    if (!row || row.draft === null) throw notSaved('There are no changes to publish.', 'conflict');
    const version = Math.max(0, ...rows.map((r) => r.version)) + 1;
    const [updated] = await tx
      .update(siteContent)
      // Staff's own content: the demo's sample mark goes (issue 23).
      .set({ published: row.draft, draft: null, version, publishedAt: new Date(), publishedBy: actor.id, sample: false })
      .where(eq(siteContent.section, section))
      .returning({ version: siteContent.version });
    await audit(actor, 'site-content.published', { type: 'site-content', id: section }, {}, tx);
    return updated!.version;
  });
}

/** Drops `section`'s draft; what is published stays. Nothing to discard is not an error. */
export async function discardDraft(actor: Actor, section: SiteContentSection): Promise<void> {
  await db().transaction(async (tx) => {
    const dropped = await tx
      .update(siteContent)
      .set({ draft: null, draftUpdatedAt: null, draftUpdatedBy: null })
      .where(sql`${siteContent.section} = ${section} and ${siteContent.draft} is not null`)
      .returning({ section: siteContent.section });
    if (dropped.length) await audit(actor, 'site-content.draft_discarded', { type: 'site-content', id: section }, {}, tx);
  });
}

// ---------------------------------------------------------------- images

/** The widths each kind of site image is stored in (px); heroes are 16:9, portraits square. */
export const SITE_IMAGE_WIDTHS = { hero: [640, 1024, 1600, 2400], portrait: [256, 512] } as const satisfies Record<
  SiteImageKind,
  readonly number[]
>;
export type { SiteImageKind };
/** The narrowest upload accepted (px), so no picture is blown up more than 2×. */
const MIN_WIDTH: Record<SiteImageKind, number> = { hero: 1280, portrait: 256 };
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'];

/** The storage key of one stored rendition of site image `id`. */
export const siteImageKey = (id: string, width: number, format: 'avif' | 'webp') => `site/${id}-${width}.${format}`;

/** How long an uploaded picture no section names is kept (a picture uploaded is named once its form is saved). */
const UNUSED_SITE_IMAGE_MS = 24 * 60 * 60 * 1000;

/** The ids of the uploaded pictures `value` (a section's published or draft JSON) names. */
function namedImages(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) namedImages(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'uploaded' || key === 'photoId') && typeof item === 'string') into.add(item);
      else namedImages(item, into);
    }
  return into;
}

/**
 * Removes the site pictures that neither the published nor the draft content of any section
 * names and that were uploaded more than `olderThanMs` ago (default a day): a replaced hero or
 * portrait, or an upload whose form was never saved. Its row and every stored rendition go, after
 * any running backup (which may still hold them). Returns how many pictures were removed. Run by
 * the hourly housekeeping (jobs/housekeeping.server.ts).
 */
export async function sweepUnusedSiteImages(olderThanMs = UNUSED_SITE_IMAGE_MS, now = new Date()): Promise<number> {
  return db().transaction(async (tx) => {
    await holdOffBackups(tx);
    // The rows are locked: a save or publish running now waits, and one after sees them gone.
    const sections = await tx
      .select({ published: siteContent.published, draft: siteContent.draft })
      .from(siteContent)
      .for('update');
    const named = new Set<string>();
    for (const section of sections) namedImages([section.published, section.draft], named);
    const old = await tx
      .select({ id: siteImage.id, widths: siteImage.widths })
      .from(siteImage)
      .where(lt(siteImage.createdAt, new Date(now.getTime() - olderThanMs)));
    const unused = old.filter((image) => !named.has(image.id));
    if (!unused.length) return 0;
    await tx.delete(siteImage).where(
      inArray(
        siteImage.id,
        unused.map((image) => image.id),
      ),
    );
    for (const image of unused)
      for (const width of image.widths)
        for (const format of ['avif', 'webp'] as const) await storage().delete(siteImageKey(image.id, width, format));
    return unused.length;
  });
}

/**
 * Stores an uploaded picture (`bytes`, checked by content) as a site image of `kind`: cropped
 * to 16:9 (hero) or square (portrait, on the face-like area sharp's attention finds), without
 * metadata, in every width as AVIF and WebP. Returns the new image's id. `actor` is null for
 * the demo's sample portraits (seedSampleContent).
 * @throws Refused ('unsupported') for a file that is not a PNG, JPEG, WebP or AVIF picture, ('invalid') too small.
 */
export async function storeSiteImage(actor: Actor | null, kind: SiteImageKind, bytes: Uint8Array): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.includes(type.mime)) throw notSaved('Please upload a PNG, JPG, WebP or AVIF picture.', 'unsupported');
  let source: ReturnType<typeof sharp>;
  let width: number;
  try {
    source = sharp(bytes, { limitInputPixels: 80_000_000 }).rotate();
    const meta = await source.metadata();
    // After rotation an EXIF-rotated portrait photo swaps its sides.
    width = (meta.orientation ?? 1) >= 5 ? (meta.height ?? 0) : (meta.width ?? 0);
  } catch {
    throw notSaved('The picture could not be read. Please upload a PNG, JPG, WebP or AVIF picture.', 'unsupported');
  }
  if (width < MIN_WIDTH[kind]) throw notSaved(`Please upload a picture at least ${MIN_WIDTH[kind]} pixels wide.`);
  const id = randomUUID();
  const widths = SITE_IMAGE_WIDTHS[kind];
  const written: string[] = [];
  try {
    for (const w of widths) {
      const h = kind === 'hero' ? Math.round((w * 9) / 16) : w;
      const resized = source.clone().resize(w, h, { fit: 'cover', position: kind === 'hero' ? 'centre' : 'attention' });
      for (const [format, encoded] of [
        ['avif', await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer()],
        ['webp', await resized.clone().webp({ quality: 80 }).toBuffer()],
      ] as const) {
        const key = siteImageKey(id, w, format);
        await storage().put(key, encoded, `image/${format}`);
        written.push(key);
      }
    }
    const largest = widths.at(-1)!;
    await db()
      .insert(siteImage)
      .values({
        id,
        kind,
        widths: [...widths],
        width: largest,
        height: kind === 'hero' ? Math.round((largest * 9) / 16) : largest,
        createdBy: actor?.id ?? null,
      });
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        storage()
          .delete(key)
          .catch(() => undefined),
      ),
    );
    if (isRefused(error)) throw error;
    logger.warn({ err: error }, 'site image could not be stored');
    throw notSaved('The picture could not be read. Please upload a PNG, JPG, WebP or AVIF picture.', 'unsupported');
  }
  return id;
}

/** The kind of site image `id`, or null when there is none (an id from a form is checked here). */
export async function siteImageKind(id: string): Promise<SiteImageKind | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db().select({ kind: siteImage.kind }).from(siteImage).where(eq(siteImage.id, id));
  return row?.kind ?? null;
}
