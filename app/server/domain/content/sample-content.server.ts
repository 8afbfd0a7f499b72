/**
 * The demo's sample content and what the public site still lacks (issue 23 "Trust at first
 * sight"). With SEED_DEMO, a fresh start shows a complete team (with drawn portraits) and a
 * track record, marked `sample` (site_content.sample) so the admin editor shows them as sample
 * content until staff publish their own (publishing clears the mark). Without it, the admin
 * dashboard lists the sections the public site still lacks, with a link to each editor.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { DEFAULT_CONTENT, SAMPLE_CONTENT, SAMPLE_PORTRAIT_COLOURS } from '~/content/site-content';
import { SECTION_LABELS, hasTrackRecord, type MissingSection, type SiteContentSection } from '~/lib/site-content';
import { db } from '../../db/client.server';
import { siteContent } from '../../db/schema';
import { sectionState, storeSiteImage } from './site-content.server';
import { platformTrackRecord } from './track-record.server';

/** A square sample portrait (512 px PNG): a head-and-shoulders figure on `background`. */
async function drawnPortrait(background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#0b1526"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="256" cy="206" r="96" fill="#e9dcc4"/>
    <path d="M76 512c8-112 86-184 180-184s172 72 180 184z" fill="#f4efe4"/>
    <path d="M206 330l50 76 50-76" fill="none" stroke="${background}" stroke-width="14"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Puts the sample team (each with a drawn portrait) and track record in place of sections that
 * still hold the shipped default and that staff never touched (no publish, no draft). Marks
 * them `sample`. Returns the sections filled. Run at start-up with SEED_DEMO; a second run
 * changes nothing.
 */
export async function seedSampleContent(): Promise<SiteContentSection[]> {
  const filled: SiteContentSection[] = [];
  const untouched = (section: SiteContentSection) =>
    and(
      eq(siteContent.section, section),
      isNull(siteContent.publishedAt),
      isNull(siteContent.draft),
      eq(siteContent.sample, false),
      sql`${siteContent.published} = ${JSON.stringify(DEFAULT_CONTENT[section])}::jsonb`,
    );
  const [team] = await db().select({ section: siteContent.section }).from(siteContent).where(untouched('team'));
  if (team) {
    const people = [];
    for (const [i, person] of SAMPLE_CONTENT.team.entries()) {
      const photoId = await storeSiteImage(
        null,
        'portrait',
        await drawnPortrait(SAMPLE_PORTRAIT_COLOURS[i % SAMPLE_PORTRAIT_COLOURS.length]!),
      );
      people.push({ ...person, photoId });
    }
    const [updated] = await db()
      .update(siteContent)
      .set({ published: people, sample: true })
      .where(untouched('team'))
      .returning({ section: siteContent.section });
    if (updated) filled.push('team');
  }
  const [record] = await db()
    .update(siteContent)
    .set({ published: SAMPLE_CONTENT['track-record'], sample: true })
    .where(untouched('track-record'))
    .returning({ section: siteContent.section });
  if (record) filled.push('track-record');
  return filled;
}

/**
 * The sections the public site still lacks (issue 23): the team (nobody published), the track
 * record (no figure staff entered and no loan of the platform's own), the pictures (the hero
 * pictures are all the shipped ones, or a person has no portrait); a section showing the demo's
 * sample content is listed too, as such.
 */
export async function missingSections(): Promise<MissingSection[]> {
  const [team, record, imagery, platform] = await Promise.all([
    sectionState('team'),
    sectionState('track-record'),
    sectionState('imagery'),
    platformTrackRecord(),
  ]);
  const missing: MissingSection[] = [];
  const add = (section: SiteContentSection, reason: string) =>
    missing.push({
      section,
      // 'Pictures', as staff say it, for the hero imagery.
      label: section === 'imagery' ? 'Pictures' : SECTION_LABELS[section],
      reason,
      href: `/admin-dashboard/content/${section}`,
    });
  if (team.sample) add('team', 'The About page shows the sample team: add your own people and publish.');
  else if (team.published.length === 0) add('team', 'Nobody is named on the About page yet.');
  if (record.sample) add('track-record', 'Home and Investors show the sample track record: enter your own figures and publish.');
  else if (!hasTrackRecord(record.published) && platform.funded === 0)
    add('track-record', 'No track record is shown: enter your figures from before the platform.');
  const heroes = [...imagery.published.home, imagery.published.borrowers, imagery.published.investors, imagery.published.about];
  if (heroes.every((ref) => 'shipped' in ref)) add('imagery', 'Every page still shows the stock pictures the site ships with.');
  if (!missing.some((m) => m.section === 'team') && team.published.some((m) => m.photoId === null))
    add('team', 'Some people on the About page have no portrait.');
  return missing;
}
