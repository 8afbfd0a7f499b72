/**
 * A deal's data room against a real database (issue "Investing"; docs/product.md §11;
 * app/server/domain/investing/data-room.server.ts): staff upload through the route's action with a real
 * multipart Request and real sessions; anyone else uploads nothing; an investor's listing never
 * holds a staff-only row; downloads go to staff, and to an investor only for an investors'
 * document after acknowledging that deal's room, every other case a 404; each download is
 * audited; a change and a removal reach the row, the file and the audit log; the demo deals get
 * their data rooms.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditChange } from '~/lib/audit';
import { DATA_ROOM_FILE_ADVICE, DATA_ROOM_MESSAGES, dataRoomDownloadPath } from '~/lib/data-room';
import { requestContext } from '~/load-context';
import { loader as editLoader } from '~/routes/admin/deal-edit';
import { loader as downloadLoader } from '~/routes/resources/data-room-download';
import { action as dataRoomAction } from '~/routes/resources/data-room-upload';
import { db, setDatabase } from '~/server/db/client.server';
import { auditEvent, dataRoomDocument, deal } from '~/server/db/schema';
import { seedDemoContent } from '~/server/db/seed.server';
import { investorDataRoom, staffDataRoom } from '~/server/domain/investing/data-room.server';
import { acknowledgeDataRoom } from '~/server/domain/investing/investments.server';
import { storage } from '~/server/storage.server';
import { createTestDatabase, useTestDatabase } from '../support/test-database';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';

const database = useTestDatabase();

const ORIGIN = 'http://localhost:3000';
let ips = 0;

/** The request information of one request from `clientIp`; `page`: a form posted without JavaScript. */
const context = (clientIp = '203.0.113.50', page = false) =>
  requestContext({ clientIp, cspNonce: '', requestId: `data-room-${++ips}`, documentRequest: page });

type Person = RoutePerson;

/** A person signed in through the login route, with `roles`; `twoFactor`: a staff session. */
const signedIn = (roles: Parameters<typeof signedInThroughLogin>[0], twoFactor = false) =>
  signedInThroughLogin(roles, { twoFactor });

async function newDeal(values: Partial<typeof deal.$inferInsert> = {}) {
  const [row] = await db()
    .insert(deal)
    .values({
      title: `Deal ${randomUUID().slice(0, 6)}`,
      location: 'Reno, NV',
      description: 'A first-position bridge loan.',
      loanAmount: 1_000_000,
      ltv: 60,
      termMonths: 12,
      interestRate: 10,
      minimumInvestment: 25_000,
      amountToRaise: 1_000_000,
      ...values,
    })
    .returning({ id: deal.id });
  return row!.id;
}

const pdf = () => Buffer.from(`%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% ${randomUUID()}\n`);
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#1b2b45' } })
    .png()
    .toBuffer();
});

type Part = { file: Uint8Array; name: string; type?: string } | string;

/** A multipart body of `fields` in order (a file is `{ file, name }`). */
function multipart(fields: [string, Part][]): FormData {
  const body = new FormData();
  for (const [name, value] of fields)
    if (typeof value === 'string') body.append(name, value);
    else
      body.append(name, new Blob([new Uint8Array(value.file)], { type: value.type ?? 'application/octet-stream' }), value.name);
  return body;
}

interface Answered {
  status: number;
  location: string | null;
  setCookie: string[];
  data: { ok?: boolean; toast?: { title: string; description?: string }; documents?: { id: string; title: string }[] } | null;
}

/**
 * A multipart body written out as a browser writes it when no file is chosen: the file part has
 * `filename=""` (Node's FormData leaves an empty name out altogether).
 */
