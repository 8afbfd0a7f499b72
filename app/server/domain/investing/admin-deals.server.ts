/**
 * Manage Deals (product §2 Admin area, §4 deal delete and undo, §5 deal form, §9 admin deal
 * filters; product decisions deal fields, audit log): the list with search and filters computed by
 * the database, create and edit with images (re-encoded to WebP, the first is the cover) and a
 * PDF prospectus, delete (kept for Undo) and restore. Callers check is_admin first.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ADMIN_DEALS_PAGE_SIZE, DURATIONS, type DealFormInput } from '~/lib/schemas/deal';
import { removeReplacedFiles } from '../../backup.server';
import { db } from '../../db/client.server';
import { deal } from '../../db/schema';
import { storage } from '../../storage.server';
import { NotFound, Refused } from '../../errors.server';
import { audit, type Actor } from '../audit.server';
import { checkInvestorRate } from '../returns/offering.server';
import { containsPattern, isUuid } from '../../db/query.server';

export interface AdminDealQuery {
  q: string;
  statuses: string[];
  types: string[];
  durations: string[];
  page: number;
}

/** The search expression of the trigram index deal_search_trgm_idx (title, location, sponsor, type). */
const searchText = sql`(coalesce(${deal.title}, '') || ' ' || coalesce(${deal.location}, '') || ' ' || coalesce(${deal.sponsor}, '') || ' ' || coalesce(${deal.type}, ''))`;

