/**
 * Configuration validation and start-up tasks: an invalid value names its variable; the first
 * admin comes from ADMIN_EMAIL + ADMIN_PASSWORD; demo deals load once into an empty database;
 * the partial files of interrupted uploads go at start-up.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { account, deal, profile, user } from '~/server/db/schema';
import { seedDemoContent } from '~/server/db/seed.server';
import { adminExists, createAdmin } from '~/server/domain/accounts/users.server';
import { Refused } from '~/server/errors.server';
import { parseEnv } from '~/server/env.server';
import { verifyPassword } from '~/server/password.server';
import { runStartupTasks } from '~/server/startup.server';
import { storage } from '~/server/storage.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: false, TRUST_PROXY: 0 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads WEB_CONCURRENCY as a number of processes, auto as one per available CPU', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3);
    expect(parseEnv({ WEB_CONCURRENCY: 'auto' }).WEB_CONCURRENCY).toBe(os.availableParallelism());
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NOTIFY_EMAIL: 'nobody' }, 'NOTIFY_EMAIL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'many' }, 'WEB_CONCURRENCY'],
  ])('refuses %o and names the variable', (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });
});

describe('admin bootstrap', () => {
  it('creates a verified admin whose password is hashed with argon2id', async () => {
    expect(await adminExists()).toBe(false);
    const { userId, created } = await createAdmin({ email: ' Boss@Example.com ', password: 'Str0ng!Passw0rd' });
    expect(created).toBe(true);
    const [u] = await db().select().from(user).where(eq(user.id, userId));
    expect(u).toMatchObject({ email: 'boss@example.com', emailVerified: true });
    const [p] = await db().select().from(profile).where(eq(profile.userId, userId));
    expect(p).toMatchObject({ isAdmin: true, isBorrower: false, isInvestor: false });
    const [a] = await db().select().from(account).where(eq(account.userId, userId));
    expect(a!.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(a!.password!, 'Str0ng!Passw0rd')).toBe(true);
    expect(await adminExists()).toBe(true);
  });

  it('promotes an existing account instead of duplicating it', async () => {
    const again = await createAdmin({ email: 'boss@example.com', password: 'An0ther!Passw0rd' });
    expect(again.created).toBe(false);
    const [n] = await db().select({ n: count() }).from(user).where(eq(user.email, 'boss@example.com'));
    expect(n!.n).toBe(1);
  });

  it('refuses a weak password or a malformed e-mail', async () => {
    await expect(createAdmin({ email: 'x@example.com', password: 'short' })).rejects.toBeInstanceOf(Refused);
    await expect(createAdmin({ email: 'not-an-email', password: 'Str0ng!Passw0rd' })).rejects.toBeInstanceOf(Refused);
  });
});

describe('demo content', () => {
  it('loads about twelve deals with stored images once, and never over existing deals', async () => {
    const inserted = await seedDemoContent();
    expect(inserted).toBeGreaterThanOrEqual(10);
    const deals = await db().select().from(deal);
    expect(deals).toHaveLength(inserted);
    expect(new Set(deals.map((d) => d.status))).toEqual(new Set(['Active', 'Closed']));
    expect(deals.some((d) => /Residential/.test(d.type ?? ''))).toBe(true);
    expect(deals.some((d) => /Commercial/.test(d.type ?? ''))).toBe(true);
    expect(deals.some((d) => /Mixed Use/.test(d.type ?? ''))).toBe(true);
    expect(deals.every((d) => /, (NV|CA)$/.test(d.location))).toBe(true);
    for (const d of deals) {
      expect(d.imageKeys.length).toBeGreaterThan(0);
      const object = await storage().get(d.imageKeys[0]!);
      expect(object?.size).toBeGreaterThan(1000);
      object?.stream.destroy();
    }
    expect(await seedDemoContent()).toBe(0);
  });
});

describe('interrupted uploads (issue 22, defect 7)', () => {
  /** The pid of a process that has exited. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  }

  it("removes at start-up the partial files of writers that are gone, and keeps complete files and a live writer's", async () => {
    const root = path.join(process.env.DATA_DIR!, 'storage');
    const file = (key: string) => path.join(root, key);
    const write = async (key: string) => {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), 'bytes');
    };
    const complete = 'documents/startup-user/kept.pdf';
    // SIGKILL mid-upload: the writer is gone.
    const killed = `documents/startup-user/killed.pdf.${await deadPid()}.part`;
    // A process restarted under the same pid (pid 1 in a container) writes nothing yet at start-up.
    const ownPid = `avatars/startup-user/own.webp.${process.pid}.part`;
    // Another process of the site, uploading now: kept.
    const live = `documents/startup-user/live.pdf.${process.ppid}.part`;
    // A live pid's partial untouched for hours is a leftover whose pid was reused: removed.
    const stale = `documents/startup-user/stale.pdf.${process.ppid}.part`;
    for (const key of [complete, killed, ownPid, live, stale]) await write(key);
    const hoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await utimes(file(stale), hoursAgo, hoursAgo);

    await runStartupTasks();

    expect(existsSync(file(complete))).toBe(true);
    expect(existsSync(file(live))).toBe(true);
    expect(existsSync(file(killed))).toBe(false);
    expect(existsSync(file(ownPid))).toBe(false);
    expect(existsSync(file(stale))).toBe(false);
  });
});
