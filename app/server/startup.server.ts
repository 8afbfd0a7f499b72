/**
 * Start-up tasks after migrations: the site content's defaults (issue "First impression"); the first admin from ADMIN_EMAIL + ADMIN_PASSWORD when no
 * admin exists; with SEED_DEMO, demo deals for an empty database and, when no admin is
 * configured, a local demo admin whose generated password is kept in
 * `DATA_DIR/demo-admin.txt` (owner-only) and printed, so `npm start` says how to sign in.
 *
 * Processes that start together on one PostgreSQL run these tasks one at a time (issue "Security
 * and scale"): each task checks, then writes, so two at once made the admin twice (the second
 * process died on the unique e-mail) or loaded the demo deals twice.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { db } from './db/client.server';
import { dataPath, env } from './env.server';
import { logger } from './logger.server';
import { storage } from './storage.server';
import { adminExists, createAdmin } from './domain/accounts/users.server';
import { seedDemoContent } from './db/seed.server';
import { ensureSiteContent } from './domain/content/site-content.server';
import { seedSampleContent } from './domain/content/sample-content.server';

const DEMO_ADMIN_EMAIL = 'admin@ormsby.local';
/** The advisory lock serialising start-up tasks across processes (migrations hold 727_001). */
const STARTUP_LOCK = 727_002;

/**
 * Runs the start-up tasks: first the leftovers of uploads interrupted by a killed process go
 * (issue 22, defect 7; `Storage.removeInterrupted`), then the database tasks, under a lock
 * shared by every process of the site.
 */
export async function runStartupTasks(): Promise<void> {
  try {
    const removed = await storage().removeInterrupted();
    if (removed) logger.info({ removed }, 'removed the partial files of interrupted uploads');
  } catch (err) {
    // Storage out of reach now (an S3 outage): the site starts anyway; the next start tries again.
    logger.warn({ err }, 'could not remove the partial files of interrupted uploads');
  }
  // Held by this transaction's connection until it ends (commit, rollback or a lost
  // connection); the tasks' own queries run on other connections of the pool.
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    await startupTasks();
  });
}

async function startupTasks(): Promise<void> {
  const config = env();
  // The spec's texts, for every site-content section an empty database lacks.
  await ensureSiteContent();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    if (!(await adminExists())) {
      await createAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
      logger.info({ email: config.ADMIN_EMAIL }, 'created the first admin from ADMIN_EMAIL');
    }
  } else if (config.SEED_DEMO) {
    await ensureDemoAdmin();
  } else if (!(await adminExists())) {
    logger.warn('No admin exists. Create one with: npm run admin:create -- --email you@example.com --password "…"');
  }
  if (config.SEED_DEMO) {
    const seeded = await seedDemoContent();
    if (seeded) logger.info({ deals: seeded }, 'loaded demo deals');
    // A sample team and track record, marked as sample until staff publish their own (issue 23).
    const sections = await seedSampleContent();
    if (sections.length) logger.info({ sections }, 'loaded sample site content');
  }
}

async function ensureDemoAdmin() {
  const file = dataPath('demo-admin.txt');
  if (!(await adminExists())) {
    const password = `Demo-${randomBytes(9).toString('base64url')}-9a!`;
    await createAdmin({ email: DEMO_ADMIN_EMAIL, password, name: 'Demo Administrator' });
    writeFileSync(file, `email: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  }
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    const password = text.match(/^password: (.+)$/m)?.[1];
    logger.info(
      { email: DEMO_ADMIN_EMAIL, password, file },
      `Demo admin: sign in at ${env().PUBLIC_URL}/admin-login as ${DEMO_ADMIN_EMAIL} with password ${password} (kept in ${file})`,
    );
  }
}
