import { z } from 'zod';
import { accountEmail, accountName, accountUsername, password } from './auth.ts';

/**
 * The first run: while an instance has no account, `/setup` creates its administrator, names the
 * instance and may add a first model provider. What it saves is the instance's settings; parley.yaml
 * and the environment win wherever they set the same thing.
 */

/** Providers the setup page can add: the three with a key and an optional base URL. */
export const SETUP_PROVIDER_KINDS = ['openAI', 'anthropic', 'google'] as const;
export type SetupProviderKind = (typeof SETUP_PROVIDER_KINDS)[number];

export const setupProviderSchema = z.object({
  kind: z.enum(SETUP_PROVIDER_KINDS, { error: 'Choose openAI, anthropic or google' }),
  apiKey: z
    .string({ error: 'API key is required' })
    .trim()
    .min(1, 'API key is required')
    .max(512, 'API key must be at most 512 characters'),
  /** A proxy, gateway or compatible server instead of the provider's own address. */
  baseURL: z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, error: 'Base URL must be an http or https address' }))
    .optional(),
});
export type SetupProvider = z.infer<typeof setupProviderSchema>;

export const APP_TITLE_MAX = 80;

export const setupPayloadSchema = z
  .object({
    name: accountName,
    username: accountUsername.optional(),
    email: accountEmail,
    password,
    confirm_password: z.string({ error: 'Confirm password is required' }),
    appTitle: z
      .string({ error: 'Instance name is required' })
      .trim()
      .min(1, 'Instance name is required')
      .max(APP_TITLE_MAX, `Instance name must be at most ${APP_TITLE_MAX} characters`),
    provider: setupProviderSchema.optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'passwords do not match',
    path: ['confirm_password'],
  });
export type SetupPayload = z.infer<typeof setupPayloadSchema>;

/** `POST /api/setup/provider-check`: the key is tried with one request before anything is saved. */
export const providerCheckAnswerSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ProviderCheckAnswer = z.infer<typeof providerCheckAnswerSchema>;

/**
 * `GET /api/setup`: whether setup is still open, and what parley.yaml or the environment already
 * set (named by where it is set), which the page shows instead of letting the field look effective.
 */
export const setupStatusSchema = z.object({
  required: z.boolean(),
  appTitle: z.string(),
  /** e.g. `{ appTitle: 'APP_TITLE' }` */
  fixedBy: z.object({
    appTitle: z.string().optional(),
    providers: z.partialRecord(z.enum(SETUP_PROVIDER_KINDS), z.string()),
  }),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
