import {
  adminApiKeyIdParamsSchema,
  adminApiKeyListSchema,
  adminConfigSchema,
  adminBannerIdParamsSchema,
  adminBannerInputSchema,
  adminCreatedUserSchema,
  adminCreateUserSchema,
  adminInviteAnswerSchema,
  adminInviteSchema,
  adminUpdateUserAnswerSchema,
  adminUpdateUserSchema,
  adminUserIdParamsSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  auditListQuerySchema,
  auditListSchema,
  bannerSchema,
} from '@parley/schema';
import { z } from 'zod';
import type { OperationDoc } from './operation-doc.ts';

const ADMIN_ONLY = 'Administrators only: any other role gets 403.';
const admin = (op: Omit<OperationDoc, 'access' | 'tag'>): OperationDoc => ({
  ...op,
  tag: 'Administration',
  access: 'user',
  description: op.description ? `${op.description} ${ADMIN_ONLY}` : ADMIN_ONLY,
});
const LAST_ADMIN = '409 when it would leave the instance without an active administrator.';

/** The administration console's routes (`/api/admin/…`). */
export const adminOperations: OperationDoc[] = [
  admin({
    method: 'get',
    path: '/api/admin/users',
    summary: 'Page through the accounts',
    description:
      '`search` matches the start of the address, name or username; `sort` is one of the listed orders; `nextCursor` fetches the next page (50 a page).',
    query: adminUserListQuerySchema,
    answers: [{ status: 200, description: 'One page of accounts', schema: adminUserListSchema }],
  }),
  admin({
    method: 'post',
    path: '/api/admin/users',
    summary: 'Create a verified local account',
    description: 'Without `password` one is generated and answered once. 409 when the address is taken.',
    body: adminCreateUserSchema,
    answers: [{ status: 201, description: 'The account', schema: adminCreatedUserSchema }],
  }),
  admin({
    method: 'patch',
    path: '/api/admin/users/:id',
    summary: "Change an account's role, ban or unban it, reset its two-factor or send a password reset",
    description: `One \`action\` per request; each is recorded in the audit log. ${LAST_ADMIN}`,
    params: adminUserIdParamsSchema,
    body: adminUpdateUserSchema,
    answers: [{ status: 200, description: 'The account as it is now', schema: adminUpdateUserAnswerSchema }],
  }),
  admin({
    method: 'delete',
    path: '/api/admin/users/:id',
    summary: 'Delete an account with all its data and files',
    description: LAST_ADMIN,
    params: adminUserIdParamsSchema,
    answers: [{ status: 204, description: 'Deleted', kind: 'empty' }],
  }),
  admin({
    method: 'post',
    path: '/api/admin/invitations',
    summary: 'Invite an address to register',
    description:
      'The registration link works even while registration is closed. 409 when the address has an account.',
    body: adminInviteSchema,
    answers: [{ status: 201, description: 'The link, shown once', schema: adminInviteAnswerSchema }],
  }),
  admin({
    method: 'get',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first',
    description: 'Append-only: there is no route that changes or removes an entry.',
    query: auditListQuerySchema,
    answers: [{ status: 200, description: 'One page of entries', schema: auditListSchema }],
  }),
  admin({
    method: 'get',
    path: '/api/admin/banners',
    summary: 'Every banner, scheduled, showing or past',
    answers: [
      { status: 200, description: 'The banners', schema: z.object({ banners: z.array(bannerSchema) }) },
    ],
  }),
  admin({
    method: 'post',
    path: '/api/admin/banners',
    summary: 'Add a banner',
    description: 'The HTML is sanitised. The newest banner inside its display window shows.',
    body: adminBannerInputSchema,
    answers: [{ status: 201, description: 'The banner', schema: bannerSchema }],
  }),
  admin({
    method: 'put',
    path: '/api/admin/banners/:bannerId',
    summary: 'Replace a banner',
    params: adminBannerIdParamsSchema,
    body: adminBannerInputSchema,
    answers: [{ status: 200, description: 'The banner', schema: bannerSchema }],
  }),
  admin({
    method: 'delete',
    path: '/api/admin/banners/:bannerId',
    summary: 'Delete a banner',
    params: adminBannerIdParamsSchema,
    answers: [{ status: 204, description: 'Deleted', kind: 'empty' }],
  }),
  admin({
    method: 'get',
    path: '/api/admin/api-keys',
    summary: "Every user's personal API keys",
    description: 'Newest first, at most 500; never a secret.',
    answers: [{ status: 200, description: 'The keys with their owners', schema: adminApiKeyListSchema }],
  }),
  admin({
    method: 'delete',
    path: '/api/admin/api-keys/:id',
    summary: "Revoke any user's personal API key",
    params: adminApiKeyIdParamsSchema,
    answers: [{ status: 204, description: 'Revoked', kind: 'empty' }],
  }),
  admin({
    method: 'get',
    path: '/api/admin/config',
    summary: 'parley.yaml as parsed, with every secret masked; start warnings; endpoint and MCP health',
    description:
      'Masked: apiKey and other secret-named keys, every header and MCP env value, credentials inside URLs, and every value written as ${VAR} (shown as the reference). Endpoints that fetch their model list are asked for it (cached five minutes).',
    answers: [{ status: 200, description: 'The configuration view', schema: adminConfigSchema }],
  }),
];
