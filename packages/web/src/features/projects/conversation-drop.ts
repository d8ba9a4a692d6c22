import type { DragEvent } from 'react';

/**
 * The conversation id a drag carries when a sidebar row (a link to `/c/<id>` of this app) is
 * dropped: the browser puts a dragged link's address in `text/uri-list`. Null for anything else
 * (another site's link, text, files).
 */
export function droppedConversationId(uriList: string, origin: string): string | null {
  const first = uriList
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith('#'));
  if (!first) return null;
  let url: URL;
  try {
    url = new URL(first, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/c\/([^/]+)$/.exec(url.pathname);
  return match && match[1] !== 'new' ? decodeURIComponent(match[1]!) : null;
}

/** Whether a drag may be dropped on a project: it carries a link. */
export const carriesLink = (e: DragEvent) => e.dataTransfer.types.includes('text/uri-list');
