/**
 * Who may touch a loan (issue "The loan file", Must show 2), over HTTP against the production
 * build: another borrower, an investor and an anonymous visitor get 404 or a redirect for every
 * page, `.data` request, download and action of someone else's loan, and nothing changes;
 * internal notes reach no borrower response and no borrower e-mail (while the staff's review
 * shows them, so the check can fail).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { baseURL, createVerifiedUser, dataDir, landing, postForm, uniqueIp, staffSession } from '../support/accounts';
import { APPLICATION, applyForLoan, dayFromNow } from '../support/loans';
import { readMails } from '../support/mail';

const MARKER = `INTERNAL-${randomUUID()}`;
const pdf = () => new Uint8Array(Buffer.from(`%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% ${randomUUID()}\n`));

interface Victim {
  email: string;
  cookie: string;
  reference: string;
  draftId: string;
  itemId: string;
  documentId: string;
  termSheetId: string;
}

let victim: Victim;
let admin = '';
const intruders: Record<string, string> = {};

/** A page's HTML for `cookie`, or its `.data` answer. */
async function read(path: string, cookie: string, data = false): Promise<{ status: number; body: string }> {
  const url = `${baseURL}${data ? path.replace(/(\?|$)/, '.data$1') : path}`;
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, body: await res.text() };
}

/** Uploads one PDF into checklist item `itemId` of `reference` as `cookie`. */
function uploadInto(reference: string, itemId: string, cookie: string) {
  const body = new FormData();
  body.append('file', new Blob([pdf()]), 'statement.pdf');
  return fetch(`${baseURL}/dashboard/loans/${reference}/items/${itemId}/documents`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseURL, 'X-Forwarded-For': uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

const staff = (fields: Record<string, string>) =>
  postForm(`/admin-dashboard/loans/${victim.reference}`, fields, { cookie: admin });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const owner = await createVerifiedUser({ borrower: true }, 'victim');
  const { reference } = await applyForLoan(owner.cookie);
  const draft = await postForm(
    '/dashboard/loans/new',
    { intent: 'save', step: 'property', ...APPLICATION.property },
    { cookie: owner.cookie },
  );
  const draftId = new URL(draft.headers.get('location')!, baseURL).searchParams.get('draft')!;
  admin = (await staffSession()).cookie;
  victim = { email: owner.email, cookie: owner.cookie, reference, draftId, itemId: '', documentId: '', termSheetId: '' };

  expect((await staff({ intent: 'move', to: 'in_review', note: 'Review started.' })).status).toBe(200);
  expect((await staff({ intent: 'note', body: MARKER })).status).toBe(200);
  expect((await staff({ intent: 'request', title: 'Appraisal' })).status).toBe(200);
  const page = await read(`/dashboard/loans/${reference}`, owner.cookie);
  victim.itemId = page.body.match(/id="item-([0-9a-f-]{36})"/)![1]!;
  const uploaded = await uploadInto(reference, victim.itemId, owner.cookie);
  expect(uploaded.status).toBe(201);
  victim.documentId = ((await uploaded.json()) as { documents: { id: string }[] }).documents[0]!.id;
  const issued = await staff({
    intent: 'term-sheet',
    amount: '1300000',
    ratePercent: '10.5',
    points: '2',
    termMonths: '12',
    ltv: '65',
    expiresOn: dayFromNow(10),
  });
  expect(issued.status).toBe(200);
  const withSheet = await read(`/dashboard/loans/${reference}`, owner.cookie);
  victim.termSheetId = withSheet.body.match(/name="termSheetId" value="([0-9a-f-]{36})"/)![1]!;

  intruders['another borrower'] = (await createVerifiedUser({ borrower: true }, 'intruder')).cookie;
  intruders['an investor'] = (await createVerifiedUser({ investor: true }, 'intruder')).cookie;
  intruders['an anonymous visitor'] = '';
});

