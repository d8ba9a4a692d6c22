import type { Message } from './conversation.ts';

/**
 * One hit of GET /api/messages?search=: the message, its conversation's title and an HTML
 * snippet of the text around the matches. In `snippet` only `<mark>…</mark>` is markup; all of
 * the user's text is escaped.
 */
export interface MessageSearchHit extends Message {
  title: string;
  snippet: string;
  searchResult: true;
}
