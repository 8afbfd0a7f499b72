/**
 * The contact form's action against a real database (product §2 Contact, §5, §8; product decisions):
 * valid messages are stored with status `new` and an e-mail to NOTIFY_EMAIL queued in the same
 * transaction; invalid input and bad spam-check solutions get 400 and store nothing.
 */
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { action } from '~/routes/public/contact';
import { createAltchaChallenge } from '~/server/captcha.server';
import { db } from '~/server/db/client.server';
import { contact, outboxEmail, requestCounter } from '~/server/db/schema';
import { solveAltcha } from '../support/altcha';
import { useTestDatabase } from '../support/test-database';
import { requestContext } from '~/load-context';

useTestDatabase();

let ipCounter = 0;
async function post(fields: Record<string, string>, ip = `203.0.113.${++ipCounter}`) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request('http://localhost:3000/contact', { method: 'POST', body });
  const response = (await action({
    request,
    params: {},
    context: requestContext({ clientIp: ip, cspNonce: '', requestId: 'test' }),
  } as never)) as unknown as { init: ResponseInit | null; data: { ok: boolean; result: { error?: Record<string, string[]> } } };
  return { status: response.init?.status ?? 200, ok: response.data.ok, errors: response.data.result.error ?? {} };
}

async function counts() {
  const [c] = await db().select({ n: count() }).from(contact);
  const [o] = await db().select({ n: count() }).from(outboxEmail);
  return { contacts: c!.n, emails: o!.n };
}

const valid = {
  name: 'Jane Borrower',
  email: '  Jane@Example.COM ',
  phone: '(775) 555-0100',
  note: 'A bridge loan for a duplex in Reno.',
};

describe('contact form action', () => {
  beforeEach(async () => {
    await db().delete(contact);
    await db().delete(outboxEmail);
    await db().delete(requestCounter);
  });

  it('stores a valid message with status new and queues the e-mail to NOTIFY_EMAIL', async () => {
    const altcha = await solveAltcha(await createAltchaChallenge());
    const res = await post({ ...valid, altcha });
    expect(res).toMatchObject({ status: 200, ok: true });
    const rows = await db().select().from(contact);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Jane Borrower', email: 'jane@example.com', phone: '(775) 555-0100', status: 'new' });
    const emails = await db().select().from(outboxEmail);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: 'lender@example.test', template: 'contact-notification', status: 'queued' });
    expect(emails[0]!.payload).toMatchObject({ name: 'Jane Borrower', email: 'jane@example.com' });
  });

  it('stores phone and message as null when left empty', async () => {
    const altcha = await solveAltcha(await createAltchaChallenge());
    const res = await post({ name: 'Al', email: 'al@example.com', phone: '', note: '   ', altcha });
    expect(res.status).toBe(200);
    const [row] = await db().select().from(contact).where(eq(contact.email, 'al@example.com'));
    expect(row).toMatchObject({ phone: null, note: null });
  });

  it.each([
    [{ name: 'J' }, 'name', 'Name must be at least 2 characters.'],
    [{ name: '   ' }, 'name', 'Name must be at least 2 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ email: '' }, 'email', 'Please enter a valid email address.'],
    [{ altcha: '' }, 'altcha', 'Please complete the reCAPTCHA verification.'],
  ])('refuses %o with the spec text and stores nothing', async (override, field, message) => {
    const altcha = await solveAltcha(await createAltchaChallenge());
    const res = await post({ ...valid, altcha, ...override });
    expect(res.status).toBe(400);
    expect(res.errors[field]).toContain(message);
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });

  it('refuses a forged or tampered spam-check solution', async () => {
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: {}, signature: 'x' }, solution: { counter: 1, derivedKey: 'ab' } }),
    ).toString('base64');
    expect((await post({ ...valid, altcha: forged })).status).toBe(400);
    expect((await post({ ...valid, altcha: 'garbage' })).status).toBe(400);
    const good = JSON.parse(Buffer.from(await solveAltcha(await createAltchaChallenge()), 'base64').toString());
    const key: string = good.solution.derivedKey;
    good.solution.derivedKey = (key[0] === '0' ? '1' : '0') + key.slice(1);
    const res = await post({ ...valid, altcha: Buffer.from(JSON.stringify(good)).toString('base64') });
    expect(res.status).toBe(400);
    expect(res.errors.altcha).toContain('Please complete the reCAPTCHA verification.');
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });

  it('refuses a replayed solution', async () => {
    const altcha = await solveAltcha(await createAltchaChallenge());
    expect((await post({ ...valid, altcha })).status).toBe(200);
    const replay = await post({ ...valid, altcha });
    expect(replay.status).toBe(400);
    expect(replay.errors.altcha).toContain('Please complete the reCAPTCHA verification.');
    expect(await counts()).toEqual({ contacts: 1, emails: 1 });
  });

  it('limits messages per client IP (429) and counts each IP separately', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++) {
      expect((await post({ ...valid, altcha: await solveAltcha(await createAltchaChallenge()) }, ip)).status).toBe(200);
    }
    const limited = await post({ ...valid, altcha: await solveAltcha(await createAltchaChallenge()) }, ip);
    expect(limited.status).toBe(429);
    expect(limited.errors['']?.[0]).toMatch(/Too many messages/);
    expect((await post({ ...valid, altcha: await solveAltcha(await createAltchaChallenge()) }, '198.51.100.8')).status).toBe(200);
    expect((await counts()).contacts).toBe(11);
  });
});
