import type { ContentPart } from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';

/** The editable part types and the field holding their text. */
const EDITABLE = { text: 'text', think: 'think' } as const;

/** Reads a part's text: `{type: 'text', text: 'hi'}` or the older `{text: {value: 'hi'}}`. */
export function partText(part: ContentPart, field: string): string | undefined {
  const value = part[field];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { value?: unknown }).value === 'string') {
    return (value as { value: string }).value;
  }
  return undefined;
}

function withPartText(part: ContentPart, field: string, text: string): ContentPart {
  const value = part[field];
  const next = value && typeof value === 'object' ? { ...(value as object), value: text } : text;
  return { ...part, [field]: next };
}

export interface MessageTextState {
  text: string;
  content: ContentPart[] | null;
}

/**
 * A plain-text edit: the message text becomes `text`, and so does its first text part when it
 * has content parts (that part is what the client renders).
 */
export function replaceMessageText(state: MessageTextState, text: string): MessageTextState {
  if (!state.content) return { text, content: null };
  const first = state.content.findIndex((p) => p.type === 'text');
  if (first < 0) return { text, content: state.content };
  const content = state.content.map((p, i) => (i === first ? withPartText(p, 'text', text) : p));
  return { text, content };
}

/** A message's plain text: its text parts joined, as the chat pipeline saves answers. */
export function joinedText(content: ContentPart[]): string {
  return content.map((p) => (p.type === 'text' ? (partText(p, 'text') ?? '') : '')).join('');
}

/**
 * Edits the text or think part at `index`. A text-part edit also re-derives the message's plain
 * text from its text parts, so list filters and search see the edit; a think-part edit leaves it.
 */
export function replaceContentPart(state: MessageTextState, index: number, text: string): MessageTextState {
  const part = state.content?.[index];
  if (!state.content || !part) {
    throw badRequest(`Invalid index: the message has no content part at index ${index}`, [
      { path: 'index', message: 'No content part at this index' },
    ]);
  }
  const field = EDITABLE[part.type as keyof typeof EDITABLE] as string | undefined;
  if (!field) {
    throw badRequest(`Only text and think content parts can be edited (part ${index} is ${part.type})`, [
      { path: 'index', message: 'Not a text or think part' },
    ]);
  }
  const content = state.content.map((p, i) => (i === index ? withPartText(p, field, text) : p));
  return { text: field === 'text' ? joinedText(content) : state.text, content };
}