function browserFormWithoutFile(fields: [string, string][]): { raw: string; type: string } {
  const boundary = `----browser${randomUUID().replaceAll('-', '')}`;
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
  );
  return { raw: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs `body` to the data-room route of `dealId` as `cookie`, through the route's action. */
async function postDataRoom(
  dealId: string,
  cookie: string,
  body: FormData | { raw: string; type: string },
  page = false,
): Promise<Answered> {
  const request = new Request(`${ORIGIN}/admin-dashboard/deals/${dealId}/data-room`, {
    method: 'POST',
    body: body instanceof FormData ? body : body.raw,
    headers: {
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body instanceof FormData ? {} : { 'Content-Type': body.type }),
    },
  });
  let result: unknown;
  try {
    result = await dataRoomAction({ request, params: { id: dealId }, context: context('203.0.113.50', page) } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get('Location'),
      setCookie: result.headers.getSetCookie(),
      data: null,
    };
  const r = result as { init: ResponseInit | null; data: Answered['data'] };
  return {
    status: r.init?.status ?? 200,
    location: null,
    setCookie: new Headers(r.init?.headers).getSetCookie(),
    data: r.data,
  };
}

const upload = (
  dealId: string,
  cookie: string,
  files: { file: Uint8Array; name: string; type?: string }[],
  fields: { kind?: string; audience?: string; title?: string } = { kind: 'appraisal', audience: 'investors' },
) =>
  postDataRoom(
    dealId,
    cookie,
    multipart([
      ['intent', 'upload'],
      ...(fields.title !== undefined ? ([['title', fields.title]] as [string, Part][]) : []),
      ...(fields.kind !== undefined ? ([['kind', fields.kind]] as [string, Part][]) : []),
      ...(fields.audience !== undefined ? ([['audience', fields.audience]] as [string, Part][]) : []),
      ...files.map((f) => ['file', f] as [string, Part]),
    ]),
  );

/** GETs the download route of `dealId`/`documentId` as `cookie` from `clientIp`. */
async function download(dealId: string, documentId: string, cookie: string, clientIp = '192.0.2.77'): Promise<Response> {
  const request = new Request(`${ORIGIN}${dataRoomDownloadPath(dealId, documentId)}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return (await downloadLoader({
      request,
      params: { id: dealId, documentId },
      context: context(clientIp),
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const rowsOf = (dealId: string) => db().select().from(dataRoomDocument).where(eq(dataRoomDocument.dealId, dealId));

/** The stored files under `documents/{userId}/` (where a staff member's uploads are staged). */
async function storedFilesOf(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage().list(`documents/${userId}/`)) keys.push(object.key);
  return keys;
}

const eventsOf = (dealId: string, action: string) =>
  db()
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.subjectType, 'deal'), eq(auditEvent.subjectId, dealId), eq(auditEvent.action, action)));

let staff: Person;
beforeAll(async () => {
  staff = await signedIn({ isAdmin: true }, true);
});

/** A deal whose room holds an investors' PDF and a staff-only PDF, added through the route. */
async function dealWithRoom() {
  const dealId = await newDeal();
  const forInvestors = pdf();
  const staffOnly = pdf();
  const a = await upload(dealId, staff.cookie, [{ file: forInvestors, name: 'Appraisal.pdf' }], {
    kind: 'appraisal',
    audience: 'investors',
    title: 'Appraisal report',
  });
  const b = await upload(dealId, staff.cookie, [{ file: staffOnly, name: 'Title.pdf' }], {
    kind: 'title_report',
    audience: 'staff',
    title: 'Title report',
  });
  expect([a.status, b.status]).toEqual([201, 201]);
  return { dealId, investorsDoc: a.data!.documents![0]!.id, staffDoc: b.data!.documents![0]!.id, forInvestors, staffOnly };
}

describe('uploads', () => {
  it('an admin adds several files in one request: rows, stored files and an audit event each', async () => {
    const dealId = await newDeal();
    const first = pdf();
    const res = await upload(
      dealId,
      staff.cookie,
      [
        { file: first, name: 'Appraisal 2026.pdf', type: 'application/pdf' },
        { file: png, name: 'Front elevation.PNG', type: 'image/png' },
      ],
      { kind: 'photos', audience: 'investors', title: '  Appraisal report  ' },
    );
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ ok: true, toast: { title: '2 documents added to the data room' } });
    expect(res.data!.documents!.map((d) => d.title)).toEqual(['Appraisal report', 'Front elevation']);
    const rows = await rowsOf(dealId);
    expect(rows).toHaveLength(2);
    const byName = new Map(rows.map((r) => [r.fileName, r]));
    expect(byName.get('Appraisal 2026.pdf')).toMatchObject({
      title: 'Appraisal report',
      kind: 'photos',
      audience: 'investors',
      mimeType: 'application/pdf',
      fileSize: first.byteLength,
      uploadedBy: staff.id,
    });
    expect(byName.get('Front elevation.PNG')).toMatchObject({ mimeType: 'image/png', fileSize: png.byteLength });
    for (const row of rows) {
      const object = await storage().get(row.storageKey);
      expect(object?.size).toBe(row.fileSize);
      object?.stream.destroy();
    }
    const added = await eventsOf(dealId, 'data-room.document_added');
    expect(added).toHaveLength(2);
    expect(added.every((e) => e.actorId === staff.id)).toBe(true);
    expect(added.map((e) => e.details.document).sort()).toEqual(['Appraisal report', 'Front elevation']);
  });

  it('refuses a type the data room does not take, a file that is not what it says, and missing fields, storing nothing', async () => {
    const dealId = await newDeal();
    const before = await storedFilesOf(staff.id);
    const text = await upload(dealId, staff.cookie, [{ file: Buffer.from('plain words'), name: 'notes.txt' }]);
    expect(text.status).toBe(415);
    expect(text.data?.toast?.description).toBe(`This file type is not accepted. ${DATA_ROOM_FILE_ADVICE}`);
    const disguised = await upload(dealId, staff.cookie, [{ file: png, name: 'appraisal.pdf' }]);
    expect(disguised.status).toBe(415);
    // A good file first, then a refused one: neither is kept.
    const mixed = await upload(dealId, staff.cookie, [
      { file: pdf(), name: 'good.pdf' },
      { file: Buffer.from('<html></html>'), name: 'bad.pdf' },
    ]);
    expect(mixed.status).toBe(415);
    const noKind = await upload(dealId, staff.cookie, [{ file: pdf(), name: 'a.pdf' }], { audience: 'investors' });
    expect(noKind.status).toBe(400);
    expect(noKind.data?.toast?.description).toBe(DATA_ROOM_MESSAGES.kind);
    const badAudience = await upload(dealId, staff.cookie, [{ file: pdf(), name: 'a.pdf' }], {
      kind: 'appraisal',
      audience: 'everyone',
    });
    expect(badAudience.status).toBe(400);
    expect(badAudience.data?.toast?.description).toBe(DATA_ROOM_MESSAGES.audience);
    const longTitle = await upload(dealId, staff.cookie, [{ file: pdf(), name: 'a.pdf' }], {
      kind: 'appraisal',
      audience: 'staff',
      title: 'x'.repeat(201),
    });
    expect(longTitle.status).toBe(400);
    const noFile = await postDataRoom(
      dealId,
      staff.cookie,
      browserFormWithoutFile([
        ['intent', 'upload'],
        ['kind', 'appraisal'],
        ['audience', 'investors'],
      ]),
    );
    expect(noFile.status).toBe(400);
    expect(noFile.data?.toast?.description).toBe('Please choose a file to upload.');
    expect(await rowsOf(dealId)).toEqual([]);
    expect((await storedFilesOf(staff.id)).sort()).toEqual(before.sort());
  });

  it('refuses anyone but a staff session before reading the body, and a missing or deleted deal with a 404', async () => {
    const dealId = await newDeal();
    const investor = await signedIn({ isInvestor: true });
    const borrower = await signedIn({ isBorrower: true });
    const adminWithoutApp = await signedIn({ isAdmin: true });
    const file = [{ file: pdf(), name: 'a.pdf' }];
    // requireAdmin answers with its redirect: home for a non-admin, enrolment for an admin
    // without two-step verification, sign-in for a visitor.
    expect(await upload(dealId, investor.cookie, file)).toMatchObject({ status: 302, location: '/' });
    expect(await upload(dealId, borrower.cookie, file)).toMatchObject({ status: 302, location: '/' });
    const enrol = await upload(dealId, adminWithoutApp.cookie, file);
    expect(enrol.status).toBe(302);
    expect(enrol.location).toMatch(/^\/two-factor\/setup\?redirectTo=/);
    const visitor = await upload(dealId, '', file);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/admin-login\?redirectTo=/);
    for (const who of [investor, borrower, adminWithoutApp]) expect(await storedFilesOf(who.id)).toEqual([]);

    const deleted = await newDeal({ deletedAt: new Date() });
    const before = await storedFilesOf(staff.id);
    for (const id of [randomUUID(), deleted, 'not-a-uuid', "1' or '1'='1"]) {
      const res = await upload(id, staff.cookie, file);
      expect(res.status, id).toBe(404);
    }
    expect(await rowsOf(dealId)).toEqual([]);
    expect(await rowsOf(deleted)).toEqual([]);
    expect((await storedFilesOf(staff.id)).sort()).toEqual(before.sort());
  });

  it('sends a form posted without JavaScript back to the edit page with a flash toast', async () => {
    const dealId = await newDeal();
    const res = await postDataRoom(
      dealId,
      staff.cookie,
      multipart([
        ['intent', 'upload'],
        ['title', ''],
        ['kind', 'disclosure_statement'],
        ['audience', 'investors'],
        ['file', { file: pdf(), name: 'LPDS.pdf' }],
      ]),
      true,
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/admin-dashboard/deals/${dealId}/edit#data-room`);
    expect(res.setCookie.some((c) => c.startsWith('toast='))).toBe(true);
    expect((await rowsOf(dealId)).map((r) => [r.title, r.kind])).toEqual([['LPDS', 'disclosure_statement']]);
    // A refusal comes back the same way.
    const refused = await postDataRoom(
      dealId,
      staff.cookie,
      multipart([
        ['intent', 'remove'],
        ['documentId', randomUUID()],
      ]),
      true,
    );
    expect(refused).toMatchObject({ status: 302, location: `/admin-dashboard/deals/${dealId}/edit#data-room` });
  });
});

