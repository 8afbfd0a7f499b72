/**
 * `preparedRead` (app/server/db/prepared.server.ts, decision 0010 "Fourth pass"): a read built
 * once per database handle and shape. What it must keep: each call's own values (no answer stuck
 * from the first call), one named statement per shape on a connection however many calls, a
 * transaction's reads seeing the transaction's own writes, and a swapped database handle (tests,
 * start-up) getting statements of its own. Read through PostgreSQL's own list of a connection's
 * prepared statements, on a handle with one connection.
 *
 * `preparedParts`: several selects in one statement give each part's rows as its own select does
 * (same values, same types: numeric, bigint, timestamps, arrays, JSON, doubles), in its order.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, openDatabase, setDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { bound, noArgument, preparedParts, preparedRead, type Bound } from '~/server/db/prepared.server';
import { auditEvent, contact, deal } from '~/server/db/schema';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();

/** The contacts of one e-mail, by name; the e-mail bound as given or lower-cased in SQL (two shapes). */
const contactsOf = preparedRead('test_contacts_of', (r, email) =>
  r
    .select({ name: contact.name, email: contact.email })
    .from(contact)
    .where(and(eq(contact.email, email), eq(contact.status, sql.placeholder('status'))))
    .orderBy(asc(contact.name)),
);
const exact = (email: string): Bound => bound('email', email, { status: 'new' });
const lowered = (email: string): Bound => ({
  sql: sql`lower(${sql.placeholder('email')})`,
  shape: 'lowered',
  values: { email, status: 'new' },
});

/** The names of the statements prepared on the one connection of `handle` that `preparedRead` made here. */
async function preparedHere(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.db.execute<{ name: string }>(
    sql`select name from pg_prepared_statements where name like 'test_contacts_of%' order by name`,
  );
  return rows.map((r) => r.name);
}

let single: DatabaseHandle;

beforeAll(async () => {
  await database
    .current()
    .db.insert(contact)
    .values([
      { name: 'Ada', email: 'ada@example.com' },
      { name: 'Ben', email: 'ben@example.com' },
      { name: 'Bea', email: 'ben@example.com' },
    ]);
  // One connection: every statement below goes through it, so its prepared statements are all there.
  single = await openDatabase({ url: database.current().url, poolSize: 1 });
  setDatabase(single);
});
afterAll(async () => {
  setDatabase(database.current());
  await single.close();
});

describe('a prepared read', () => {
  it('answers each call with its own values, as the same query unprepared does', async () => {
    expect(await contactsOf(exact('ben@example.com'))).toEqual([
      { name: 'Bea', email: 'ben@example.com' },
      { name: 'Ben', email: 'ben@example.com' },
    ]);
    expect(await contactsOf(exact('ada@example.com'))).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
    expect(await contactsOf(exact('nobody@example.com'))).toEqual([]);
    expect(await contactsOf(lowered('ADA@Example.com'))).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
    const plain = await db()
      .select({ name: contact.name, email: contact.email })
      .from(contact)
      .where(and(eq(contact.email, 'ben@example.com'), eq(contact.status, 'new')))
      .orderBy(asc(contact.name));
    expect(await contactsOf(exact('ben@example.com'))).toEqual(plain);
  });

  it('is one named statement per shape on a connection, however many calls', async () => {
    for (let i = 0; i < 5; i++) {
      await contactsOf(exact('ada@example.com'));
      await contactsOf(lowered('ada@example.com'));
    }
    const names = await preparedHere(single);
    expect(names).toHaveLength(2);
    expect(names.every((n) => /^test_contacts_of_[0-9a-f]{12}$/.test(n))).toBe(true);
  });

  it('in a transaction, reads what the transaction wrote, and prepares nothing', async () => {
    const before = await preparedHere(single);
    // The handle's one connection is the transaction's meanwhile: a read sent past it would wait for it.
    const inside = await db().transaction(async (tx) => {
      await tx.insert(contact).values({ name: 'Cy', email: 'cy@example.com' });
      return contactsOf(exact('cy@example.com'), tx);
    });
    expect(inside).toEqual([{ name: 'Cy', email: 'cy@example.com' }]);
    expect(await preparedHere(single)).toEqual(before);
  });

  it('on another database handle, is prepared again there', async () => {
    const other = await openDatabase({ url: database.current().url, poolSize: 1 });
    try {
      setDatabase(other);
      expect(await preparedHere(other)).toEqual([]);
      expect(await contactsOf(exact('ada@example.com'))).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
      expect(await preparedHere(other)).toHaveLength(1);
    } finally {
      setDatabase(single);
      await other.close();
    }
    expect(await contactsOf(exact('ada@example.com'))).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
  });
});

/** Three parts in one statement: a deal by id (every column type the schema uses), contacts by name descending, audit events. */
const together = preparedParts('test_parts', {
  deal: (r, id) => r.select().from(deal).where(eq(deal.id, id)),
  contacts: (r) =>
    r.select({ name: contact.name, email: contact.email, at: contact.createdAt }).from(contact).orderBy(desc(contact.name)),
  audits: (r) => r.select().from(auditEvent).where(eq(auditEvent.action, 'test.parts')).orderBy(asc(auditEvent.subjectId)),
});

