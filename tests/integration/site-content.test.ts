/**
 * 'Site content' against a real database (issue "First impression"; app/lib/site-content.ts,
 * app/server/domain/content/site-content.server.ts): a draft is validated with the section's schema and
 * a refused one stores nothing; publishing moves the draft to what visitors see and takes the next
 * content version; discarding drops it; the preview sees drafts and visitors do not; uploaded
 * pictures are checked by content and stored in every width; the section page's action (with
 * real requests and staff sessions) saves drafts item by item, refuses bad input with a 400 and
 * anyone but staff; the upload route puts a new picture in the draft; every change is audited.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useParams,
} from 'react-router';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEW_ITEM_ID } from '~/components/admin/content-list';
import { requestContext } from '~/load-context';
import { DEFAULT_CONTENT } from '~/content/site-content';
import { SECTION_PAGES, type LoanProgram, type SiteContentSection } from '~/lib/site-content';
import { loader as overviewLoader } from '~/routes/admin/content';
import SectionPage, { action as sectionAction, loader as sectionLoader } from '~/routes/admin/content-section';
import { action as uploadAction } from '~/routes/resources/site-image-upload';
import { db } from '~/server/db/client.server';
import { auditEvent, siteImage } from '~/server/db/schema';
import {
  discardDraft,
  ensureSiteContent,
  publishSection,
  saveDraft,
  sectionState,
  SITE_IMAGE_WIDTHS,
  siteContentFor,
  siteContentVersion,
  siteImageKey,
  storeSiteImage,
  sweepUnusedSiteImages,
} from '~/server/domain/content/site-content.server';
import { storage } from '~/server/storage.server';
import { useTestDatabase } from '../support/test-database';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';

useTestDatabase();

const ORIGIN = 'http://localhost:3000';
let requests = 0;

/** The request information of one request; `page`: a form posted without JavaScript. */
const context = (page = false) =>
  requestContext({
    clientIp: `198.51.100.${(++requests % 250) + 1}`,
    cspNonce: '',
    requestId: `site-content-${requests}`,
    documentRequest: page,
  });

type Person = RoutePerson;

/** A person signed in through the login route, with `roles`; `twoFactor`: a staff session. */
const signedIn = (roles: Parameters<typeof signedInThroughLogin>[0], twoFactor = false) =>
  signedInThroughLogin(roles, { twoFactor });

interface Answered {
  status: number;
  location: string | null;
  setCookie: string[];
  data: {
    ok?: boolean;
    formId?: string;
    imageId?: string;
    toast?: { title: string; description?: string };
    result?: { error?: Record<string, string[] | null> };
  } | null;
}

/** What an action returned or threw: a Response (a redirect), or `data()`'s answer. */
async function settle(run: () => Promise<unknown>): Promise<Answered> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get('Location'),
      setCookie: result.headers.getSetCookie(),
      data: null,
    };
  if (result && typeof result === 'object' && 'init' in result) {
    const r = result as { init: ResponseInit | null; data: Answered['data'] };
    return {
      status: r.init?.status ?? 200,
      location: null,
      setCookie: new Headers(r.init?.headers).getSetCookie(),
      data: r.data,
    };
  }
  throw result;
}