describe('listings', () => {
  it("an investor's listing never holds a staff-only document; staff see both, on the edit page too", async () => {
    const { dealId, investorsDoc, staffDoc } = await dealWithRoom();
    const listed = await investorDataRoom(dealId);
    expect(listed.map((d) => d.id)).toEqual([investorsDoc]);
    expect(Object.keys(listed[0]!).sort()).toEqual(['createdAt', 'fileName', 'fileSize', 'id', 'kind', 'title']);
    expect((await staffDataRoom(dealId)).map((d) => d.id).sort()).toEqual([investorsDoc, staffDoc].sort());
    // A deleted deal shows investors nothing.
    await db().update(deal).set({ deletedAt: new Date() }).where(eq(deal.id, dealId));
    expect(await investorDataRoom(dealId)).toEqual([]);
    await db().update(deal).set({ deletedAt: null }).where(eq(deal.id, dealId));
    expect(await investorDataRoom('not-a-uuid')).toEqual([]);

    const request = new Request(`${ORIGIN}/admin-dashboard/deals/${dealId}/edit`, { headers: { Cookie: staff.cookie } });
    const page = (await editLoader({ request, params: { id: dealId }, context: context() } as never)) as {
      dataRoom: { id: string; audience: string; createdAt: string }[];
    };
    expect(page.dataRoom.map((d) => d.audience).sort()).toEqual(['investors', 'staff']);
    expect(typeof page.dataRoom[0]!.createdAt).toBe('string');
  });
});

