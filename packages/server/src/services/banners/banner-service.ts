import type { Banner } from '@parley/schema';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';
import { sanitizeBannerHtml } from './sanitize-banner.ts';

type BannerRow = typeof banners.$inferSelect;

async function toBanner(row: BannerRow): Promise<Banner> {
  return {
    bannerId: row.bannerId,
    message: await sanitizeBannerHtml(row.message),
    displayFrom: row.displayFrom.toISOString(),
    displayTo: row.displayTo?.toISOString() ?? null,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The newest banner inside its display window; non-public ones only for signed-in callers. */
export async function findActiveBanner(
  db: Database,
  signedIn: boolean,
  now = new Date(),
): Promise<Banner | null> {
  const [row] = await db
    .select()
    .from(banners)
    .where(
      and(
        lte(banners.displayFrom, now),
        or(isNull(banners.displayTo), gt(banners.displayTo, now)),
        signedIn ? undefined : eq(banners.isPublic, true),
      ),
    )
    .orderBy(desc(banners.displayFrom))
    .limit(1);
  return row ? toBanner(row) : null;
}

export interface BannerInput {
  message: string;
  displayFrom?: Date;
  displayTo?: Date | null;
  isPublic?: boolean;
}

function rowValues(message: string, input: BannerInput) {
  return {
    message,
    displayFrom: input.displayFrom ?? new Date(),
    displayTo: input.displayTo ?? null,
    isPublic: input.isPublic ?? false,
  };
}

/** Replaces every banner with this one (the CLI's `set-banner`). */
export async function setBanner(db: Database, input: BannerInput): Promise<Banner> {
  // Sanitised before the transaction, so it waits for no library load.
  const message = await sanitizeBannerHtml(input.message);
  return db.transaction(async (tx) => {
    await tx.delete(banners);
    const [row] = await tx.insert(banners).values(rowValues(message, input)).returning();
    return toBanner(row!);
  });
}

/**
 * Adds a banner beside the others (the console's): several may be scheduled, the newest one
 * inside its window shows.
 */
export async function createBanner(db: Database, input: BannerInput): Promise<Banner> {
  const message = await sanitizeBannerHtml(input.message);
  const [row] = await db.insert(banners).values(rowValues(message, input)).returning();
  return toBanner(row!);
}

/** Replaces one banner's fields; null when there is no such banner. */
export async function updateBanner(
  db: Database,
  bannerId: string,
  input: BannerInput,
): Promise<Banner | null> {
  const message = await sanitizeBannerHtml(input.message);
  const [row] = await db
    .update(banners)
    .set({ ...rowValues(message, input), updatedAt: new Date() })
    .where(eq(banners.bannerId, bannerId))
    .returning();
  return row ? toBanner(row) : null;
}

export async function deleteBanner(db: Database, bannerId: string): Promise<boolean> {
  const rows = await db
    .delete(banners)
    .where(eq(banners.bannerId, bannerId))
    .returning({ id: banners.bannerId });
  return rows.length > 0;
}

/** Every banner, the latest to start first (there are a handful, never many). */
export async function listBanners(db: Database): Promise<Banner[]> {
  const rows = await db.select().from(banners).orderBy(desc(banners.displayFrom)).limit(200);
  return Promise.all(rows.map(toBanner));
}

export async function deleteBanners(db: Database): Promise<number> {
  const rows = await db.delete(banners).returning({ id: banners.bannerId });
  return rows.length;
}