describe('a read of parts in one statement', () => {
  it('gives each part the rows, values and types its own select gives, in its order', async () => {
    const [row] = await db()
      .insert(deal)
      .values({
        title: 'Parts',
        location: 'Reno, NV',
        description: 'A deal with every kind of column set.',
        acreage: 12.34,
        loanAmount: 9_007_199_254_740,
        ltv: 64.5,
        termMonths: 18,
        interestRate: 10.25,
        minimumInvestment: 25_000,
        amountToRaise: 1_250_000,
        imageKeys: ['a.jpg', 'b "quoted".jpg', 'c,comma.jpg'],
        coordinatesLat: 39.529633,
        coordinatesLng: -119.813803,
        riskFactors: 'One\nTwo',
        deletedAt: new Date('2026-11-27T08:09:10.123Z'),
      })
      .returning({ id: deal.id });
    const names = Array.from({ length: 40 }, (_, i) => `Parts ${String(i).padStart(2, '0')}`);
    await db()
      .insert(contact)
      .values(names.map((name, i) => ({ name, email: `parts${i}@example.com` })));
    await db()
      .insert(auditEvent)
      .values([
        {
          action: 'test.parts',
          subjectType: 'deal',
          subjectId: 'b',
          details: { amountCents: 123456, nested: { list: [1, 'two'] } },
        },
        { action: 'test.parts', subjectType: 'deal', subjectId: 'a' },
      ]);
    const id = bound('dealId', row!.id);
    const parts = await together(id);
    const own = {
      deal: await db().select().from(deal).where(eq(deal.id, row!.id)),
      contacts: await db()
        .select({ name: contact.name, email: contact.email, at: contact.createdAt })
        .from(contact)
        .orderBy(desc(contact.name)),
      audits: await db().select().from(auditEvent).where(eq(auditEvent.action, 'test.parts')).orderBy(asc(auditEvent.subjectId)),
    };
    expect(parts).toEqual(own);
    expect(parts.deal[0]!.loanAmount).toBe(9_007_199_254_740);
    expect(parts.deal[0]!.ltv).toBe(64.5);
    expect(parts.deal[0]!.imageKeys).toEqual(['a.jpg', 'b "quoted".jpg', 'c,comma.jpg']);
    expect(parts.deal[0]!.deletedAt).toEqual(new Date('2026-11-27T08:09:10.123Z'));
    expect(parts.contacts.map((c) => c.name).filter((n) => n.startsWith('Parts '))).toEqual([...names].reverse());
    expect(parts.audits.map((a) => a.details)).toEqual([{}, { amountCents: 123456, nested: { list: [1, 'two'] } }]);
    // Nothing found is an empty list, and a transaction reads its own writes through it.
    expect((await together(bound('dealId', '00000000-0000-4000-8000-000000000000'))).deal).toEqual([]);
    const inside = await db().transaction(async (tx) => {
      await tx.update(deal).set({ title: 'Renamed' }).where(eq(deal.id, row!.id));
      return together(id, tx);
    });
    expect(inside.deal[0]!.title).toBe('Renamed');
  });

  it('reads SQL expressions as JSON gives them, through their .mapWith', async () => {
    const expressions = preparedParts('test_parts_sql', {
      n: (r) =>
        r
          .select({
            list: sql<number[]>`array[1, 2, 3]::int[]`,
            yes: sql<boolean>`true`,
            count: sql<number>`count(*)`.mapWith(Number),
            word: sql<string>`'word'`,
          })
          .from(contact),
    });
    const [own] = await db()
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(contact);
    expect((await expressions()).n).toEqual([{ list: [1, 2, 3], yes: true, count: own!.count, word: 'word' }]);
  });

  it('gives a part written as SQL its rows as JSON gives them, in its order, with its placeholders bound', async () => {
    const names = ['Sql part c', 'Sql part a', 'Sql part b'];
    await db()
      .insert(contact)
      .values(names.map((name, i) => ({ name, email: `sqlpart${i}@example.com` })));
    const written = preparedParts('test_parts_written', {
      named: () => sql<{ name: string; at: string; rank: number }>`
        with these as (select name, created_at from contact where name like ${sql.placeholder('prefix')})
        select name, created_at::text as at, row_number() over (order by name desc)::int as rank
        from these order by name desc`,
      none: () => sql<{ name: string }>`select name from contact where false`,
    });
    const parts = await written({ ...noArgument, values: { prefix: 'Sql part %' } });
    expect(parts.named.map((row) => [row.name, row.rank])).toEqual([
      ['Sql part c', 1],
      ['Sql part b', 2],
      ['Sql part a', 3],
    ]);
    // Cast to text, a time comes back as PostgreSQL writes it, not as a JSON date.
    const [own] = await db()
      .select({ at: sql<string>`created_at::text` })
      .from(contact)
      .where(eq(contact.name, 'Sql part a'));
    expect(parts.named[2]!.at).toBe(own!.at);
    expect(parts.none).toEqual([]);
    expect((await written({ ...noArgument, values: { prefix: 'Nobody %' } })).named).toEqual([]);
  });

  it('refuses a part that selects a whole table, naming it', async () => {
    const wrong = preparedParts('test_parts_wrong', { n: (r) => r.select({ contact }).from(contact) });
    await expect(wrong()).rejects.toThrow(
      'Part "n" of read "test_parts_wrong" selects "contact", which is neither a column nor SQL.',
    );
  });
});
