/**
 * The admin lists against a real database (issue "Admin area"; product §2 View Users and View
 * Contacts, §5 contact search, §9 user filter): every page of every search and filter holds
 * exactly the newest-first rows a plain reading of the spec gives, whichever end a page is read
 * from; totals kept by the database's triggers follow inserts, status and role changes, renames
 * and deletes, and a remembered search count never outlives a change.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_PAGE_SIZE, USERS_PAGE_SIZE, type ContactStatus, type UserType } from '~/lib/admin';
import { db } from '~/server/db/client.server';
import { contact, listCount, profile, user } from '~/server/db/schema';
import { dashboardFigures } from '~/server/domain/admin-dashboard.server';
import { listUsers } from '~/server/domain/accounts/admin-users.server';
import { listContacts, setContactStatus } from '~/server/domain/content/contacts.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

interface SeedContact {
  id: string;
  name: string;
  email: string;
  note: string | null;
  status: ContactStatus;
  createdAt: Date;
}
interface SeedUser {
  id: string;
  name: string;
  email: string;
  isBorrower: boolean;
  isInvestor: boolean;
  createdAt: Date;
}

const contacts: SeedContact[] = [];
const users: SeedUser[] = [];
const statuses: ContactStatus[] = ['new', 'read', 'replied', 'archived'];
const notes = ['Bridge loan for a duplex in Sparks', 'Investing in deeds of trust', null, 'Fix and flip in Henderson'];
const base = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  for (let i = 0; i < 47; i++) {
    contacts.push({
      id: randomUUID(),
      name: i === 5 ? 'ÉMILE Durand' : `Contact ${i}`,
      email: `contact${i}@example.com`,
      note: notes[i % 4]!,
      status: statuses[(i * 7) % 4]!,
      // Two inquiries share each instant: the id decides between them, in both directions.
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
    });
  }
  await db().insert(contact).values(contacts);
  for (let i = 0; i < 38; i++) {
    users.push({
      id: randomUUID(),
      name: `${['Avery', 'Blake', 'Casey'][i % 3]} Nguyen ${i}`,
      email: `user${i}@example.com`,
      isBorrower: i % 3 !== 1,
      isInvestor: i % 3 !== 0,
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
    });
  }
  await db()
    .insert(user)
    .values(users.map((u) => ({ id: u.id, name: u.name, email: u.email, emailVerified: true, createdAt: u.createdAt })));
  await db()
    .insert(profile)
    .values(users.map((u) => ({ userId: u.id, isBorrower: u.isBorrower, isInvestor: u.isInvestor, createdAt: u.createdAt })));
});

const newestFirst = <T extends { id: string; createdAt: Date }>(rows: T[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

function expectedContacts(q: string, status: ContactStatus | null) {
  const needle = q.trim().toLowerCase();
  return newestFirst(
    contacts.filter(
      (c) =>
        (!status || c.status === status) && `${c.name} ${c.email} ${c.note ?? ''} ${c.status}`.toLowerCase().includes(needle),
    ),
  ).map((c) => c.id);
}

function expectedUsers(q: string, type: UserType | null) {
  const needle = q.trim().toLowerCase();
  return newestFirst(
    users.filter(
      (u) =>
        (type === 'both'
          ? u.isBorrower && u.isInvestor
          : type === 'borrower'
            ? u.isBorrower
            : type === 'investor'
              ? u.isInvestor
              : true) && `${u.name} ${u.email}`.toLowerCase().includes(needle),
    ),
  ).map((u) => u.id);
}

async function everyContactPage(q: string, status: ContactStatus | null) {
  const ids: string[] = [];
  let pageCount = 1;
  let total = -1;
  for (let page = 1; page <= pageCount; page++) {
    const res = await listContacts({ q, status, page });
    expect(res.page).toBe(page);
    expect(res.contacts.length).toBeLessThanOrEqual(CONTACTS_PAGE_SIZE);
    ({ pageCount, total } = res);
    ids.push(...res.contacts.map((c) => c.id));
  }
  return { ids, total, pageCount };
}

async function everyUserPage(q: string, type: UserType | null) {
  const ids: string[] = [];
  let pageCount = 1;
  let total = -1;
  for (let page = 1; page <= pageCount; page++) {
    const res = await listUsers({ q, type, page });
    expect(res.page).toBe(page);
    ({ pageCount, total } = res);
    ids.push(...res.users.map((u) => u.id));
  }
  return { ids, total, pageCount };
}

describe('View Contacts', () => {
  const cases: [string, ContactStatus | null][] = [
    ['', null],
    ['', 'read'],
    ['sparks', null],
    ['  HENDERSON ', 'archived'],
    ['deeds', 'new'],
    ['replied', null],
    ['émile', null],
    ['100%_', null],
    ['nothing like this', null],
  ];
  it.each(cases)('search %j, status %j: every page, newest first, read from either end', async (q, status) => {
    const expected = expectedContacts(q, status);
    // Twice: the second walk reads the remembered search count.
    for (let walk = 0; walk < 2; walk++) {
      const { ids, total, pageCount } = await everyContactPage(q, status);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
      expect(pageCount).toBe(Math.max(1, Math.ceil(expected.length / CONTACTS_PAGE_SIZE)));
    }
  });

  it('a page past the end is the last page; totals include every inquiry', async () => {
    const res = await listContacts({ q: '', status: null, page: 99 });
    expect(res.page).toBe(4);
    expect(res.contacts.map((c) => c.id)).toEqual(expectedContacts('', null).slice(45));
    expect(res.totalInquiries).toBe(47);
    expect((await listContacts({ q: 'sparks', status: 'new', page: 1 })).totalInquiries).toBe(47);
  });

  it('counts follow new inquiries, status changes and deletions, and a search is counted again', async () => {
    const searched = await listContacts({ q: 'read', status: null, page: 1 });
    const target = contacts.find((c) => c.status === 'new')!;
    expect(await setContactStatus({ id: users[0]!.id, email: users[0]!.email }, target.id, 'read')).toBe('new');
    target.status = 'read';
    const after = await listContacts({ q: 'read', status: null, page: 1 });
    expect(after.total).toBe(searched.total + 1);
    expect(after.total).toBe(expectedContacts('read', null).length);
    expect((await listContacts({ q: '', status: 'read', page: 1 })).total).toBe(expectedContacts('', 'read').length);
    expect((await listContacts({ q: '', status: 'new', page: 1 })).total).toBe(expectedContacts('', 'new').length);

    const added = {
      id: randomUUID(),
      name: 'Late Sparks',
      email: 'late@example.com',
      note: null,
      status: 'new' as const,
      createdAt: new Date(base + 3_600_000),
    };
    await db().insert(contact).values(added);
    contacts.push(added);
    const removed = contacts.splice(0, 3);
    await db()
      .delete(contact)
      .where(
        inArray(
          contact.id,
          removed.map((c) => c.id),
        ),
      );
    for (const [q, status] of [
      ['', null],
      ['sparks', null],
      ['', 'new'],
      ['', 'read'],
    ] as const) {
      const { ids, total } = await everyContactPage(q, status);
      expect(ids).toEqual(expectedContacts(q, status));
      expect(total).toBe(ids.length);
    }
    expect((await listContacts({ q: '', status: null, page: 1 })).totalInquiries).toBe(contacts.length);
    expect((await dashboardFigures()).totals.contacts).toBe(contacts.length);
  });
});

describe('View Users', () => {
  const cases: [string, UserType | null][] = [
    ['', null],
    ['', 'both'],
    ['', 'borrower'],
    ['', 'investor'],
    ['nguyen 1', null],
    ['BLAKE', 'investor'],
    ['user3', 'borrower'],
    ['nobody', null],
  ];
  it.each(cases)('search %j, type %j: every page, newest first, read from either end', async (q, type) => {
    const expected = expectedUsers(q, type);
    for (let walk = 0; walk < 2; walk++) {
      const { ids, total, pageCount } = await everyUserPage(q, type);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
      expect(pageCount).toBe(Math.max(1, Math.ceil(expected.length / USERS_PAGE_SIZE)));
    }
  });

  it('counts follow sign-ups, role changes, renames and deletions; sign-ins change nothing', async () => {
    const before = await listUsers({ q: 'casey', type: null, page: 1 });
    const blake = users.find((u) => u.name.startsWith('Blake'))!;
    await db().update(user).set({ name: 'Casey Renamed' }).where(eq(user.id, blake.id));
    blake.name = 'Casey Renamed';
    expect((await listUsers({ q: 'casey', type: null, page: 1 })).total).toBe(before.total + 1);
    await db().update(user).set({ email: 'Moved.Casey@Example.com' }).where(eq(user.id, blake.id));
    blake.email = 'Moved.Casey@Example.com';
    expect((await listUsers({ q: 'moved.casey@', type: null, page: 1 })).users.map((u) => u.id)).toEqual([blake.id]);

    const avery = users.find((u) => u.name.startsWith('Avery'))!; // a borrower only
    await db().update(profile).set({ isInvestor: true }).where(eq(profile.userId, avery.id));
    avery.isInvestor = true;
    await db().update(profile).set({ lastLoginAt: new Date() }).where(eq(profile.userId, blake.id));

    const fresh = {
      id: randomUUID(),
      name: 'Newest Casey',
      email: 'newest@example.com',
      isBorrower: false,
      isInvestor: true,
      createdAt: new Date(base + 3_600_000),
    };
    await db()
      .insert(user)
      .values({ id: fresh.id, name: fresh.name, email: fresh.email, emailVerified: true, createdAt: fresh.createdAt });
    await db().insert(profile).values({ userId: fresh.id, isInvestor: true, createdAt: fresh.createdAt });
    users.push(fresh);
    const gone = users.splice(1, 2);
    await db()
      .delete(user)
      .where(
        inArray(
          user.id,
          gone.map((u) => u.id),
        ),
      );

    for (const [q, type] of [
      ['', null],
      ['', 'both'],
      ['', 'borrower'],
      ['', 'investor'],
      ['casey', null],
      ['EXAMPLE.COM', 'both'],
    ] as const) {
      const { ids, total } = await everyUserPage(q, type);
      expect(ids).toEqual(expectedUsers(q, type));
      expect(total).toBe(ids.length);
    }
    expect((await dashboardFigures()).totals.users).toBe(users.length);
  });
});

describe('list_count_rebuild', () => {
  it('recounts every list from its rows after the totals went wrong', async () => {
    await db().update(listCount).set({ n: 999 });
    await db().execute(sql`select list_count_rebuild()`);
    expect((await listContacts({ q: '', status: null, page: 1 })).total).toBe(contacts.length);
    expect((await listContacts({ q: '', status: 'read', page: 1 })).total).toBe(expectedContacts('', 'read').length);
    expect((await listUsers({ q: '', type: 'both', page: 1 })).total).toBe(expectedUsers('', 'both').length);
    expect((await listUsers({ q: '', type: null, page: 1 })).total).toBe(users.length);
  });
});

describe('the dashboard', () => {
  it('counts the 7-day window and the weeks and lists the newest, as plain reads of the same rows do', async () => {
    // One statement reads the dashboard's own figures (preparedParts): each must equal its rows.
    // A week and ten minutes after the first inquiry: the window holds some of them, not all.
    const now = new Date(base + 7 * 24 * 3600_000 + 10 * 60_000);
    const figures = await dashboardFigures(now);
    const all = await db().select().from(contact);
    const weekAgo = now.getTime() - 7 * 24 * 3600_000;
    const recent = all.filter((c) => c.createdAt.getTime() >= weekAgo).length;
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(all.length);
    expect(figures.totals.recentInquiries).toBe(recent);
    const mondayOf = (d: Date) => {
      const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      return monday.toISOString().slice(0, 10);
    };
    for (const w of figures.weeks) expect(w.inquiries, w.week).toBe(all.filter((c) => mondayOf(c.createdAt) === w.week).length);
    expect(figures.weeks.reduce((n, w) => n + w.inquiries, 0)).toBeGreaterThan(0);
    const newest = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 5);
    expect(figures.newestContacts.map((c) => c.createdAt)).toEqual(newest.map((c) => c.createdAt));
    expect(figures.newestUsers).toHaveLength(5);
  });
});
