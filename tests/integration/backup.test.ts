/**
 * Backup and restore against real databases (`npm run db:backup` / `db:restore`,
 * app/server/backup.server.ts): a restore into a fresh database gives back every row of every
 * table and every stored file byte for byte, and sequences continue after the restored maximum;
 * a database holding data is refused unless replaced; a damaged file or a manifest this code
 * cannot honour is refused before anything is written; a missing file fails the backup; and a
 * document delete waits for a running backup, which keeps the row and its file.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lenderDay } from '~/lib/format';
import type { DealFormInput } from '~/lib/schemas/deal';
import { restoreBackup } from '~/server/backup-restore.server';
import { BACKUP_LOCK, writeBackup, type BackupManifest } from '~/server/backup.server';
import { db, setDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { loanItem, profile, user } from '~/server/db/schema';
import { saveDeal } from '~/server/domain/investing/admin-deals.server';
import { createContact } from '~/server/domain/content/contacts.server';
import { followDeal } from '~/server/domain/investing/deals.server';
import { deleteDocument, ingestDocument, stageDocument } from '~/server/domain/loans/documents.server';
import { addNote, postMessage, recordItemDocuments } from '~/server/domain/loans/file.server';
import { borrowerLoan, staffLoan, type LoanActor } from '~/server/domain/loans/loan.server';
import { issueTermSheet, moveStage } from '~/server/domain/loans/pipeline.server';
import { saveApplicationStep, submitApplication } from '~/server/domain/loans/application.server';
import { borrowerPreferencesSchema } from '~/lib/schemas/profile';
import { replaceAvatar, updateBorrowerPreferences } from '~/server/domain/accounts/profiles.server';
import { createAdmin } from '~/server/domain/accounts/users.server';
import { localStorage, setStorage, storage, type Storage } from '~/server/storage.server';
import { createTestDatabase, useTestDatabase } from '../support/test-database';

const site = useTestDatabase();
const backups = path.join(process.env.DATA_DIR!, 'backups');
const backupPath = () => path.join(backups, `${randomUUID()}.tar.gz`);
const folders: string[] = [];
/** A new folder in the OS temporary folder, removed after the tests. */
async function temporaryFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A table with an identity column, made in every database (as a migration would): the migrations have no sequence. */
const PROBE_TABLE = sql`create table backup_probe (id integer generated always as identity primary key, label text not null)`;

const admin: LoanActor = { id: '', name: 'Morgan Staff', email: `morgan-${randomUUID().slice(0, 8)}@ormsby.test` };
let borrower: LoanActor;
let investor: LoanActor;

const pdf = () => Buffer.from(`%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% ${randomUUID()}\n`);
const chunks = (b: Uint8Array) =>
  (async function* () {
    yield b;
  })();
