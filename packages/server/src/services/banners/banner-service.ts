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

/** Replaces the current banner (Parley shows one banner at a time). */
export async function setBanner(db: Database, input: BannerInput): Promise<Banner> {
  // Sanitised before the transaction, so it waits for no library load.
  const message = await sanitizeBannerHtml(input.message);
  return db.transaction(async (tx) => {
    await tx.delete(banners);
    const [row] = await tx
      .insert(banners)
      .values({
        message,
        displayFrom: input.displayFrom ?? new Date(),
        displayTo: input.displayTo ?? null,
        isPublic: input.isPublic ?? false,
      })
      .returning();
    return toBanner(row!);
  });
}

export async function deleteBanners(db: Database): Promise<number> {
  const rows = await db.delete(banners).returning({ id: banners.bannerId });
  return rows.length;
}
