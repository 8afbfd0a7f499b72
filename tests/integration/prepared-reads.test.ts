/**
 * `preparedRead` (app/server/db/prepared.server.ts, decision 0010 "Fourth pass"): a read built
 * once per database handle and shape. What it must keep: each call's own values (no answer stuck
 * from the first call), one named statement per shape on a connection however many calls, a
 * transaction's reads seeing the transaction's own writes, and a swapped database handle (tests,
 * start-up) getting statements of its own. Read through PostgreSQL's own list of a connection's
 * prepared statements, on a handle with one connection.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, openDatabase, setDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { bound, preparedRead, type Bound } from '~/server/db/prepared.server';
import { contact } from '~/server/db/schema';
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