/** One page of deals for the admin list: OR within a filter group, AND across groups. */
export async function adminListDeals(query: AdminDealQuery) {
  const q = query.q.trim();
  const durations = DURATIONS.filter((d) => query.durations.includes(d.value));
  const where = and(
    isNull(deal.deletedAt),
    q ? ilike(searchText, containsPattern(q)) : undefined,
    query.statuses.length ? inArray(deal.status, query.statuses as ('Active' | 'Closed')[]) : undefined,
    query.types.length ? inArray(deal.type, query.types) : undefined,
    durations.length
      ? or(
          ...durations.map((d) =>
            d.max === null ? gte(deal.termMonths, d.min) : and(gte(deal.termMonths, d.min), lte(deal.termMonths, d.max)),
          ),
        )
      : undefined,
  );
  const [[{ total } = { total: 0 }], [{ all } = { all: 0 }]] = await Promise.all([
    db().select({ total: count() }).from(deal).where(where),
    db().select({ all: count() }).from(deal).where(isNull(deal.deletedAt)),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_DEALS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await db()
    .select({
      id: deal.id,
      title: deal.title,
      location: deal.location,
      type: deal.type,
      loanAmount: deal.loanAmount,
      ltv: deal.ltv,
      interestRate: deal.interestRate,
      termMonths: deal.termMonths,
      status: deal.status,
      imageKeys: deal.imageKeys,
      createdAt: deal.createdAt,
    })
    .from(deal)
    .where(where)
    // The order of deal_created_at_idx (newest first, ties by id), read straight from it.
    .orderBy(desc(deal.createdAt), asc(deal.id))
    .limit(ADMIN_DEALS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_DEALS_PAGE_SIZE);
  return { deals: rows, total, all, page, pageCount };
}

/** Deal `id` with every field, for the edit form; null when missing or deleted. */
export async function dealForEdit(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(deal)
    .where(and(eq(deal.id, id), isNull(deal.deletedAt)));
  return row ?? null;
}

/** Re-encodes `bytes` (an image by content) to a WebP of at most 2000 px wide, without metadata. */
async function toWebp(bytes: Uint8Array, fileName: string): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'].includes(type.mime))
    throw new Refused('unsupported', `${fileName} is not an image. Please upload PNG, JPG or GIF files.`);
  try {
    return await sharp(bytes, { limitInputPixels: 80_000_000 })
      .rotate()
      .resize({ width: 2000, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new Refused('unsupported', `${fileName} could not be read as an image.`);
  }
}

export interface DealFiles {
  images: { name: string; bytes: Uint8Array }[];
  prospectus: { name: string; bytes: Uint8Array } | null;
}

/**
 * Creates a deal (`id` null) or updates deal `id` from validated `input` and uploaded `files`:
 * kept images first (in the given order), then the new ones; the first is the cover. Files are
 * stored before the row changes and removed again if it fails; replaced files are removed after.
 * Records 'deal.created' or 'deal.updated' in the audit log. Returns the deal id.
 * @throws Refused('unsupported') for a file that is not an image / not a PDF, NotFound for a deal
 *   that is gone, Refused('invalid') for an investor rate above the note rate of the deal's loan.
 */
export async function saveDeal(actor: Actor, id: string | null, input: DealFormInput, files: DealFiles): Promise<string> {
  const dealId = id ?? crypto.randomUUID();
  const existing = id ? await dealForEdit(id) : null;
  if (id && !existing) throw new NotFound('This deal no longer exists.');
  await checkInvestorRate(id, input.interestRate);
  const webps = await Promise.all(files.images.map((f) => toWebp(f.bytes, f.name)));
  let prospectusBytes: Uint8Array | null = null;
  if (files.prospectus) {
    const type = await fileTypeFromBuffer(files.prospectus.bytes);
    if (type?.mime !== 'application/pdf') throw new Refused('unsupported', 'The prospectus must be a PDF file.');
    prospectusBytes = files.prospectus.bytes;
  }
  const written: string[] = [];
  try {
    const newImages: string[] = [];
    for (const webp of webps) {
      const key = `deals/${dealId}/${randomBytes(12).toString('hex')}.webp`;
      await storage().put(key, webp, 'image/webp');
      written.push(key);
      newImages.push(key);
    }
    let prospectusKey = input.removeProspectus ? null : (existing?.prospectusKey ?? null);
    let prospectusFileName = input.removeProspectus ? null : (existing?.prospectusFileName ?? null);
    if (prospectusBytes && files.prospectus) {
      prospectusKey = `deals/${dealId}/${randomBytes(12).toString('hex')}.pdf`;
      await storage().put(prospectusKey, Buffer.from(prospectusBytes), 'application/pdf');
      written.push(prospectusKey);
      prospectusFileName = files.prospectus.name.replace(/[/\\]/g, '_').slice(0, 200);
    }
    const kept = (existing?.imageKeys ?? []).filter((k) => input.keepImages.includes(k));
    const ordered = [...input.keepImages.filter((k) => kept.includes(k)), ...newImages];
    const values = {
      title: input.title,
      location: input.location,
      description: input.description,
      type: input.type || null,
      sponsor: input.sponsor || null,
      loanAmount: input.loanAmount,
      ltv: input.ltv,
      interestRate: input.interestRate,
      termMonths: input.termMonths,
      minimumInvestment: input.minimumInvestment,
      amountToRaise: input.amountToRaise ?? input.loanAmount,
      investmentStep: input.investmentStep,
      lienPosition: input.lienPosition,
      loanPurpose: input.loanPurpose || null,
      borrowerExperience: input.borrowerExperience || null,
      exitStrategy: input.exitStrategy || null,
      riskFactors: input.riskFactors ?? '',
      feesTo: input.feesTo ?? existing?.feesTo ?? 'lender',
      acreage: input.acreage ?? null,
      coordinatesLat: input.coordinatesLat ?? null,
      coordinatesLng: input.coordinatesLng ?? null,
      status: input.status,
      imageKeys: ordered,
      prospectusKey,
      prospectusFileName,
    };
    await db().transaction(async (tx) => {
      if (id) await tx.update(deal).set(values).where(eq(deal.id, id));
      else await tx.insert(deal).values({ id: dealId, ...values });
      await audit(actor, id ? 'deal.updated' : 'deal.created', { type: 'deal', id: dealId }, { title: input.title }, tx);
    });
    // Files the deal no longer uses.
    const dropped = [
      ...(existing?.imageKeys ?? []).filter((k) => !ordered.includes(k)),
      ...(existing?.prospectusKey && existing.prospectusKey !== prospectusKey ? [existing.prospectusKey] : []),
    ];
    await removeReplacedFiles(dropped);
    return dealId;
  } catch (error) {
    for (const key of written)
      await storage()
        .delete(key)
        .catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes deal `id` for the admin list: the row is kept, marked deleted, with its images,
 * prospectus and interests, so 'Undo' restores the same deal (product §4). False when missing.
 */
export async function deleteDeal(actor: Actor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(deal)
      .set({ deletedAt: new Date() })
      .where(and(eq(deal.id, id), isNull(deal.deletedAt)))
      .returning({ title: deal.title });
    if (!rows.length) return false;
    await audit(actor, 'deal.deleted', { type: 'deal', id }, { title: rows[0]!.title }, tx);
    return true;
  });
}

/** Restores deleted deal `id` (Undo). False when it is not deleted. */
export async function restoreDeal(actor: Actor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(deal)
      .set({ deletedAt: null })
      .where(and(eq(deal.id, id), isNotNull(deal.deletedAt)))
      .returning({ title: deal.title });
    if (!rows.length) return false;
    await audit(actor, 'deal.restored', { type: 'deal', id }, { title: rows[0]!.title }, tx);
    return true;
  });
}
