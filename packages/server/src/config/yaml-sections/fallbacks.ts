import { z } from 'zod';
import { implemented } from './section.ts';

const name = z.string().trim().min(1).max(200);

/**
 * A model of an endpoint: `"<endpoint>/<model>"` (split at the first `/`, since model ids such as
 * `meta-llama/Llama-3-70b` hold slashes of their own) or `{ endpoint, model }`.
 */
export const fallbackModelSchema = z.union([
  z
    .string()
    .trim()
    .max(401)
    .regex(/^[^/]+\/.+$/, 'must be "<endpoint>/<model>"')
    .transform((text) => {
      const slash = text.indexOf('/');
      return { endpoint: text.slice(0, slash), model: text.slice(slash + 1) };
    }),
  z.strictObject({ endpoint: name, model: name }),
]);

export type FallbackModel = { endpoint: string; model: string };

export const fallbackRuleSchema = z.strictObject({
  /** The model whose failures fall back. */
  from: fallbackModelSchema,
  /** The models that answer instead, tried in order. */
  to: z.array(fallbackModelSchema).min(1).max(10),
});

/**
 * `fallbacks` (Parley's own section): when a model fails before its first token with 429, a 5xx,
 * a timeout or a refused connection, the next model of its rule answers instead.
 */
export const fallbacksSchema = z
  .array(fallbackRuleSchema)
  .max(200)
  .superRefine((rules, issues) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      const key = `${rule.from.endpoint}/${rule.from.model}`;
      if (seen.has(key))
        issues.addIssue({ code: 'custom', path: [index, 'from'], message: `${key} has a rule already` });
      seen.add(key);
    });
  });

export const fallbacksSection = implemented(fallbacksSchema);
