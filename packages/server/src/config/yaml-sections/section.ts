import { z } from 'zod';

/**
 * One top-level section of `parley.yaml` (the librechat.yaml 1.2.8 format). Every section is
 * either acted on by Parley (`implemented`) or accepted and announced at start as having no
 * effect yet (`notImplemented`). A feature that lands moves its section file from the second to
 * the first; the registry in `index.ts` does not change.
 */
export type YamlSection<S extends z.ZodType = z.ZodType> = ImplementedSection<S> | PendingSection<S>;

export interface ImplementedSection<S extends z.ZodType> {
  status: 'implemented';
  schema: S;
}

export interface PendingSection<S extends z.ZodType> {
  status: 'not-implemented';
  /**
   * Validates the section even though nothing reads it yet: the format's hard rules (URL schemes,
   * limits) are refused at start rather than discovered when the feature lands.
   */
  schema: S;
  /** What an operator who set this section should know will not happen, in one sentence. */
  consequence: string;
}

/** A section Parley acts on; its schema is strict, so every unknown or wrong key is reported. */
export function implemented<S extends z.ZodType>(schema: S): ImplementedSection<S> {
  return { status: 'implemented', schema };
}

/** A section of the format Parley does not act on yet: accepted, and warned about at start. */
export function notImplemented(consequence: string): PendingSection<z.ZodUnknown>;
export function notImplemented<S extends z.ZodType>(consequence: string, schema: S): PendingSection<S>;
export function notImplemented(
  consequence: string,
  schema: z.ZodType = z.unknown(),
): PendingSection<z.ZodType> {
  return { status: 'not-implemented', schema, consequence };
}
