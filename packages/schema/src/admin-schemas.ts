import { z } from 'zod';
import { accountEmail, accountName, accountUsername, password } from './auth.ts';
import { cursorQuery, searchQuery } from './list-query.ts';

/** The administration console's requests and answers (`/api/admin/…`). */

/** Ids of accounts and banners are UUIDs; anything else in a path is a 400 before any query. */
const uuidParam = (name: string) => z.uuid(`${name} must be a UUID`);

export const adminUserIdParamsSchema = z.object({ id: uuidParam('id') });
export const adminBannerIdParamsSchema = z.object({ bannerId: uuidParam('bannerId') });
/** Personal API key ids are 16 hex characters (api-key-secret.ts). */
export const adminApiKeyIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'id must be 16 hexadecimal characters'),
});

/** How the users list may be ordered; every one is served by an index on (column, id). */
export const ADMIN_USER_SORTS = [
  'createdAt:desc',
  'createdAt:asc',
  'email:asc',
  'email:desc',
  'name:asc',
  'name:desc',
  'lastActiveAt:desc',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USERS_PAGE_SIZE = 50;

export const adminUserListQuerySchema = z.object({
  search: searchQuery,
  sort: z
    .enum(ADMIN_USER_SORTS, { error: `sort must be one of ${ADMIN_USER_SORTS.join(', ')}` })
    .default('createdAt:desc'),
  cursor: cursorQuery,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  role: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  banned: z.boolean(),
  /** When the ban ends (the year 9999 for a permanent one); null when not banned. */
  bannedUntil: z.string().nullable(),
  banReason: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const ADMIN_ROLES = ['USER', 'ADMIN'] as const;

/** `POST /api/admin/users`: a verified local account; a password is generated when none is given. */
export const adminCreateUserSchema = z
  .object({
    email: accountEmail,
    name: accountName,
    username: accountUsername.optional(),
    password: password.optional(),
    role: z.enum(ADMIN_ROLES).default('USER'),
  })
  .strict();
export type AdminCreateUser = z.infer<typeof adminCreateUserSchema>;

export const adminCreatedUserSchema = z.object({
  user: adminUserSchema,
  /** Only when the server generated it: shown once to the administrator. */
  password: z.string().optional(),
});

export const BAN_REASON_MAX = 500;
/** The longest timed ban, in minutes: one year. Longer is a permanent ban (no `minutes`). */
export const BAN_MAX_MINUTES = 525_600;

/**
 * `PATCH /api/admin/users/{id}`: exactly one action per request, so each is audited on its own
 * and none half-applies.
 */
export const adminUpdateUserSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('setRole'), role: z.enum(ADMIN_ROLES) }).strict(),
    z
      .object({
        action: z.literal('ban'),
        reason: z.string().trim().max(BAN_REASON_MAX).optional(),
        /** Absent: a permanent ban. */
        minutes: z.number().int().min(1).max(BAN_MAX_MINUTES).optional(),
      })
      .strict(),
    z.object({ action: z.literal('unban') }).strict(),
    z.object({ action: z.literal('resetTwoFactor') }).strict(),
    z.object({ action: z.literal('sendPasswordReset') }).strict(),
  ],
  { error: 'action must be setRole, ban, unban, resetTwoFactor or sendPasswordReset' },
);
export type AdminUpdateUser = z.infer<typeof adminUpdateUserSchema>;

export const adminUpdateUserAnswerSchema = z.object({
  user: adminUserSchema,
  /** sendPasswordReset without mail configured: the link to hand over. */
  link: z.string().optional(),
});

/** `POST /api/admin/invitations`: the existing invitation, for one address. */
export const adminInviteSchema = z
  .object({ email: accountEmail, days: z.number().int().min(1).max(90).optional() })
  .strict();
export const adminInviteAnswerSchema = z.object({ link: z.string(), expiresAt: z.string() });

export const auditListQuerySchema = z.object({ cursor: cursorQuery });

export const auditEntrySchema = z.object({
  id: z.string(),
  /** e.g. `user.role`, `user.ban`, `user.delete`, `admin.sign_in`, `budget.set`, `price.set`. */
  action: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What the target was called at the time (an email), kept after the target is gone. */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;

export const BANNER_MESSAGE_MAX = 10_000;
const bannerDate = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });

/** `POST /api/admin/banners` and `PUT /api/admin/banners/{bannerId}`. */
export const adminBannerInputSchema = z
  .object({
    message: z.string().trim().min(1, 'message is required').max(BANNER_MESSAGE_MAX),
    displayFrom: bannerDate.optional(),
    displayTo: bannerDate.nullable().optional(),
    isPublic: z.boolean().default(false),
  })
  .strict()
  .refine((b) => !b.displayFrom || !b.displayTo || Date.parse(b.displayTo) > Date.parse(b.displayFrom), {
    message: 'displayTo must be after displayFrom',
    path: ['displayTo'],
  });
export type AdminBannerInput = z.infer<typeof adminBannerInputSchema>;

export const adminApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  usage: z.object({ requests: z.number(), promptTokens: z.number(), completionTokens: z.number() }),
});
export const adminApiKeyListSchema = z.object({ keys: z.array(adminApiKeySchema) });

/** `GET /api/admin/config`: parley.yaml with every secret masked, start warnings, health. */
export const adminConfigSchema = z.object({
  path: z.string().nullable(),
  yaml: z.string(),
  warnings: z.array(z.string()),
  endpoints: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      fetchesModels: z.boolean(),
      models: z.number(),
      lastFetchAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  mcpServers: z.array(
    z.object({ name: z.string(), perUser: z.boolean(), state: z.string(), lastError: z.string().nullable() }),
  ),
});
export type AdminConfig = z.infer<typeof adminConfigSchema>;
