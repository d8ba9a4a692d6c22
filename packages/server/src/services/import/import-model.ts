import type { ContentPart } from '@parley/schema';
import { HttpError } from '../../http/http-error.ts';

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

/** The spec's message for a file that is not a supported export (002 §5). */
export const UNSUPPORTED_IMPORT = 'Unsupported import type';

/** An unsupported or malformed file: a 400 the client shows as its file-type error. */
export function unsupportedImport(detail: string): HttpError {
  return new HttpError(400, UNSUPPORTED_IMPORT, 'unsupported_import', [{ path: 'file', message: detail }]);
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

/** PostgreSQL text cannot hold NUL; imported text may. */
export const cleanText = (value: unknown): string =>
  typeof value === 'string' ? value.replaceAll('\u0000', '') : '';

export const optionalText = (value: unknown, max = 200): string | null =>
  typeof value === 'string' && value.trim() ? cleanText(value).slice(0, max) : null;

/** A JSON value with every NUL removed from its strings and keys (jsonb refuses `\u0000`). */
export function stripNul<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === 'string' ? v.replaceAll('\u0000', '') : v,
  ) as T;
}
