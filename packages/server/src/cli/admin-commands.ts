import { randomBytes } from 'node:crypto';
import type { Banner } from '@parley/schema';
import { registerSchema } from '@parley/schema';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users, type UserRow } from '../db/schema/index.ts';
import { createInvitation, INVITATION_MAX_TTL_DAYS } from '../services/auth/invitations.ts';
import { hashPassword } from '../services/auth/password.ts';
import { revokeAllSessions } from '../services/auth/refresh-sessions.ts';
import { deleteBanners, setBanner } from '../services/banners/banner-service.ts';
import { balances } from '../db/schema/index.ts';
import type { BalanceSettings } from '../services/balance/balance-settings.ts';
import { adjustBalance } from '../services/balance/balance-store.ts';
import { clearTwoFactor } from '../services/two-factor/two-factor-store.ts';
import {
  confirmLinkByAdmin,
  findLinkConflict,
  linkConflictByAdmin,
  listLinkConflicts,
  listUnprovenLinks,
  unlinkIdentity,
} from '../services/sso/link-conflicts.ts';
import { isBanned } from '../services/users/public-user.ts';
import {
  createUser,
  findUserByEmail,
  setBannedUntil,
  setPasswordHash,
} from '../services/users/user-service.ts';

/** A mistake of the operator: printed without a stack, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** "Permanent" bans end in the year 9999, which every database and Date can hold. */
export const PERMANENT_BAN = new Date('9999-12-31T23:59:59.000Z');

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

function checkPassword(password: string): string {
  if (password.length < 8 || password.length > 128) {
    throw new CliError('The password must be 8 to 128 characters long.');
  }
  return password;
}

export async function requireUser(db: Database, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`No user with the email ${email}.`);
  return user;
}

export interface CreateUserInput {
  email: string;
  name: string;
  password?: string;
  username?: string;
  admin?: boolean;
}

/** Creates a verified local account; generates a password when none is given. */
export async function createUserCommand(
  db: Database,
  input: CreateUserInput,
): Promise<{ user: UserRow; password: string; generated: boolean }> {
  const password = input.password ?? generatePassword();
  const parsed = registerSchema.safeParse({
    name: input.name,
    email: input.email,
    username: input.username,
    password,
    confirm_password: password,
  });
  if (!parsed.success) {
    throw new CliError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const user = await createUser(db, {
    name: parsed.data.name,
    email: parsed.data.email,
    username: parsed.data.username,
    passwordHash: await hashPassword(password),
    emailVerified: true,
    // An administrator names the address: external sign-ins that vouch for it may link.
    emailProof: 'admin',
    ...(input.admin ? { role: 'ADMIN' as const } : {}),
  });
  if (!user) throw new CliError(`A user with the email ${input.email} already exists.`);
  return { user, password, generated: input.password === undefined };
}

export interface UserListing {
  email: string;
  name: string;
  username: string;
  role: string;
  verified: string;
  banned: string;
  created: string;
}

export async function listUsersCommand(db: Database, now = new Date()): Promise<UserListing[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((u) => ({
    email: u.email,
    name: u.name,
    username: u.username ?? '',
    role: u.role,
    verified: u.emailVerified ? 'yes' : 'no',
    banned: !isBanned(u, now)
      ? ''
      : u.bannedUntil!.getTime() >= PERMANENT_BAN.getTime()
        ? 'permanently'
        : `until ${u.bannedUntil!.toISOString()}`,
    created: u.createdAt.toISOString(),
  }));
}

/** Bans for `minutes` (default: permanently) and signs the account out everywhere. */
export async function banUserCommand(db: Database, email: string, minutes?: number): Promise<Date> {
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes <= 0)) {
    throw new CliError('--minutes must be a positive whole number.');
  }
  const user = await requireUser(db, email);
  const until = minutes === undefined ? PERMANENT_BAN : new Date(Date.now() + minutes * 60_000);
  await setBannedUntil(db, user.id, until);
  await revokeAllSessions(db, user.id);
  return until;
}

export async function unbanUserCommand(db: Database, email: string): Promise<void> {
  const user = await requireUser(db, email);
  await setBannedUntil(db, user.id, null);
}

/** Sets a new password (generated when none is given) and signs the account out everywhere. */
export async function resetPasswordCommand(
  db: Database,
  email: string,
  password?: string,
): Promise<{ password: string; generated: boolean }> {
  const next = checkPassword(password ?? generatePassword());
  const user = await requireUser(db, email);
  await setPasswordHash(db, user.id, await hashPassword(next));
  await revokeAllSessions(db, user.id);
  return { password: next, generated: password === undefined };
}

function parseDate(value: string | undefined, option: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new CliError(`${option} must be an ISO date, e.g. 2030-01-31T12:00:00Z.`);
  return date;
}

export interface SetBannerInput {
  message: string;
  from?: string;
  to?: string;
  isPublic?: boolean;
}

/** Replaces the banner. The HTML is sanitised when stored and when served. */
export async function setBannerCommand(db: Database, input: SetBannerInput): Promise<Banner> {
  if (!input.message.trim()) throw new CliError('--message must not be empty.');
  const displayFrom = parseDate(input.from, '--from');
  const displayTo = parseDate(input.to, '--to');
  if (displayFrom && displayTo && displayTo <= displayFrom) throw new CliError('--to must be after --from.');
  return setBanner(db, { message: input.message, displayFrom, displayTo, isPublic: input.isPublic ?? false });
}

export async function deleteBannerCommand(db: Database): Promise<number> {
  return deleteBanners(db);
}

/**
 * Turns two-factor off for an account that lost its authenticator and its backup codes; the
 * next sign-in needs the password only. Returns false when it was not on.
 */