describe('downloads', () => {
  it('an investor downloads an investors’ document only after acknowledging this deal’s data room; every other case is a 404', async () => {
    const { dealId, investorsDoc, staffDoc, forInvestors } = await dealWithRoom();
    const other = await dealWithRoom();
    const investor = await signedIn({ isInvestor: true });
    const neighbour = await signedIn({ isInvestor: true });

    // Before acknowledging: nothing, even when another investor has acknowledged.
    await acknowledgeDataRoom({ ...neighbour, name: 'Neighbour', isInvestor: true }, dealId, '198.51.100.1');
    expect((await download(dealId, investorsDoc, investor.cookie)).status).toBe(404);
    // Acknowledging another deal does not open this one.
    await acknowledgeDataRoom({ ...investor, name: 'Investor', isInvestor: true }, other.dealId, '198.51.100.2');
    expect((await download(dealId, investorsDoc, investor.cookie)).status).toBe(404);

    await acknowledgeDataRoom({ ...investor, name: 'Investor', isInvestor: true }, dealId, '198.51.100.2');
    const ok = await download(dealId, investorsDoc, investor.cookie, '192.0.2.10');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toBe('application/pdf');
    expect(ok.headers.get('Cache-Control')).toBe('private, no-store');
    expect(ok.headers.get('Content-Disposition')).toMatch(/^attachment; filename="Appraisal\.pdf"/);
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(forInvestors);

    const refused = [
      // Staff only.
      download(dealId, staffDoc, investor.cookie),
      // Another deal's document under this deal, and this deal's under another.
      download(dealId, other.investorsDoc, investor.cookie),
      download(other.dealId, investorsDoc, investor.cookie),
      // Malformed ids.
      download('not-a-uuid', investorsDoc, investor.cookie),
      download(dealId, 'not-a-uuid', investor.cookie),
      download(dealId, `${investorsDoc}x`, investor.cookie),
      download(dealId, randomUUID(), investor.cookie),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(404);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
    // A borrower, and an admin whose session has not passed a second factor, are neither.
    const borrower = await signedIn({ isBorrower: true });
    const adminWithoutApp = await signedIn({ isAdmin: true });
    expect((await download(dealId, investorsDoc, borrower.cookie)).status).toBe(404);
    expect((await download(dealId, staffDoc, adminWithoutApp.cookie)).status).toBe(404);
    // Signed out: to sign-in.
    const visitor = await download(dealId, investorsDoc, '');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
    // A deleted deal's room is closed to investors.
    await db().update(deal).set({ deletedAt: new Date() }).where(eq(deal.id, dealId));
    expect((await download(dealId, investorsDoc, investor.cookie)).status).toBe(404);
    await db().update(deal).set({ deletedAt: null }).where(eq(deal.id, dealId));

    // Only the one download that happened is in the audit log.
    const events = await eventsOf(dealId, 'data-room.downloaded');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: investor.id,
      actorEmail: investor.email,
      details: {
        document: 'Appraisal report',
        kind: 'appraisal',
        audience: 'investors',
        documentId: investorsDoc,
        clientIp: '192.0.2.10',
      },
    });
    expect(auditChange({ action: 'data-room.downloaded', details: events[0]!.details })).toBe(
      '“Appraisal report” · Appraisal · Investors · 192.0.2.10',
    );
  });

  it('staff download any document of the deal, staff-only ones included, each download audited', async () => {
    const { dealId, investorsDoc, staffDoc, staffOnly } = await dealWithRoom();
    const other = await dealWithRoom();
    const res = await download(dealId, staffDoc, staff.cookie, '192.0.2.20');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(staffOnly);
    expect((await download(dealId, investorsDoc, staff.cookie, '192.0.2.20')).status).toBe(200);
    await (await download(dealId, investorsDoc, staff.cookie, '192.0.2.20')).body?.cancel();
    expect((await download(dealId, other.staffDoc, staff.cookie)).status).toBe(404);
    expect((await download('nope', staffDoc, staff.cookie)).status).toBe(404);
    const events = await eventsOf(dealId, 'data-room.downloaded');
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.actorId === staff.id && e.details.clientIp === '192.0.2.20')).toBe(true);
    expect(events.filter((e) => e.details.documentId === staffDoc)).toHaveLength(1);
    expect(await eventsOf(other.dealId, 'data-room.downloaded')).toEqual([]);
  });
});

