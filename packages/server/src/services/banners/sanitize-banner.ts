import { onFirstUse } from '../../on-first-use.ts';

/**
 * sanitize-html (with htmlparser2 and postcss, about 7 MB of an idle server), imported by the
 * first banner saved or shown: most servers never set one.
 */
const loadSanitizeHtml = onFirstUse(() => import('sanitize-html').then((module) => module.default));

/** Banner HTML may format and link, never script: a small allow-list, links forced safe. */
export async function sanitizeBannerHtml(html: string): Promise<string> {
  const sanitizeHtml = await loadSanitizeHtml();
  return sanitizeHtml(html, {
    allowedTags: ['b', 'i', 'em', 'strong', 'u', 's', 'a', 'p', 'br', 'span', 'code', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  });
}
