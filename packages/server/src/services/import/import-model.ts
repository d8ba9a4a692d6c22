import { MAX_CHAT_TEXT_LENGTH, toStorable, toStorableText, type ContentPart } from '@parley/schema';
import { AppError } from '../../errors/app-error.ts';

/**
 * The common shape every import format is converted to. Ids are the file's own; the writer
 * gives every message a new id and maps the parent links.
 */
export interface ImportedMessage {
  sourceId: string;
  /** The parent's source id; null for a first message. */
  parentSourceId: string | null;
  text: string;
  isCreatedByUser: boolean;
  sender: string;
  content?: ContentPart[] | null;
  createdAt?: Date;
  model?: string | null;
  endpoint?: string | null;
  error?: boolean;
  unfinished?: boolean;
  finishReason?: string | null;
}

export interface ImportedConversationMeta {
  title?: string;
  endpoint?: string | null;
  endpointType?: string | null;
  model?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
  settings?: Record<string, unknown>;
}

/** The message for a file that is not a supported export; the client words its file-type error from it. */
export const UNSUPPORTED_IMPORT = 'Unsupported import type';

/** An unsupported or malformed file: a 400 the client shows as its file-type error. */
export function unsupportedImport(detail: string): AppError {
  return new AppError('unsupported_import', UNSUPPORTED_IMPORT, {
    issues: [{ path: 'file', message: detail }],
  });
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A date from an ISO string or epoch seconds/milliseconds; undefined when unusable. */
export function toDate(value: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) {
    date = new Date(value < 1e11 ? value * 1000 : value);
  } else if (typeof value === 'string' && value.length <= 64) {
    date = new Date(value);
  }
  return date && !Number.isNaN(date.getTime()) && Math.abs(date.getFullYear() - 2000) < 200
    ? date
    : undefined;
}

/** Imported text the database can store: NUL removed, lone surrogates as U+FFFD. */
export const cleanText = (value: unknown): string => (typeof value === 'string' ? toStorableText(value) : '');

export const optionalText = (value: unknown, max = 200): string | null =>
  typeof value === 'string' && value.trim() ? cleanText(value).slice(0, max) : null;

/**
 * Imported text is held to the chat's own limit (a message typed in Parley is at most
 * MAX_CHAT_TEXT_LENGTH characters). **Choice — truncate with a marker rather than refuse:** one
 * oversized message in an export of thousands should not lose the rest, and the marker says
 * plainly that the text was cut and by how much.
 */
export function capImportedText(text: string): string {
  if (text.length <= MAX_CHAT_TEXT_LENGTH) return text;
  let end = MAX_CHAT_TEXT_LENGTH;
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}\n\n[Truncated on import: ${text.length - end} more characters]`;
}

/**
 * A JSON value (content parts, settings) the database can store: every string and key cleaned
 * (`toStorable`: jsonb refuses NUL and lone surrogates, in keys too), every string capped.
 */
export function storableJson<T>(value: T): T {
  return toStorable(value, (text) => capImportedText(toStorableText(text)));
}
