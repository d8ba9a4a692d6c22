import { z } from 'zod';

/** A true/false environment variable; empty or absent means `fallback`. */
export const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

/** An optional string environment variable; empty means absent. */
export const text = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