describe('changes and removal', () => {
  it('staff change a title and an audience; the investor listing follows and the log says what changed', async () => {
    const { dealId, staffDoc } = await dealWithRoom();
    const other = await dealWithRoom();
    const change = (documentId: string, fields: Record<string, string>, forDeal = dealId) =>
      postDataRoom(
        forDeal,
        staff.cookie,
        multipart([['intent', 'update'], ['documentId', documentId], ...Object.entries(fields)]),
      );
    const res = await change(staffDoc, { title: ' Preliminary title report ', audience: 'investors' });
    expect(res.status).toBe(200);
    expect(res.data?.toast?.title).toBe('Document updated');
    expect((await investorDataRoom(dealId)).map((d) => d.title)).toContain('Preliminary title report');
    expect((await eventsOf(dealId, 'data-room.audience_changed'))[0]?.details).toMatchObject({ from: 'staff', to: 'investors' });
    expect((await eventsOf(dealId, 'data-room.document_renamed'))[0]?.details).toMatchObject({
      from: 'Title report',
      to: 'Preliminary title report',
    });
    expect((await change(staffDoc, { audience: 'staff' })).status).toBe(200);
    expect((await investorDataRoom(dealId)).map((d) => d.id)).not.toContain(staffDoc);

    expect((await change(staffDoc, { title: '   ' })).status).toBe(400);
    expect((await change(staffDoc, { audience: 'public' })).status).toBe(400);
    // Another deal's document under this deal, a malformed id.
    expect((await change(other.staffDoc, { audience: 'investors' })).status).toBe(404);
    expect((await change('not-a-uuid', { audience: 'investors' })).status).toBe(404);
    expect((await db().select().from(dataRoomDocument).where(eq(dataRoomDocument.id, other.staffDoc)))[0]?.audience).toBe(
      'staff',
    );
  });

  it('removing a document deletes its row and its file together, audited, with a flash toast', async () => {
    const { dealId, investorsDoc, staffDoc } = await dealWithRoom();
    const other = await dealWithRoom();
    const [row] = await db().select().from(dataRoomDocument).where(eq(dataRoomDocument.id, staffDoc));
    const remove = (documentId: string, forDeal = dealId) =>
      postDataRoom(
        forDeal,
        staff.cookie,
        multipart([
          ['intent', 'remove'],
          ['documentId', documentId],
        ]),
      );
    // Not this deal's document: nothing removed.
    expect((await remove(other.staffDoc)).status).toBe(404);
    expect(await db().select().from(dataRoomDocument).where(eq(dataRoomDocument.id, other.staffDoc))).toHaveLength(1);

    const res = await remove(staffDoc);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    expect(res.setCookie.some((c) => c.startsWith('toast='))).toBe(true);
    expect((await rowsOf(dealId)).map((r) => r.id)).toEqual([investorsDoc]);
    expect(await storage().get(row!.storageKey)).toBeNull();
    expect((await eventsOf(dealId, 'data-room.document_removed'))[0]?.details).toMatchObject({
      document: 'Title report',
      kind: 'title_report',
      audience: 'staff',
    });
    expect((await remove(staffDoc)).status).toBe(404);
    expect((await download(dealId, staffDoc, staff.cookie)).status).toBe(404);
  });
});