export async function disableTwoFactorCommand(db: Database, email: string): Promise<boolean> {
  const user = await requireUser(db, email);
  if (!user.twoFactorEnabled && !user.totpSecret) return false;
  await clearTwoFactor(db, user.id);
  return true;
}

/**
 * Invites one address: returns the link that lets its holder register with that address even
 * while registration is closed. The address must be valid and must not have an account yet.
 */
export async function inviteCommand(
  db: Database,
  input: { email: string; days?: number; clientUrl?: string },
): Promise<{ link: string; expiresAt: Date }> {
  const email = registerSchema.shape.email.safeParse(input.email);
  if (!email.success) throw new CliError(email.error.issues[0]?.message ?? 'Invalid email');
  if (await findUserByEmail(db, email.data)) {
    throw new CliError(`An account with the email ${email.data} already exists.`);
  }
  const { token, expiresAt } = await createInvitation(db, { email: email.data, ttlDays: input.days });
  const base = (input.clientUrl ?? '').replace(/\/+$/, '');
  return { link: `${base}/register?token=${encodeURIComponent(token)}`, expiresAt };
}

export function parseInvitationDays(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > INVITATION_MAX_TTL_DAYS) {
    throw new CliError(`--days must be a whole number from 1 to ${INVITATION_MAX_TTL_DAYS}.`);
  }
  return days;
}

function parseCredits(value: string, allowNegative: boolean): number {
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount) || (!allowNegative && amount < 0)) {
    throw new CliError(
      `The amount must be a ${allowNegative ? '' : 'non-negative '}number of credits, got "${value}".`,
    );
  }
  return amount;
}

/** Adds credits (negative to take some away; the balance stops at zero); answers the new balance. */
export async function addBalanceCommand(
  db: Database,
  settings: BalanceSettings,
  email: string,
  amount: string,
): Promise<number> {
  const delta = parseCredits(amount, true);
  const user = await requireUser(db, email);
  return adjustBalance(db, user.id, settings, { delta });
}

/** Sets the balance to an amount of credits. */
export async function setBalanceCommand(
  db: Database,
  settings: BalanceSettings,
  email: string,
  amount: string,
): Promise<number> {
  const to = parseCredits(amount, false);
  const user = await requireUser(db, email);
  return adjustBalance(db, user.id, settings, { to });
}

export interface BalanceListing {
  email: string;
  credits: string;
  autoRefill: string;
  lastRefill: string;
}

/** Every account with a balance, most credits first. */
export async function listBalancesCommand(db: Database): Promise<BalanceListing[]> {
  const rows = await db
    .select({
      email: users.email,
      credits: balances.tokenCredits,
      autoRefill: balances.autoRefillEnabled,
      amount: balances.refillAmount,
      value: balances.refillIntervalValue,
      unit: balances.refillIntervalUnit,
      lastRefill: balances.lastRefill,
    })
    .from(balances)
    .innerJoin(users, eq(users.id, balances.userId))
    .orderBy(desc(balances.tokenCredits), asc(users.email));
  return rows.map((r) => ({
    email: r.email,
    credits: r.credits.toFixed(2),
    autoRefill: r.autoRefill ? `${r.amount} every ${r.value} ${r.unit}` : 'off',
    lastRefill: r.lastRefill?.toISOString() ?? '',
  }));
}

export interface LinkConflictListing {
  id: string;
  email: string;
  provider: string;
  subject: string;
  firstSeen: string;
  lastSeen: string;
}

/** External sign-ins refused because the account holding their address had no proof of it. */
export async function listLinkConflictsCommand(db: Database): Promise<LinkConflictListing[]> {
  const rows = await listLinkConflicts(db);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    provider: r.provider,
    subject: r.subject,
    firstSeen: r.createdAt.toISOString(),
    lastSeen: r.lastSeenAt.toISOString(),
  }));
}

/**
 * Links a refused external sign-in (by its conflict id) to the account holding its address: the
 * administrator vouches that both are one person. Answers the account's address.
 */
export async function linkIdentityCommand(db: Database, conflictId: string): Promise<string> {
  const conflict = await findLinkConflict(db, conflictId);
  if (!conflict) throw new CliError(`No link conflict with the id ${conflictId}. See "list-link-conflicts".`);
  if (!(await linkConflictByAdmin(db, conflict))) {
    throw new CliError(`That ${conflict.provider} sign-in is linked to an account already.`);
  }
  return conflict.email;
}

export interface UnprovenLinkListing {
  id: string;
  email: string;
  provider: string;
  subject: string;
  linked: string;
  lastLogin: string;
}

/** The report of links made before linking asked for a proof, on accounts with a password. */
export async function listUnprovenLinksCommand(db: Database): Promise<UnprovenLinkListing[]> {
  const rows = await listUnprovenLinks(db);
  return rows.map((r) => ({
    id: r.identityId,
    email: r.email,
    provider: r.provider,
    subject: r.subject,
    linked: r.linkedAt.toISOString(),
    lastLogin: r.lastLoginAt.toISOString(),
  }));
}

/** Keeps a reviewed unproven link (it leaves the report) or removes it. */
export async function reviewLinkCommand(
  db: Database,
  identityId: string,
  decision: 'confirm' | 'unlink',
): Promise<void> {
  const done =
    decision === 'confirm' ? await confirmLinkByAdmin(db, identityId) : await unlinkIdentity(db, identityId);
  if (!done) {
    throw new CliError(
      decision === 'confirm'
        ? `No unproven link with the id ${identityId}. See "list-unproven-links".`
        : `No linked sign-in with the id ${identityId}.`,
    );
  }
}
