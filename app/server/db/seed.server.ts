/**
 * Demo content: loads the demo deals (with their images copied into storage) into a database
 * that has no deals. Returns how many deals were inserted (0 when there were deals already).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { db } from './client.server';
import { deal } from './schema';
import { demoDeals } from './demo-deals';
import { demoProspectusPdf } from './demo-prospectus';
import { storage } from '../storage.server';

const imagesDir = path.resolve(process.env.DEMO_IMAGES_DIR ?? 'app/server/db/demo-images');

export async function seedDemoContent(): Promise<number> {
  const [existing] = await db().select({ n: count() }).from(deal);
  if ((existing?.n ?? 0) > 0) return 0;
  const store = storage();
  const now = Date.now();
  const rows = [];
  for (const [i, d] of demoDeals.entries()) {
    const imageKeys: string[] = [];
    for (const file of d.images) {
      const key = `deals/demo/${randomBytes(12).toString('hex')}.webp`;
      await store.put(key, await readFile(path.join(imagesDir, file)), 'image/webp');
      imageKeys.push(key);
    }
    // Active demo deals come with a prospectus; closed ones show 'Prospectus coming soon'.
    let prospectusKey: string | null = null;
    if (d.status === 'Active') {
      prospectusKey = `deals/demo/${randomBytes(12).toString('hex')}.pdf`;
      await store.put(prospectusKey, demoProspectusPdf(d), 'application/pdf');
    }
    rows.push({
      prospectusKey,
      prospectusFileName: prospectusKey ? `${d.title} Prospectus.pdf` : null,
      title: d.title,
      location: d.location,
      type: d.type,
      description: d.description,
      acreage: d.acreage,
      loanAmount: d.loanAmount,
      ltv: d.ltv,
      termMonths: d.termMonths,
      interestRate: d.interestRate,
      minimumInvestment: d.minimumInvestment,
      amountToRaise: d.loanAmount,
      sponsor: d.sponsor,
      status: d.status,
      coordinatesLat: d.lat,
      coordinatesLng: d.lng,
      imageKeys,
      // Spread creation over recent weeks so "newest first" has a natural order.
      createdAt: new Date(now - i * 5 * 24 * 3600 * 1000),
    });
  }
  await db().insert(deal).values(rows);
  return rows.length;
}