const picture = (background: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

/** A new user with a profile of `roles`. */
async function newPerson(roles: { isBorrower?: boolean; isInvestor?: boolean }): Promise<LoanActor> {
  const who = { id: randomUUID(), name: 'Dana Borrower', email: `dana-${randomUUID().slice(0, 8)}@example.com` };
  await db()
    .insert(user)
    .values({ ...who, emailVerified: true });
  await db()
    .insert(profile)
    .values({ userId: who.id, ...roles });
  return who;
}

function dealInput(title: string, extra: Partial<DealFormInput> = {}): DealFormInput {
  return {
    title,
    location: 'Reno, NV',
    description: 'A bridge loan on a stabilised asset.\nSecond paragraph with “quotes”.',
    type: 'Commercial Property',
    loanAmount: 1_250_000,
    ltv: 62.5,
    interestRate: 10.75,
    termMonths: 18,
    minimumInvestment: 25_000,
    status: 'Active',
    keepImages: [],
    removeProspectus: false,
    investmentStep: 1000,
    lienPosition: 'first',
    ...extra,
  };
}

/** A submitted bridge loan of `who`, with a checklist. */
async function submittedLoan(who: LoanActor) {
  let id = await saveApplicationStep(who, null, 'property', {
    propertyAddress: '75 Court St',
    propertyCity: 'Reno',
    propertyState: 'NV',
    propertyType: 'Commercial',
  });
  id = await saveApplicationStep(who, id, 'loan', {
    purpose: 'bridge',
    propertyValue: 2_000_000,
    loanAmount: 1_300_000,
    exitStrategy: 'refinance',
  });
  id = await saveApplicationStep(who, id, 'borrower', {
    entityType: 'llc',
    entityName: 'Court Street LLC',
    projectsLast36Months: 2,
    targetClosingDate: lenderDay(new Date(Date.now() + 30 * 86_400_000)),
    phone: '(775) 555-0142',
    creditScoreRange: '720-759',
  });
  const reference = await submitApplication(who, (await borrowerLoan(who.id, id))!);
  return (await staffLoan(reference))!;
}

beforeAll(async () => {
  await db().execute(PROBE_TABLE);
  await db().execute(sql`insert into backup_probe (label) values ('one'), ('two'), ('three')`);
  admin.id = (await createAdmin({ email: admin.email, password: 'Str0ng!Passw0rd', name: admin.name })).userId;
  borrower = await newPerson({ isBorrower: true });
  investor = await newPerson({ isInvestor: true, isBorrower: true });
  expect(await replaceAvatar(borrower.id, await picture('#2255aa'))).toMatchObject({ ok: true });

  const loan = await submittedLoan(borrower);
  const [item] = await db().select().from(loanItem).where(eq(loanItem.loanId, loan.id)).limit(1);
  const staged = await stageDocument(borrower, { fileName: 'Appraisal.pdf', body: chunks(pdf()) });
  await recordItemDocuments(borrower, loan, item!.id, [staged]);
  await postMessage(borrower, loan, 'When can we close?', false);
  await addNote(admin, loan, 'Strong sponsor.');
  // A calendar day (`date`) and amounts beyond an integer (bigint) round-trip too.
  await moveStage(admin, loan, 'in_review', null);
  await issueTermSheet(admin, (await staffLoan(loan.reference!))!, {
    amount: 1_200_000,
    ratePercent: 10.25,
    points: 2,
    termMonths: 12,
    ltv: 60,
    expiresOn: '2099-02-28',
  });
  await updateBorrowerPreferences(
    borrower.id,
    borrowerPreferencesSchema.parse({
      propertyTypes: [],
      desiredLoanAmount: 10_000_000_000,
      estimatedPropertyValue: 9_000_000_000,
    }),
  );

  await ingestDocument(borrower, { fileName: 'Bank statement.pdf', body: chunks(pdf()) });
  await ingestDocument(borrower, {
    fileName: 'Notes.txt',
    body: chunks(Buffer.from('Zoë’s notes: "quoted", back\\slash, tab\tand a house 🏠\nline two\n')),
  });

  const harbor = await saveDeal(admin, null, dealInput('Harbor Lofts', { acreage: 12.345678, coordinatesLat: 39.5296 }), {
    images: [
      { name: 'front.png', bytes: await picture('#aa5522') },
      { name: 'back.png', bytes: await picture('#22aa55') },
    ],
    prospectus: { name: 'Harbor Lofts.pdf', bytes: pdf() },
  });
  await saveDeal(admin, null, dealInput('Desert Acres', { status: 'Closed' }), {
    images: [{ name: 'land.png', bytes: await picture('#d2b48c') }],
    prospectus: null,
  });
  await followDeal(investor, harbor);
  await createContact({
    name: 'Zoë O’Brien',
    email: 'zoe@example.com',
    phone: '775-555-0100',
    note: 'Tabs\tand "quotes"\nünïcode',
  });
});

// ----- helpers -----

/** Every public table's rows as PostgreSQL prints them (`row_to_json`), ordered by primary key. */
async function dumpDatabase(): Promise<Record<string, string[]>> {
  const { rows: tables } = await db().execute<{ name: string; pk: string | null }>(sql`
    select c.relname::text as name,
           (select string_agg(quote_ident(a.attname), ', ' order by array_position(i.indkey::int2[], a.attnum))
              from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary) as pk
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
     order by 1`);
  const out: Record<string, string[]> = {};
  for (const { name, pk } of tables) {
    const { rows } = await db().execute<{ line: string }>(
      sql`select row_to_json(t)::text as line from ${sql.identifier(name)} t order by ${sql.raw(pk ?? '1')}`,
    );
    out[name] = rows.map((r) => r.line);
  }
  return out;
}

/** Every object of `files`, by key. */
async function readAll(files: Storage): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for await (const { key } of files.list('')) {
    const object = await files.get(key);
    const parts: Buffer[] = [];
    for await (const chunk of object!.stream) parts.push(chunk as Buffer);
    out[key] = Buffer.concat(parts);
  }
  return out;
}

interface Site {
  handle: DatabaseHandle;
  files: Storage;
  drop: () => Promise<void>;
}

/** A fresh, migrated database (with the probe table) and an empty storage folder. */
async function freshSite(): Promise<Site> {
  const { handle, drop } = await createTestDatabase();
  await handle.db.execute(PROBE_TABLE);
  return { handle, drop, files: localStorage(await temporaryFolder('ormsby-restored-')) };
}

