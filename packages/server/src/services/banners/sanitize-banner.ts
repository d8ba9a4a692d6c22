import sanitizeHtml from 'sanitize-html';

/** Banner HTML may format and link, never script: a small allow-list, links forced safe. */
export function sanitizeBannerHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['b', 'i', 'em', 'strong', 'u', 's', 'a', 'p', 'br', 'span', 'code', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  });
}
