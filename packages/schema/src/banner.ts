import { z } from 'zod';

export const bannerSchema = z.object({
  bannerId: z.string(),
  message: z.string(),
  displayFrom: z.string(),
  displayTo: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** A banner shows only inside its display window. */
export function isBannerActive(
  banner: Pick<Banner, 'displayFrom' | 'displayTo'>,
  now: Date = new Date(),
): boolean {
  if (new Date(banner.displayFrom).getTime() > now.getTime()) return false;
  return banner.displayTo === null || new Date(banner.displayTo).getTime() > now.getTime();
}
