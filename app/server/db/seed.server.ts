/**
 * Demo content: loads the demo deals (with their images copied into storage) into a database
 * that has no deals. Returns how many deals were inserted (0 when there were deals already).
 * Each Active deal gets a prospectus and a data room (issue "Investing"): an 'Appraisal report'
 * for investors and a 'Title report' for staff only, as generated PDFs.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { db } from './client.server';
import { dataRoomDocument, deal } from './schema';
import { demoDeals } from './demo-deals';
import { demoAppraisalPdf, demoProspectusPdf, demoTitleReportPdf } from './demo-prospectus';
import { storage } from '../storage.server';

const imagesDir = path.resolve(process.env.DEMO_IMAGES_DIR ?? 'app/server/db/demo-images');

export async function seedDemoContent(): Promise<number> {
  const [existing] = await db().select({ n: count() }).from(deal);
  if ((existing?.n ?? 0) > 0) return 0;
  const store = storage();
  const now = Date.now();
  const rows: (typeof deal.$inferInsert)[] = [];
  const dataRoom: (typeof dataRoomDocument.$inferInsert)[] = [];
  // A stored PDF; its key is under documents/ like an upload's, so the orphan sweep knows it.
  const storePdf = async (bytes: Buffer) => {
    const key = `documents/demo/${randomBytes(16).toString('hex')}.pdf`;
    await store.put(key, bytes, 'application/pdf');
    return { storageKey: key, fileSize: bytes.byteLength, mimeType: 'application/pdf' };
  };
  for (const [i, d] of demoDeals.entries()) {
    const id = randomUUID();
    const createdAt = new Date(now - i * 5 * 24 * 3600 * 1000);
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
    if (d.status === 'Active')
      dataRoom.push(
        {
          dealId: id,
          title: 'Appraisal report',
          kind: 'appraisal',
          audience: 'investors',
          fileName: `${d.title} Appraisal.pdf`,
          createdAt,
          ...(await storePdf(demoAppraisalPdf(d))),
        },
        {
          dealId: id,
          title: 'Title report',
          kind: 'title_report',
          audience: 'staff',
          fileName: `${d.title} Preliminary Title Report.pdf`,
          createdAt,
          ...(await storePdf(demoTitleReportPdf(d))),
        },
      );
    rows.push({
      id,
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
      lienPosition: d.lienPosition,
      loanPurpose: d.loanPurpose,
      borrowerExperience: d.borrowerExperience,
      exitStrategy: d.exitStrategy,
      riskFactors: d.riskFactors.join('\n'),
      sponsor: d.sponsor,
      status: d.status,
      coordinatesLat: d.lat,
      coordinatesLng: d.lng,
      imageKeys,
      // Spread creation over recent weeks so "newest first" has a natural order.
      createdAt,
    });
  }
  await db().transaction(async (tx) => {
    await tx.insert(deal).values(rows);
    await tx.insert(dataRoomDocument).values(dataRoom);
  });
  return rows.length;
}
