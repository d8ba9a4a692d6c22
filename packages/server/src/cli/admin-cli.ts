import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import {
  CliError,
  banUserCommand,
  createUserCommand,
  addBalanceCommand,
  deleteBannerCommand,
  listBalancesCommand,
  setBalanceCommand,
  disableTwoFactorCommand,
  inviteCommand,
  parseInvitationDays,
  listUsersCommand,
  resetPasswordCommand,
  setBannerCommand,
  unbanUserCommand,
  linkIdentityCommand,
  listLinkConflictsCommand,
  listUnprovenLinksCommand,
  reviewLinkCommand,
} from './admin-commands.ts';
import { deleteUserCommand } from './delete-user-command.ts';
import { formatTable } from './format-table.ts';
import type { BlobStore } from '../services/files/blob-store.ts';
import { balanceSettings, type BalanceSettings } from '../services/balance/balance-settings.ts';

export const ADMIN_HELP = `Parley administration

Usage: npm run admin -- <command> [arguments]

  create-user <email> <name> [--password X] [--username U] [--admin]
      Creates a verified account; prints a generated password when none is given.
  list-users
      Lists every account.
  ban-user <email> [--minutes N]
      Bans the account (permanently unless --minutes) and signs it out everywhere.
  unban-user <email>
      Lifts a ban.
  delete-user <email>
      Deletes the account with all of its data and the stored bytes of its files (DATA_DIR/files
      or the S3 bucket), as the person's own deletion does. Cannot be undone.
  reset-password <email> [--password X]
      Sets a new password (generated when none is given) and signs the account out everywhere.
  add-balance <email> <credits>
      Adds credits to the account's balance (negative to take some away; it stops at zero).
  set-balance <email> <credits>
      Sets the account's balance.
  list-balances
      Lists every balance, most credits first.
  invite <email> [--days N]
      Prints a registration link for that address alone, usable once, valid N days (default 7,
      at most 90) even while registration is closed. A newer invitation replaces an older one.
  disable-2fa <email>
      Turns two-factor sign-in off for the account (lost authenticator and backup codes).
  list-link-conflicts
      Lists external sign-ins (OpenID, SAML, LDAP, social, wallet) refused because their verified
      address belongs to an account whose address nothing proves (no verification mail, not
      created by an administrator): the person could not get in that way.
  link-identity <conflict-id>
      Links such a refused sign-in to the account holding its address; do it only when you know
      both are the same person. Its next sign-in enters the account.
  list-unproven-links
      Lists sign-ins linked to password accounts before linking asked for a proof: review them,
      as someone who registered an address first could have received its owner's sign-ins.
  confirm-link <id>
      Keeps a reviewed link from that list (it leaves the list).
  unlink-identity <id>
      Removes a linked sign-in (it no longer enters the account).
  set-banner --message HTML [--from ISO] [--to ISO] [--public]
      Replaces the banner shown above the app; --public shows it to signed-out visitors too.
  delete-banner
      Removes the banner.
  backup <file>
      Writes the embedded database, the uploaded files and the generated secrets to <file> (a
      .tar.gz, mode 0600). Works while the server runs: it asks the server, which holds the
      database still for the moment of the copy. PostgreSQL: use pg_dump (see the README).
  restore <file>
      Restores a backup into DATA_DIR, which must be new and empty; then start the server on it.
  help
      Shows this text.

The command reads the same configuration as the server (environment, parley.yaml, DATA_DIR or
DATABASE_URL). With the embedded database, stop the server first (backup excepted): only one
process may open it.`;

export type AdminCommand =
  | { name: 'help' }
  | {
      name: 'create-user';
      email: string;
      userName: string;
      password?: string;
      username?: string;
      admin: boolean;
    }
  | { name: 'list-users' }
  | { name: 'ban-user'; email: string; minutes?: number }
  | { name: 'unban-user'; email: string }
  | { name: 'delete-user'; email: string }
  | { name: 'reset-password'; email: string; password?: string }
  | { name: 'disable-2fa'; email: string }
  | { name: 'invite'; email: string; days?: number }
  | { name: 'add-balance' | 'set-balance'; email: string; amount: string }
  | { name: 'list-balances' }
  | { name: 'set-banner'; message: string; from?: string; to?: string; isPublic: boolean }
  | { name: 'delete-banner' }
  | { name: 'list-link-conflicts' | 'list-unproven-links' }
  | { name: 'link-identity' | 'confirm-link' | 'unlink-identity'; id: string }
  | { name: 'backup'; file: string }
  | { name: 'restore'; file: string };

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
type ParsedArgs = { values: Record<string, string | boolean | undefined>; positionals: string[] };

