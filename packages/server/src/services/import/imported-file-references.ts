import { ownFilePath, type ContentPart } from '@parley/schema';
import { isRecord } from './import-model.ts';

/**
 * An imported message's content without the pictures whose file reference is not one of
 * Parley's own file routes exactly. An export is a user's own text, and a conversation can be
 * shared: the web app fetches an `image_file` path with the viewer's session, so a path like
 * `/api/files/../convos` would call another API route as whoever reads the share. Pictures by
 * URL (`image_url`) keep a data: or http(s) URL, which the page handles on its own terms; a
 * path there must be a file route too.
 */
export function withOwnFileReferences(content: ContentPart[]): ContentPart[] {
  return content.filter((part) => {
    if (part.type === 'image_file') return ownFilePath(fileReferenceOf(part.image_file)) !== null;
    if (part.type !== 'image_url') return true;
    const url = isRecord(part.image_url) ? part.image_url.url : part.image_url;
    return typeof url !== 'string' || !url.startsWith('/') || ownFilePath(url) !== null;
  });
}

const fileReferenceOf = (file: unknown): unknown => (isRecord(file) ? file.filepath : undefined);