describe('demo content', () => {
  it('gives each Active demo deal an investors’ appraisal and a staff-only title report, and the investing texts', async () => {
    const { handle, drop } = await createTestDatabase();
    setDatabase(handle);
    try {
      const inserted = await seedDemoContent();
      expect(inserted).toBeGreaterThanOrEqual(10);
      const deals = await db().select().from(deal);
      const active = deals.filter((d) => d.status === 'Active');
      const rooms = await db()
        .select()
        .from(dataRoomDocument)
        .where(
          inArray(
            dataRoomDocument.dealId,
            deals.map((d) => d.id),
          ),
        );
      for (const d of deals) {
        const room = rooms.filter((r) => r.dealId === d.id);
        if (d.status !== 'Active') {
          expect(room).toEqual([]);
          continue;
        }
        expect(room.map((r) => [r.title, r.kind, r.audience]).sort()).toEqual([
          ['Appraisal report', 'appraisal', 'investors'],
          ['Title report', 'title_report', 'staff'],
        ]);
        for (const r of room) {
          const object = await storage().get(r.storageKey);
          expect(object?.size).toBe(r.fileSize);
          object?.stream.destroy();
        }
      }
      expect(active.length).toBeGreaterThan(0);
      for (const d of deals) {
        expect(d.loanPurpose && d.borrowerExperience && d.exitStrategy).toBeTruthy();
        const risks = d.riskFactors.split('\n');
        expect(risks.length).toBeGreaterThanOrEqual(2);
        expect(risks.length).toBeLessThanOrEqual(4);
      }
      expect(deals.filter((d) => d.lienPosition === 'first').length).toBeGreaterThan(deals.length / 2);
      // Idempotent: a second run adds nothing.
      expect(await seedDemoContent()).toBe(0);
      expect(await db().select().from(dataRoomDocument)).toHaveLength(rooms.length);
    } finally {
      setDatabase(database.current());
      await drop();
    }
  });
});