/** parseArgs in strict mode, with exactly the named positionals; mistakes become CliErrors. */
function parse(args: string[], options: OptionSpec, positionals: string[]): ParsedArgs {
  let result: ParsedArgs;
  try {
    result = parseArgs({ args, options, allowPositionals: true, strict: true }) as ParsedArgs;
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (result.positionals.length !== positionals.length) {
    throw new CliError(
      `Expected ${positionals.map((p) => `<${p}>`).join(' ') || 'no arguments'}. See "help".`,
    );
  }
  return result;
}

/** Turns the command line into a command; throws CliError for anything malformed. */
export function parseAdminArgs(argv: string[]): AdminCommand {
  const [name = 'help', ...args] = argv;
  switch (name) {
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' };
    case 'create-user': {
      const { values, positionals } = parse(
        args,
        { password: { type: 'string' }, username: { type: 'string' }, admin: { type: 'boolean' } },
        ['email', 'name'],
      );
      return {
        name,
        email: positionals[0]!,
        userName: positionals[1]!,
        password: values.password as string | undefined,
        username: values.username as string | undefined,
        admin: values.admin === true,
      };
    }
    case 'list-users':
    case 'list-balances':
    case 'delete-banner':
    case 'list-link-conflicts':
    case 'list-unproven-links':
      parse(args, {}, []);
      return { name };
    case 'link-identity':
    case 'confirm-link':
    case 'unlink-identity':
      return { name, id: parse(args, {}, ['id']).positionals[0]! };
    case 'ban-user': {
      const { values, positionals } = parse(args, { minutes: { type: 'string' } }, ['email']);
      const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
      if (minutes !== undefined && (!Number.isInteger(minutes) || minutes <= 0)) {
        throw new CliError('--minutes must be a positive whole number.');
      }
      return { name, email: positionals[0]!, minutes };
    }
    case 'backup':
    case 'restore':
      return { name, file: parse(args, {}, ['file']).positionals[0]! };
    case 'add-balance':
    case 'set-balance': {
      // `--` lets a negative amount through: add-balance a@b.c -- -500
      const { positionals } = parse(args, {}, ['email', 'credits']);
      return { name, email: positionals[0]!, amount: positionals[1]! };
    }
    case 'invite': {
      const { values, positionals } = parse(args, { days: { type: 'string' } }, ['email']);
      return { name, email: positionals[0]!, days: parseInvitationDays(values.days as string | undefined) };
    }
    case 'unban-user':
    case 'delete-user':
    case 'disable-2fa':
      return { name, email: parse(args, {}, ['email']).positionals[0]! };
    case 'reset-password': {
      const { values, positionals } = parse(args, { password: { type: 'string' } }, ['email']);
      return { name, email: positionals[0]!, password: values.password as string | undefined };
    }
    case 'set-banner': {
      const { values } = parse(
        args,
        {
          message: { type: 'string' },
          from: { type: 'string' },
          to: { type: 'string' },
          public: { type: 'boolean' },
        },
        [],
      );
      if (typeof values.message !== 'string') throw new CliError('set-banner needs --message.');
      return {
        name,
        message: values.message,
        from: values.from as string | undefined,
        to: values.to as string | undefined,
        isPublic: values.public === true,
      };
    }
    default:
      throw new CliError(`Unknown command "${name}". See "help".`);
  }
}

/** Runs one command against the database, writing its report through `print`. */
export async function executeAdminCommand(
  command: AdminCommand,
  db: Database,
  print: (text: string) => void,
  balance: BalanceSettings = balanceSettings({}),
  /** The web app's address (DOMAIN_CLIENT), which invitation links start with. */
  clientUrl = '',
  /** The uploaded files' store, opened only by the commands that need it. */
  stores: { openBlobStore?: () => Promise<BlobStore> } = {},
): Promise<void> {
  switch (command.name) {
    case 'help':
      return print(ADMIN_HELP);
    case 'backup':
    case 'restore':
      // They open the data directory their own way, or ask the running server (backup-commands.ts).
      throw new Error(`${command.name} does not run on an open database`);
    case 'create-user': {
      const { user, password, generated } = await createUserCommand(db, {
        email: command.email,
        name: command.userName,
        password: command.password,
        username: command.username,
        admin: command.admin,
      });
      print(`Created ${user.role} ${user.email} (id ${user.id}).`);
      if (generated) print(`Password: ${password}`);
      return;
    }
    case 'list-users': {
      const rows = await listUsersCommand(db);
      print(
        rows.length
          ? formatTable(rows, ['email', 'name', 'username', 'role', 'verified', 'banned', 'created'])
          : 'No users.',
      );
      return;
    }
    case 'ban-user': {
      const until = await banUserCommand(db, command.email, command.minutes);
      print(
        command.minutes === undefined
          ? `Banned ${command.email} permanently.`
          : `Banned ${command.email} until ${until.toISOString()}.`,
      );
      return;
    }
    case 'unban-user':
      await unbanUserCommand(db, command.email);
      return print(`Lifted the ban of ${command.email}.`);
    case 'delete-user': {
      if (!stores.openBlobStore) throw new Error('delete-user needs the file store');
      const store = await stores.openBlobStore();
      try {
        const { email, filesLeft } = await deleteUserCommand(db, store, command.email);
        print(`Deleted ${email} and its files.`);
        if (filesLeft) print(filesLeft);
      } finally {
        store.close?.();
      }
      return;
    }
    case 'reset-password': {
      const { password, generated } = await resetPasswordCommand(db, command.email, command.password);
      print(`Set a new password for ${command.email}; every session was signed out.`);
      if (generated) print(`Password: ${password}`);
      return;
    }
    case 'add-balance':
    case 'set-balance': {
      const run = command.name === 'add-balance' ? addBalanceCommand : setBalanceCommand;
      const credits = await run(db, balance, command.email, command.amount);
      return print(`${command.email} now has ${credits.toFixed(2)} credits.`);
    }
    case 'list-balances': {
      const rows = await listBalancesCommand(db);
      return print(
        rows.length ? formatTable(rows, ['email', 'credits', 'autoRefill', 'lastRefill']) : 'No balances.',
      );
    }
    case 'invite': {
      const { link, expiresAt } = await inviteCommand(db, { ...command, clientUrl });
      print(`Invitation for ${command.email}, valid until ${expiresAt.toISOString()}:`);
      return print(link);
    }
    case 'disable-2fa':
      return print(
        (await disableTwoFactorCommand(db, command.email))
          ? `Two-factor sign-in is now off for ${command.email}.`
          : `Two-factor sign-in was not on for ${command.email}.`,
      );
    case 'set-banner': {
      const banner = await setBannerCommand(db, command);
      print(`Banner ${banner.bannerId} set (${banner.isPublic ? 'public' : 'signed-in users'}).`);
      return;
    }
    case 'delete-banner': {
      const count = await deleteBannerCommand(db);
      return print(count ? 'Banner removed.' : 'There was no banner.');
    }
    case 'list-link-conflicts': {
      const rows = await listLinkConflictsCommand(db);
      return print(
        rows.length
          ? formatTable(rows, ['id', 'email', 'provider', 'subject', 'firstSeen', 'lastSeen'])
          : 'No refused sign-ins.',
      );
    }
    case 'link-identity':
      return print(`Linked; that sign-in now enters ${await linkIdentityCommand(db, command.id)}.`);
    case 'list-unproven-links': {
      const rows = await listUnprovenLinksCommand(db);
      return print(
        rows.length
          ? formatTable(rows, ['id', 'email', 'provider', 'subject', 'linked', 'lastLogin'])
          : 'No links without a proof.',
      );
    }
    case 'confirm-link':
      await reviewLinkCommand(db, command.id, 'confirm');
      return print('Kept; the link left the report.');
    case 'unlink-identity':
      await reviewLinkCommand(db, command.id, 'unlink');
      return print('Removed; that sign-in no longer enters the account.');
  }
}