/** The facts of the victim's loan an intruder must not be able to change, as the admin reads them. */
async function facts() {
  const review = (await read(`/admin-dashboard/loans/${victim.reference}`, admin)).body;
  return {
    termSheetOpen: review.includes('Awaiting the borrower'),
    stage: review.match(/<span class="inline-flex rounded-full[^"]*">([^<]+)<\/span>/)?.[1],
    files: review.match(/statement\.pdf/g)?.length ?? 0,
    messages: review.match(/Ormsby Lending ·|Test User ·/g)?.length ?? 0,
    items: review.match(/id="item-/g)?.length ?? 0,
    intruderText: review.includes('intruder was here'),
  };
}

for (const who of ['another borrower', 'an investor', 'an anonymous visitor']) {
  test(`${who} can neither see nor change someone else's loan`, async () => {
    const cookie = intruders[who]!;
    const { reference, draftId, documentId, itemId, termSheetId } = victim;
    const before = await facts();
    expect(before).toMatchObject({ termSheetOpen: true, stage: 'Term sheet', intruderText: false });
    expect(before.files).toBeGreaterThan(0);

    // Pages and their .data requests: 404, or sent to sign in or home.
    const allowed = (landed: string) => landed === '404' || /^\/(login|admin-login)?(\?|$)/.test(landed);
    for (const path of [
      `/dashboard/loans/${reference}`,
      `/dashboard/loans/new?draft=${draftId}`,
      `/dashboard/loans/new?draft=${draftId}&step=review`,
      '/admin-dashboard/loans',
      `/admin-dashboard/loans/${reference}`,
    ])
      for (const kind of ['page', 'data'] as const) {
        const landed = await landing(path, cookie, kind);
        expect(allowed(landed), `${who} ${kind} ${path} → ${landed}`).toBe(true);
        const { body } = await read(path, cookie, kind === 'data');
        expect(body).not.toContain(APPLICATION.borrower.entityName);
        expect(body).not.toContain(MARKER);
      }

    // Downloads: 404, or sent to sign in.
    for (const path of [`/documents/${documentId}/download`, `/documents/${documentId}/download?inline=1`]) {
      const res = await fetch(`${baseURL}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
      expect([302, 404], `${who} GET ${path}`).toContain(res.status);
      expect(await res.text()).not.toContain('%PDF');
    }

    // Every action of the borrower and of the staff on this loan, and an upload into its item.
    // Refused: 404, or a redirect to sign in or home; a `.data` request's redirect is in its body.
    const refused = async (res: Response) =>
      res.status === 404 ||
      (res.status >= 300 && res.status < 400) ||
      (res.status === 202 && /"redirect","\/(login|admin-login)?[?"]/.test(await res.text()));
    const borrowerActions: Record<string, string>[] = [
      { intent: 'message', body: 'intruder was here' },
      { intent: 'term-sheet', termSheetId, answer: 'accept' },
      { intent: 'term-sheet', termSheetId, answer: 'decline' },
      { intent: 'withdraw', reason: 'intruder was here' },
    ];
    for (const fields of borrowerActions) {
      for (const path of [`/dashboard/loans/${reference}`, `/dashboard/loans/${reference}.data`]) {
        const res = await postForm(path, fields, { cookie });
        expect(await refused(res), `${who} POST ${path} ${fields.intent} → ${res.status}`).toBe(true);
      }
    }
    for (const fields of [
      { intent: 'save', step: 'property', draft: draftId, ...APPLICATION.property, propertyCity: 'intruder was here' },
      { intent: 'submit', draft: draftId },
    ]) {
      const res = await postForm('/dashboard/loans/new', fields, { cookie });
      expect(await refused(res), `${who} POST application ${fields.intent} → ${res.status}`).toBe(true);
    }
    expect(await refused(await uploadInto(reference, itemId, cookie))).toBe(true);
    const staffActions: Record<string, string>[] = [
      { intent: 'move', to: 'submitted', note: 'intruder was here' },
      { intent: 'decline', reason: 'intruder was here' },
      { intent: 'request', title: 'intruder was here' },
      { intent: 'review', itemId, decision: 'needs_attention', reason: 'intruder was here' },
      { intent: 'review', itemId, decision: 'accepted' },
      { intent: 'message', body: 'intruder was here' },
      { intent: 'note', body: 'intruder was here' },
      { intent: 'term-sheet', amount: '1', ratePercent: '1', points: '0', termMonths: '1', ltv: '1', expiresOn: dayFromNow(5) },
    ];
    for (const fields of staffActions) {
      const res = await postForm(`/admin-dashboard/loans/${reference}`, fields, { cookie });
      expect(await refused(res), `${who} POST staff ${fields.intent} → ${res.status}`).toBe(true);
    }

    // Nothing changed.
    expect(await facts()).toEqual(before);
    const draft = await read(`/dashboard/loans/new?draft=${draftId}&step=property`, victim.cookie);
    expect(draft.body).not.toContain('intruder was here');
  });
}

test('internal notes reach no borrower page, .data answer or e-mail, while the review shows them', async () => {
  const { reference, cookie, email } = victim;
  expect((await read(`/admin-dashboard/loans/${reference}`, admin)).body).toContain(MARKER);
  for (const path of [`/dashboard/loans/${reference}`, '/dashboard/loans'])
    for (const data of [false, true]) {
      const { status, body } = await read(path, cookie, data);
      expect(status, path).toBe(200);
      expect(body).toContain(reference);
      expect(body).not.toContain(MARKER);
    }
  const mails = (await readMails(dataDir)).filter((m) => m.to === email);
  expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([`Your term sheet for ${reference}`]));
  for (const mail of mails) expect(mail.body).not.toContain(MARKER);
});