/** Runs `fn` with `target`'s database and storage as the process's, then returns to this file's. */
async function inSite<T>(target: Pick<Site, 'handle' | 'files'>, fn: () => Promise<T>): Promise<T> {
  setDatabase(target.handle);
  setStorage(target.files);
  try {
    return await fn();
  } finally {
    setDatabase(site.current());
    setStorage(undefined);
  }
}

/** Extracts the archive `file` into a new folder; returns it and the manifest. */
async function openArchive(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = await temporaryFolder('ormsby-archive-');
  await tar.extract({ file, cwd: dir });
  return { dir, manifest: JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest };
}

/** A copy of the archive `file` after `change` altered its manifest or its files (a missing manifest stays missing). */
async function alteredArchive(
  file: string,
  change: (dir: string, manifest: BackupManifest) => Promise<void> | void,
): Promise<string> {
  const { dir, manifest } = await openArchive(file);
  await change(dir, manifest);
  const manifestFile = path.join(dir, 'manifest.json');
  if (await stat(manifestFile).catch(() => null)) await writeFile(manifestFile, JSON.stringify(manifest));
  const altered = backupPath();
  await tar.create({ file: altered, gzip: true, cwd: dir }, await readdir(dir));
  return altered;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

// ----- tests -----

describe('restore into a fresh database', () => {
  it('gives back every row of every table and every stored file, and sequences continue after the maximum', async () => {
    const archive = backupPath();
    const summary = await writeBackup(archive, { now: new Date('2026-03-14T09:15:00Z') });
    const expected = await dumpDatabase();
    const expectedFiles = await readAll(storage());
    const tables = Object.keys(expected);
    expect(summary).toMatchObject({
      path: archive,
      tables: tables.length,
      rows: Object.values(expected).flat().length,
      files: Object.keys(expectedFiles).length,
      createdAt: '2026-03-14T09:15:00.000Z',
    });
    // Avatar, two document files of the borrower and one of the checklist, three deal images, a prospectus.
    expect(Object.keys(expectedFiles)).toHaveLength(8);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect((await readdir(backups)).filter((f) => f.includes('partial') || f.startsWith('.'))).toEqual([]);

    const target = await freshSite();
    try {
      const restored = await inSite(target, () => restoreBackup(archive));
      expect(restored).toMatchObject({ tables: summary.tables, rows: summary.rows, files: summary.files });
      await inSite(target, async () => {
        const actual = await dumpDatabase();
        for (const table of tables) expect(actual[table], table).toEqual(expected[table]);
        expect(await readAll(storage())).toEqual(expectedFiles);
        const { rows } = await db().execute<{ id: number }>(sql`insert into backup_probe (label) values ('four') returning id`);
        expect(rows[0]!.id).toBe(4);
      });
    } finally {
      await target.drop();
    }
  });
});

describe('refusals', () => {
  let archive: string;
  let target: Site;
  let empty: Record<string, string[]>;
  beforeAll(async () => {
    archive = (await writeBackup(backupPath())).path;
    target = await freshSite();
    empty = await inSite(target, dumpDatabase);
  });
  afterAll(async () => {
    await target.drop();
  });

  /** Asserts that the target still holds exactly what it held before. */
  async function unchanged(files: Storage = target.files) {
    expect(await inSite(target, dumpDatabase)).toEqual(empty);
    expect(await readAll(files)).toEqual({});
  }

  it('refuses a damaged file before writing anything', async () => {
    let key = '';
    const damaged = await alteredArchive(archive, async (dir, manifest) => {
      key = manifest.files[0]!.key;
      const file = path.join(dir, 'files', key);
      const bytes = await readFile(file);
      bytes[bytes.length - 1]! ^= 0xff;
      await writeFile(file, bytes);
    });
    await expect(inSite(target, () => restoreBackup(damaged))).rejects.toThrow(`The file ${key} in the backup is damaged`);
    await unchanged();
  });

  it.each([
    ['an archive without a manifest', (dir: string) => rm(path.join(dir, 'manifest.json')), /no readable manifest\.json/],
    [
      'a migration this code does not have',
      (_dir: string, m: BackupManifest) =>
        void m.migrations.push({ id: 99, hash: 'f'.repeat(64), createdAt: Date.UTC(2099, 0, 1) }),
      /made by newer code: it holds 1 migration\(s\) this code does not have \(created 2099-01-01T00:00:00\.000Z\)/,
    ],
    [
      'a column this database does not have',
      (_dir: string, m: BackupManifest) => void m.tables.find((t) => t.name === 'deal')!.columns.push('"; drop table deal; --'),
      /column deal\."; drop table deal; --, which this database does not have/,
    ],
    [
      'a table this database does not have',
      (dir: string, m: BackupManifest) => {
        m.tables.push({ name: 'no_such_table', columns: ['id'], rows: 0 });
        return writeFile(path.join(dir, 'db', 'no_such_table.ndjson'), '');
      },
      /table no_such_table, which this database does not have/,
    ],
    [
      'a file key outside storage',
      (_dir: string, m: BackupManifest) => void (m.files[0]!.key = '../../etc/passwd'),
      /manifest\.json is invalid: files\.0\.key is not a storage key/,
    ],
  ])('refuses %s and writes nothing', async (_name, change, message) => {
    const altered = await alteredArchive(archive, change);
    await expect(inSite(target, () => restoreBackup(altered))).rejects.toThrow(message);
    await unchanged();
  });

  it('refuses a database that holds data and stores nothing, then replaces it when asked', async () => {
    const elsewhere = localStorage(await temporaryFolder('ormsby-restored-'));
    await inSite(target, () => restoreBackup(archive));
    await inSite(target, () => db().execute(sql`update contact set note = 'changed after the restore'`));
    const before = await inSite(target, dumpDatabase);
    await expect(inSite({ ...target, files: elsewhere }, () => restoreBackup(archive))).rejects.toThrow(
      /already holds data \(in .*contact.*\); nothing was restored/,
    );
    expect(await inSite(target, dumpDatabase)).toEqual(before);
    expect(await readAll(elsewhere)).toEqual({});

    await inSite({ ...target, files: elsewhere }, () => restoreBackup(archive, { replace: true }));
    const { manifest } = await openArchive(archive);
    const restored = await inSite(target, dumpDatabase);
    expect(restored.contact).not.toEqual(before.contact);
    expect(Object.keys(await readAll(elsewhere)).sort()).toEqual(manifest.files.map((f) => f.key).sort());
    for (const table of manifest.tables) expect(restored[table.name], table.name).toHaveLength(table.rows);
  });
});

describe('consistency with stored files', () => {
  it('fails, naming the key, when a file the rows refer to is missing, and leaves no archive', async () => {
    const doc = await ingestDocument(borrower, { fileName: 'Lost.pdf', body: chunks(pdf()) });
    await storage().delete(doc.storageKey);
    const target = path.join(backups, 'missing', 'site.tar.gz');
    try {
      await expect(writeBackup(target)).rejects.toThrow(`The stored file ${doc.storageKey} is missing`);
      expect(await readdir(path.dirname(target))).toEqual([]);
    } finally {
      await deleteDocument(borrower.id, doc.id);
    }
  });

  it('makes a document delete wait for a running backup, which keeps the row and its file', async () => {
    const bytes = pdf();
    const doc = await ingestDocument(borrower, { fileName: 'Appraisal v2.pdf', body: chunks(bytes) });
    const events: string[] = [];
    const reading = deferred();
    const gate = deferred();
    const real = storage();
    setStorage({
      ...real,
      async get(key) {
        if (key === doc.storageKey) {
          reading.resolve();
          await gate.promise;
          events.push('backup read the file');
        }
        return real.get(key);
      },
      async delete(key) {
        await real.delete(key);
        if (key === doc.storageKey) events.push('delete removed the file');
      },
    });
    const archive = backupPath();
    try {
      const backup = writeBackup(archive);
      // The backup holds its lock and its snapshot, and is about to copy the file.
      await reading.promise;
      const deleted = deleteDocument(borrower.id, doc.id).then((ok) => (events.push('delete committed'), ok));
      // The delete is seen waiting for the backup's lock.
      await vi.waitFor(
        async () => {
          const { rows } = await db().execute<{ n: number }>(sql`
            select count(*)::int as n from pg_locks
             where locktype = 'advisory' and objid = ${BACKUP_LOCK} and not granted
               and database = (select oid from pg_database where datname = current_database())`);
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 5_000 },
      );
      gate.resolve();
      await backup;
      expect(await deleted).toBe(true);
    } finally {
      gate.resolve();
      setStorage(undefined);
    }
    expect(events).toEqual(['backup read the file', 'delete removed the file', 'delete committed']);
    expect(await storage().get(doc.storageKey)).toBeNull();

    const { dir, manifest } = await openArchive(archive);
    expect(manifest.files.map((f) => f.key)).toContain(doc.storageKey);
    expect(await readFile(path.join(dir, 'files', doc.storageKey))).toEqual(bytes);
    expect(await readFile(path.join(dir, 'db', 'document.ndjson'), 'utf8')).toContain(`"id":"${doc.id}"`);
  });
});