/** POSTs `fields` as a form to the page of `section` as `cookie`, through its action. */
function postSection(section: string, cookie: string, fields: [string, string][], page = false): Promise<Answered> {
  const request = new Request(`${ORIGIN}/admin-dashboard/content/${section}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
  });
  return settle(() => sectionAction({ request, params: { section }, context: context(page) } as never));
}

/** POSTs a picture with `fields` to the upload route as `cookie`. */
function upload(cookie: string, fields: Record<string, string>, file: Uint8Array | null, page = false): Promise<Answered> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'picture.png');
  const request = new Request(`${ORIGIN}/admin-dashboard/content/images`, {
    method: 'POST',
    body,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return settle(() => uploadAction({ request, params: {}, context: context(page) } as never));
}

/**
 * A PNG of `width` × `height` pixels, one colour: detail would only make the AVIF encoding of
 * every width slower, and the checks are on size and format.
 */
function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1b2b45' } })
    .png()
    .toBuffer();
}

/**
 * The page of `section` rendered on the server as a browser without JavaScript gets it, after
 * its loader (and, with `post`, its action) ran on a real request as staff.
 */
async function renderSection(section: string, post?: [string, string][]): Promise<{ status: number; html: string }> {
  const request = new Request(`${ORIGIN}/admin-dashboard/content/${section}`, {
    method: post ? 'POST' : 'GET',
    body: post ? new URLSearchParams(post) : undefined,
    headers: {
      Cookie: staff.cookie,
      ...(post ? { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
  const Page = () =>
    createElement(SectionPage, { loaderData: useLoaderData(), actionData: useActionData(), params: useParams() } as never);
  const handler = createStaticHandler([
    { id: 'section', path: '/admin-dashboard/content/:section', loader: sectionLoader, action: sectionAction, Component: Page },
  ] as never);
  const handled = await handler.query(request, { requestContext: context(true) });
  if (handled instanceof Response) return { status: handled.status, html: '' };
  const router = createStaticRouter(handler.dataRoutes, handled);
  return {
    status: handled.statusCode,
    html: renderToString(createElement(StaticRouterProvider, { router, context: handled, hydrate: false })),
  };
}

const eventsOf = (section: SiteContentSection, action: string) =>
  db()
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.subjectType, 'site-content'), eq(auditEvent.subjectId, section), eq(auditEvent.action, action)));

const imageCount = async () => (await db().select({ n: count() }).from(siteImage))[0]!.n;

/** A valid loan program, named uniquely. */
const program = (values: Partial<LoanProgram> = {}): LoanProgram => ({
  ...DEFAULT_CONTENT['loan-programs'][0]!,
  id: randomUUID(),
  name: `Program ${randomUUID().slice(0, 6)}`,
  ...values,
});

let staff: Person;
beforeAll(async () => {
  await ensureSiteContent();
  staff = await signedIn({ isAdmin: true }, true);
});

describe('drafts, publishing and the preview', () => {
  it('refuses invalid content with the schema’s message and stores nothing', async () => {
    const before = await sectionState('loan-programs');
    await expect(saveDraft(staff, 'loan-programs', [program({ maxLtv: null, maxLtc: null })])).rejects.toThrow(
      'Please give a maximum LTV or LTC.',
    );
    await expect(saveDraft(staff, 'loan-programs', [program({ states: [] })])).rejects.toThrow(
      'Please choose at least one state.',
    );
    await expect(saveDraft(staff, 'loan-programs', [program({ minAmount: 500_000, maxAmount: 100_000 })])).rejects.toThrow(
      'The largest loan must be at least the smallest.',
    );
    await expect(
      saveDraft(staff, 'track-record', { ...DEFAULT_CONTENT['track-record'], loansFunded: { value: 12 } }),
    ).rejects.toThrow('Please enter a date.');
    await expect(
      saveDraft(staff, 'team', [{ id: randomUUID(), name: 'A', title: 'B', bio: 'C', licence: null, photoId: randomUUID() }]),
    ).rejects.toThrow('That picture is no longer available. Please upload it again.');
    const after = await sectionState('loan-programs');
    expect(after.draft).toEqual(before.draft);
    expect(after.draftUpdatedAt).toEqual(before.draftUpdatedAt);
    expect((await sectionState('team')).draft).toBeNull();
  });

  it('publishing moves the draft to what visitors see and takes the next content version', async () => {
    const version = await siteContentVersion();
    const entries = [{ id: randomUUID(), question: `Question ${randomUUID()}?`, answer: 'An answer.' }];
    await saveDraft(staff, 'faq-borrowers', entries);
    expect(await siteContentVersion()).toBe(version);
    const published = await publishSection(staff, 'faq-borrowers');
    expect(published).toBeGreaterThan(version);
    expect(await siteContentVersion()).toBe(published);
    const state = await sectionState('faq-borrowers');
    expect(state.published).toEqual(entries);
    expect(state.draft).toBeNull();
    expect(state.publishedAt).toBeInstanceOf(Date);
    expect((await siteContentFor())['faq-borrowers']).toEqual(entries);
    // Nothing left to publish.
    await expect(publishSection(staff, 'faq-borrowers')).rejects.toThrow('There are no changes to publish.');
    expect(await siteContentVersion()).toBe(published);
  });

  it('discarding drops the draft and keeps what is published', async () => {
    const published = (await sectionState('faq-investors')).published;
    await saveDraft(staff, 'faq-investors', [{ id: randomUUID(), question: 'Draft question?', answer: 'Draft answer.' }]);
    await discardDraft(staff, 'faq-investors');
    const state = await sectionState('faq-investors');
    expect(state.draft).toBeNull();
    expect(state.draftUpdatedAt).toBeNull();
    expect(state.published).toEqual(published);
    expect(state.working).toEqual(published);
  });

  it('the preview sees the drafts, visitors do not', async () => {
    const published = (await siteContentFor())['faq-investors'];
    const draft = [{ id: randomUUID(), question: `Preview ${randomUUID()}?`, answer: 'Only staff see this yet.' }];
    await saveDraft(staff, 'faq-investors', draft);
    expect((await siteContentFor({ preview: true }))['faq-investors']).toEqual(draft);
    expect((await siteContentFor())['faq-investors']).toEqual(published);
    await discardDraft(staff, 'faq-investors');
    expect((await siteContentFor({ preview: true }))['faq-investors']).toEqual(published);
  });

  it('audits every save, publish and discard with who did it', async () => {
    const counts = async () =>
      Promise.all(
        ['site-content.draft_saved', 'site-content.published', 'site-content.draft_discarded'].map(
          async (a) => (await eventsOf('track-record', a)).length,
        ),
      );
    const [saved, published, discarded] = await counts();
    const record = { ...DEFAULT_CONTENT['track-record'], loansFunded: { value: 41, asOf: '2026-10-01' } };
    await saveDraft(staff, 'track-record', record);
    await publishSection(staff, 'track-record');
    await saveDraft(staff, 'track-record', { ...record, losses: { value: 0, asOf: '2026-10-01' } });
    await discardDraft(staff, 'track-record');
    // Nothing to discard is not an event.
    await discardDraft(staff, 'track-record');
    expect(await counts()).toEqual([saved! + 2, published! + 1, discarded! + 1]);
    const events = await eventsOf('track-record', 'site-content.published');
    expect(events.at(-1)).toMatchObject({ actorId: staff.id, actorEmail: staff.email });
  });
});

describe('pictures', () => {
  it('refuses a file that is not a picture, and one too small, storing nothing', async () => {
    const before = await imageCount();
    await expect(storeSiteImage(staff, 'hero', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow(
      'Please upload a PNG, JPG, WebP or AVIF picture.',
    );
    await expect(storeSiteImage(staff, 'hero', await picture(1000, 600))).rejects.toThrow(
      'Please upload a picture at least 1280 pixels wide.',
    );
    await expect(storeSiteImage(staff, 'portrait', await picture(200, 200))).rejects.toThrow(
      'Please upload a picture at least 256 pixels wide.',
    );
    expect(await imageCount()).toBe(before);
  });

  it('stores a hero in every width, 16:9, as AVIF and WebP', async () => {
    const id = await storeSiteImage(staff, 'hero', await picture(1400, 1000));
    const [row] = await db().select().from(siteImage).where(eq(siteImage.id, id));
    expect(row).toMatchObject({
      kind: 'hero',
      widths: [...SITE_IMAGE_WIDTHS.hero],
      width: 2400,
      height: 1350,
      createdBy: staff.id,
    });
    for (const width of SITE_IMAGE_WIDTHS.hero)
      for (const format of ['avif', 'webp'] as const) {
        const object = await storage().get(siteImageKey(id, width, format));
        expect(object, `${width}.${format}`).not.toBeNull();
        const chunks: Buffer[] = [];
        for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([
          format,
          width,
          Math.round((width * 9) / 16),
        ]);
      }
  });
});

describe('pictures no longer shown', () => {
  it('are removed with their files once a day old; pictures a published or draft section names, and new ones, stay', async () => {
    const shown = await storeSiteImage(staff, 'hero', await picture(1400, 1000));
    const replaced = await storeSiteImage(staff, 'hero', await picture(1400, 1000));
    const drafted = await storeSiteImage(staff, 'portrait', await picture(300, 300));
    // Uploaded a moment ago; its form is not saved yet.
    const fresh = await storeSiteImage(staff, 'hero', await picture(1400, 1000));
    const imagery = (await sectionState('imagery')).working;
    await saveDraft(staff, 'imagery', { ...imagery, home: [{ uploaded: replaced }] });
    await publishSection(staff, 'imagery');
    await saveDraft(staff, 'imagery', { ...imagery, home: [{ uploaded: shown }] });
    await publishSection(staff, 'imagery');
    await saveDraft(staff, 'team', [
      { id: randomUUID(), name: 'Ann Lee', title: 'Principal', bio: 'Lends.', photoId: drafted, licence: null },
    ]);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await db()
      .update(siteImage)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(siteImage.id, [shown, replaced, drafted]));

    const keysOf = (id: string, kind: 'hero' | 'portrait') =>
      SITE_IMAGE_WIDTHS[kind].flatMap((width) => (['avif', 'webp'] as const).map((format) => siteImageKey(id, width, format)));
    const stored = async (id: string, kind: 'hero' | 'portrait') =>
      (await Promise.all(keysOf(id, kind).map((key) => storage().get(key)))).filter((object) => object !== null).length;

    expect(await sweepUnusedSiteImages()).toBe(1);
    const left = (await db().select({ id: siteImage.id }).from(siteImage)).map((row) => row.id);
    expect(left).not.toContain(replaced);
    expect(left).toEqual(expect.arrayContaining([shown, drafted, fresh]));
    expect(await stored(replaced, 'hero')).toBe(0);
    expect(await stored(shown, 'hero')).toBe(8);
    expect(await stored(drafted, 'portrait')).toBe(4);
    expect(await stored(fresh, 'hero')).toBe(8);
    expect(await sweepUnusedSiteImages()).toBe(0);

    // As it was, for the tests after this one.
    await saveDraft(staff, 'imagery', imagery);
    await publishSection(staff, 'imagery');
    await discardDraft(staff, 'team');
  });
});

describe('the section page', () => {
  it('answers 404 for a section that does not exist, in the loader and the action', async () => {
    for (const section of ['nope', 'company', '..', 'imagery.json']) {
      const request = new Request(`${ORIGIN}/admin-dashboard/content/${section}`, { headers: { Cookie: staff.cookie } });
      const loaded = await settle(() => sectionLoader({ request, params: { section }, context: context() } as never));
      expect(loaded.status, section).toBe(404);
      const posted = await postSection(section, staff.cookie, [['intent', 'publish']]);
      expect(posted.status, section).toBe(404);
    }
  });

  it('an admin adds, edits, moves and removes questions, each saved as a draft, never published', async () => {
    const published = (await sectionState('faq-borrowers')).published;
    const question = `How long does an appraisal take ${randomUUID().slice(0, 6)}?`;
    const added = await postSection('faq-borrowers', staff.cookie, [
      ['intent', 'add'],
      ['formId', 'faq-new'],
      ['id', NEW_ITEM_ID],
      ['question', `  ${question}  `],
      ['answer', 'About a week. See [our process](/borrowers).'],
    ]);
    expect(added).toMatchObject({ status: 200, data: { ok: true, formId: 'faq-new' } });
    expect(added.setCookie.some((c) => c.startsWith('toast='))).toBe(true);
    let state = await sectionState('faq-borrowers');
    expect(state.published).toEqual(published);
    const item = state.draft!.at(-1)!;
    expect(item).toMatchObject({ question, answer: 'About a week. See [our process](/borrowers).' });
    // A new id from the server, not the form's.
    expect(item.id).not.toBe(NEW_ITEM_ID);
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);

    const edited = await postSection('faq-borrowers', staff.cookie, [
      ['intent', 'save'],
      ['formId', `faq-${item.id}`],
      ['id', item.id],
      ['question', question],
      ['answer', 'Usually five business days.'],
    ]);
    expect(edited.status).toBe(200);
    state = await sectionState('faq-borrowers');
    expect(state.draft!.at(-1)).toEqual({ id: item.id, question, answer: 'Usually five business days.' });

    expect(
      (
        await postSection('faq-borrowers', staff.cookie, [
          ['intent', 'move'],
          ['id', item.id],
          ['direction', 'up'],
        ])
      ).status,
    ).toBe(200);
    state = await sectionState('faq-borrowers');
    expect(state.draft!.at(-2)!.id).toBe(item.id);

    expect(
      (
        await postSection('faq-borrowers', staff.cookie, [
          ['intent', 'remove'],
          ['id', item.id],
        ])
      ).status,
    ).toBe(200);
    state = await sectionState('faq-borrowers');
    expect(state.draft!.some((e) => e.id === item.id)).toBe(false);
    expect(state.published).toEqual(published);
    // An item that is gone: 404, nothing changed.
    const gone = await postSection('faq-borrowers', staff.cookie, [
      ['intent', 'remove'],
      ['id', item.id],
    ]);
    expect(gone.status).toBe(404);
    expect((await sectionState('faq-borrowers')).draft).toEqual(state.draft);
  });

  it('refuses bad input with a 400 and the schema’s messages on the fields, storing nothing', async () => {
    const before = await sectionState('loan-programs');
    const existing = before.working[0]!;
    const res = await postSection('loan-programs', staff.cookie, [
      ['intent', 'save'],
      ['formId', `program-${existing.id}`],
      ['id', existing.id],
      ['name', existing.name],
      ['description', existing.description],
      ['minAmount', '150000'],
      ['maxAmount', '0x10'],
      ['maxLtv', ''],
      ['maxLtc', ''],
      ['rateFrom', '9'],
      ['pointsFrom', '1.5'],
      ['pointsTo', '3'],
      ['termMinMonths', '6'],
      ['termMaxMonths', '24'],
      ['states', 'NV'],
      ['asOf', '2026-11-01'],
      ['note', existing.note],
    ]);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ ok: false, formId: `program-${existing.id}` });
    expect(res.data!.result!.error!.maxAmount).toEqual(['Please enter the largest loan in whole dollars.']);

    const track = await postSection('track-record', staff.cookie, [
      ['intent', 'save'],
      ['formId', 'track-record'],
      ['loansFunded.value', '12'],
      ['loansFunded.asOf', ''],
    ]);
    expect(track.status).toBe(400);
    expect(track.data!.result!.error!['loansFunded.asOf']).toEqual(['Please enter the date this figure is as of.']);

    const after = await sectionState('loan-programs');
    expect(after.draft).toEqual(before.draft);
    expect(after.draftUpdatedAt).toEqual(before.draftUpdatedAt);
  });

  it('saves a program with only an LTC, and the track record with figures left empty', async () => {
    const existing = (await sectionState('loan-programs')).working[0]!;
    const res = await postSection('loan-programs', staff.cookie, [
      ['intent', 'save'],
      ['id', existing.id],
      ['name', 'Bridge'],
      ['description', 'A short-term loan.'],
      ['purposes', 'bridge'],
      ['purposes', 'construction'],
      ['minAmount', '$200,000'],
      ['maxAmount', '4,000,000'],
      ['maxLtv', ''],
      ['maxLtc', '75'],
      ['rateFrom', '9.5'],
      ['pointsFrom', '1.5'],
      ['pointsTo', '3'],
      ['underwritingFee', '1,250'],
      ['legalFee', '750'],
      ['drawFee', ''],
      ['extensionPoints', '0.5'],
      ['defaultRate', '18'],
      ['prepayment', 'No prepayment penalty.'],
      ['termMinMonths', '6'],
      ['termMaxMonths', '24'],
      ['propertyTypes', 'Retail'],
      ['propertyTypes', 'Office'],
      ['states', 'CA'],
      ['asOf', '2026-12-01'],
      ['note', 'Subject to underwriting.'],
    ]);
    expect(res.status).toBe(200);
    expect((await sectionState('loan-programs')).draft![0]).toEqual({
      id: existing.id,
      name: 'Bridge',
      description: 'A short-term loan.',
      purposes: ['bridge', 'construction'],
      minAmount: 200_000,
      maxAmount: 4_000_000,
      maxLtv: null,
      maxLtc: 75,
      rateFrom: 9.5,
      pointsFrom: 1.5,
      pointsTo: 3,
      underwritingFee: 1_250,
      legalFee: 750,
      drawFee: null,
      extensionPoints: 0.5,
      defaultRate: 18,
      prepayment: 'No prepayment penalty.',
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Retail', 'Office'],
      states: ['CA'],
      asOf: '2026-12-01',
      note: 'Subject to underwriting.',
    });
    const track = await postSection('track-record', staff.cookie, [
      ['intent', 'save'],
      ['averageLtv.value', '58.5'],
      ['averageLtv.asOf', '2026-09-30'],
      ['losses.value', ''],
      ['losses.asOf', ''],
    ]);
    expect(track.status).toBe(200);
    expect((await sectionState('track-record')).draft).toEqual({
      loansFunded: null,
      totalVolume: null,
      averageLtv: { value: 58.5, asOf: '2026-09-30' },
      loansRepaid: null,
      averageYield: null,
      losses: null,
    });
  });

  it('publishes from the page; without JavaScript it comes back to the page or the overview with a flash toast', async () => {
    await saveDraft(staff, 'faq-investors', [{ id: randomUUID(), question: 'Who can invest?', answer: 'Accredited investors.' }]);
    const res = await postSection(
      'faq-investors',
      staff.cookie,
      [
        ['intent', 'publish'],
        ['returnTo', 'overview'],
      ],
      true,
    );
    expect(res).toMatchObject({ status: 302, location: '/admin-dashboard/content' });
    expect(res.setCookie.some((c) => c.startsWith('toast='))).toBe(true);
    expect((await sectionState('faq-investors')).draft).toBeNull();
    // Nothing to publish: a conflict, said on the page it came from.
    const again = await postSection('faq-investors', staff.cookie, [['intent', 'publish']], true);
    expect(again).toMatchObject({ status: 302, location: '/admin-dashboard/content/faq-investors' });
    expect((await postSection('faq-investors', staff.cookie, [['intent', 'publish']])).status).toBe(409);
  });

  it('refuses anyone but a staff session, storing nothing', async () => {
    const investor = await signedIn({ isInvestor: true });
    const adminWithoutApp = await signedIn({ isAdmin: true });
    const before = await sectionState('faq-borrowers');
    const fields: [string, string][] = [
      ['intent', 'add'],
      ['id', NEW_ITEM_ID],
      ['question', 'Sneaky?'],
      ['answer', 'Yes.'],
    ];
    expect(await postSection('faq-borrowers', investor.cookie, fields)).toMatchObject({ status: 302, location: '/' });
    const enrol = await postSection('faq-borrowers', adminWithoutApp.cookie, fields);
    expect(enrol.status).toBe(302);
    expect(enrol.location).toMatch(/^\/two-factor\/setup\?redirectTo=/);
    const visitor = await postSection('faq-borrowers', '', fields);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/admin-login\?redirectTo=/);
    expect(await sectionState('faq-borrowers')).toEqual(before);
    const request = new Request(`${ORIGIN}/admin-dashboard/content`, { headers: { Cookie: investor.cookie } });
    expect(await settle(() => overviewLoader({ request, params: {}, context: context() } as never))).toMatchObject({
      status: 302,
      location: '/',
    });
  });

  it('the overview lists the seven sections with their state', async () => {
    await saveDraft(staff, 'imagery', DEFAULT_CONTENT.imagery);
    const request = new Request(`${ORIGIN}/admin-dashboard/content`, { headers: { Cookie: staff.cookie } });
    const { sections } = (await overviewLoader({ request, params: {}, context: context() } as never)) as {
      sections: { section: string; hasDraft: boolean; draftUpdatedAt: string | null }[];
    };
    expect(sections.map((s) => s.section)).toEqual([
      'loan-programs',
      'track-record',
      'team',
      'faq-borrowers',
      'faq-investors',
      'imagery',
      'investor-protections',
    ]);
    expect(sections.find((s) => s.section === 'imagery')).toMatchObject({ hasDraft: true, draftUpdatedAt: expect.any(String) });
    await discardDraft(staff, 'imagery');
  });
});

describe('the pages as a browser without JavaScript gets them', () => {
  it('each section’s page renders its editor with the working copy', async () => {
    const expected: Record<SiteContentSection, string[]> = {
      'loan-programs': ['Loan programs', 'Maximum LTV (%)', 'Add a program', 'Property types'],
      'track-record': ['Track record', 'Average investor yield paid', 'Save track record'],
      team: ['Team', 'Add a person', 'Short bio'],
      'faq-borrowers': ['Borrower FAQ', 'Add a question', '[the words](https://example.com)'],
      'faq-investors': ['Investor FAQ', DEFAULT_CONTENT['faq-investors'][0]!.question.replace('?', '')],
      imagery: ['Imagery', '/images/about-lake-640.webp', 'Home slide 1', 'Replace'],
      'investor-protections': ['Investor protections', 'Who services the loan', 'Save investor protections'],
    };
    for (const [section, texts] of Object.entries(expected)) {
      const { status, html } = await renderSection(section);
      expect(status, section).toBe(200);
      for (const text of texts) expect(html, `${section}: ${text}`).toContain(text);
      expect(html, section).toContain(`href="${SECTION_PAGES[section as SiteContentSection]}?preview"`);
    }
  });

  it('a refused item form comes back with the schema’s message next to its field', async () => {
    const existing = (await sectionState('loan-programs')).working[0]!;
    const { status, html } = await renderSection('loan-programs', [
      ['intent', 'save'],
      ['formId', `program-${existing.id}`],
      ['id', existing.id],
      ['name', ''],
      ['description', existing.description],
      ['minAmount', '100'],
      ['maxAmount', '50'],
      ['maxLtv', '60'],
      ['rateFrom', '9'],
      ['pointsFrom', '1'],
      ['pointsTo', '2'],
      ['termMinMonths', '6'],
      ['termMaxMonths', '12'],
      ['states', 'NV'],
      ['asOf', '2026-11-01'],
      ['note', existing.note],
    ]);
    expect(status).toBe(400);
    expect(html).toContain('Please enter the program’s name.');
    expect(html).toMatch(new RegExp(`id="program-${existing.id}-name"[^>]*aria-invalid="true"`));
    // What was typed is kept, and the program's form is open.
    expect(html).toMatch(new RegExp(`id="program-${existing.id}-maxAmount"[^>]*value="50"`));
    expect(html).toContain('<details class="group" open="">');
    expect((await sectionState('loan-programs')).working[0]).toEqual(existing);
  });
});

describe('the upload route', () => {
  /** A person added to the team's draft through the page; returns their id. */
  async function newMember(): Promise<string> {
    const name = `Person ${randomUUID().slice(0, 6)}`;
    const res = await postSection('team', staff.cookie, [
      ['intent', 'add'],
      ['id', NEW_ITEM_ID],
      ['name', name],
      ['title', 'Principal'],
      ['bio', 'Twenty years of bridge lending.'],
      ['licence', 'NMLS #123456'],
    ]);
    expect(res.status).toBe(200);
    return (await sectionState('team')).working.find((m) => m.name === name)!.id;
  }

  it('stores a photo and puts it on the person in the team’s draft; removing it shows the initials again', async () => {
    const memberId = await newMember();
    const res = await upload(staff.cookie, { kind: 'portrait', memberId }, await picture(400, 500));
    expect(res.status).toBe(201);
    expect(res.data?.ok).toBe(true);
    const imageId = res.data!.imageId!;
    const member = (await sectionState('team')).draft!.find((m) => m.id === memberId)!;
    expect(member).toMatchObject({ photoId: imageId, licence: 'NMLS #123456' });
    for (const width of SITE_IMAGE_WIDTHS.portrait)
      expect(await storage().get(siteImageKey(imageId, width, 'webp'))).not.toBeNull();

    // Saving the person's words keeps the photo.
    await postSection('team', staff.cookie, [
      ['intent', 'save'],
      ['id', memberId],
      ['name', member.name],
      ['title', 'Managing Principal'],
      ['bio', member.bio],
      ['licence', ''],
    ]);
    expect((await sectionState('team')).draft!.find((m) => m.id === memberId)).toMatchObject({
      title: 'Managing Principal',
      licence: null,
      photoId: imageId,
    });
    await postSection('team', staff.cookie, [
      ['intent', 'remove-photo'],
      ['id', memberId],
    ]);
    expect((await sectionState('team')).draft!.find((m) => m.id === memberId)!.photoId).toBeNull();
  });

  it('replaces, adds and restores hero pictures in the imagery draft', async () => {
    await discardDraft(staff, 'imagery');
    const hero = await picture(1300, 800);
    const replaced = await upload(staff.cookie, { kind: 'hero', slot: 'borrowers' }, hero);
    expect(replaced.status).toBe(201);
    let imagery = (await sectionState('imagery')).draft!;
    expect(imagery.borrowers).toEqual({ uploaded: replaced.data!.imageId });
    expect(imagery.home).toEqual(DEFAULT_CONTENT.imagery.home);

    // Home is full (three): adding stores nothing.
    const images = await imageCount();
    const full = await upload(staff.cookie, { kind: 'hero', slot: 'home' }, hero);
    expect(full.status).toBe(409);
    expect(await imageCount()).toBe(images);

    expect(
      (
        await postSection('imagery', staff.cookie, [
          ['intent', 'remove-image'],
          ['index', '2'],
        ])
      ).status,
    ).toBe(200);
    const added = await upload(staff.cookie, { kind: 'hero', slot: 'home' }, hero);
    expect(added.status).toBe(201);
    expect(
      (
        await postSection('imagery', staff.cookie, [
          ['intent', 'move-image'],
          ['index', '2'],
          ['direction', 'up'],
        ])
      ).status,
    ).toBe(200);
    imagery = (await sectionState('imagery')).draft!;
    expect(imagery.home).toEqual([
      DEFAULT_CONTENT.imagery.home[0],
      { uploaded: added.data!.imageId },
      DEFAULT_CONTENT.imagery.home[1],
    ]);

    expect(
      (
        await postSection('imagery', staff.cookie, [
          ['intent', 'restore-image'],
          ['slot', 'borrowers'],
        ])
      ).status,
    ).toBe(200);
    expect((await sectionState('imagery')).draft!.borrowers).toEqual(DEFAULT_CONTENT.imagery.borrowers);
    // The last Home picture cannot go.
    await postSection('imagery', staff.cookie, [
      ['intent', 'remove-image'],
      ['index', '0'],
    ]);
    await postSection('imagery', staff.cookie, [
      ['intent', 'remove-image'],
      ['index', '0'],
    ]);
    const last = await postSection('imagery', staff.cookie, [
      ['intent', 'remove-image'],
      ['index', '0'],
    ]);
    expect(last.status).toBe(400);
    expect(last.data?.toast?.description).toBe('Home needs at least one picture.');
    expect((await sectionState('imagery')).draft!.home).toHaveLength(1);
    await discardDraft(staff, 'imagery');
  });

  it('refuses what is not a picture (415), no picture, a person who is gone, and anyone but staff', async () => {
    const memberId = await newMember();
    const images = await imageCount();
    const text = await upload(staff.cookie, { kind: 'portrait', memberId }, Buffer.from('just words, not a picture'));
    expect(text.status).toBe(415);
    expect(text.data?.toast?.description).toBe('Please upload a PNG, JPG, WebP or AVIF picture.');
    expect((await upload(staff.cookie, { kind: 'portrait', memberId }, null)).status).toBe(400);
    expect((await upload(staff.cookie, { kind: 'portrait', memberId: randomUUID() }, await picture(300, 300))).status).toBe(404);
    expect((await upload(staff.cookie, { kind: 'banner', memberId }, await picture(300, 300))).status).toBe(400);
    const investor = await signedIn({ isInvestor: true });
    expect(await upload(investor.cookie, { kind: 'portrait', memberId }, await picture(300, 300))).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(await imageCount()).toBe(images);
    // Without JavaScript a refusal comes back to the page with its toast.
    const page = await upload(staff.cookie, { kind: 'portrait', memberId }, Buffer.from('words'), true);
    expect(page).toMatchObject({ status: 302, location: '/admin-dashboard/content/team' });
    expect(page.setCookie.some((c) => c.startsWith('toast='))).toBe(true);
  });
});
