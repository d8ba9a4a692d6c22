import { z } from 'zod';

/** One web page a search found. */
export interface SearchHit {
  title: string;
  link: string;
  snippet: string;
  date?: string;
  /** The news outlet, for top stories. */
  source?: string;
  imageUrl?: string;
}

/** One picture a search found. */
export interface ImageHit {
  title: string;
  imageUrl: string;
  link: string;
}

/** What a search found: pages, news and pictures (the sources tabs All, News, Images). */
export interface SearchResults {
  organic: SearchHit[];
  topStories: SearchHit[];
  images: ImageHit[];
}

/** The most pages, stories and pictures kept from one search. */
export const MAX_HITS = 10;

/** An http(s) URL of reasonable length; a vendor's `javascript:` or garbage link is dropped. */
export const webUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  });

/** Text a vendor sends, trimmed and cut to `max` characters; anything else becomes ''. */
export const vendorText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.trim().slice(0, max) : ''));

/** Items of a vendor's list that fit `schema`; the ones that do not are left out. */
export function validItems<T>(items: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
