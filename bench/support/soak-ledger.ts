// The soak's database check: the message rows each simulated user owns, against what the server
// acknowledged to that user (soak-user.ts's ledger). A message acknowledged but missing is lost;
// a row nobody was told about (in a run without faults) is a duplicate or a stray write.
import type { LedgerFile } from './soak-load.ts';

export interface SavedMessage {
  email: string;
  messageId: string;
  parentMessageId: string;
  isCreatedByUser: boolean;
  unfinished: boolean;
  text: string;
}

/** The soak users' message rows ($1: their emails' common prefix), the same on PGlite and PostgreSQL. */
export const SAVED_MESSAGES_SQL = `SELECT u.email, m.message_id AS "messageId", m.parent_message_id AS "parentMessageId",
         m.is_created_by_user AS "isCreatedByUser", m.unfinished, m.text
    FROM messages m JOIN users u ON u.id = m.user_id WHERE u.email LIKE $1`;

export interface LedgerCheck {
  /** Rows the load generator was told about (streams' created + final, imports' counts). */
  expectedRows: number;
  savedRows: number;
  /** Acknowledged messages with no row. */
  lost: number;
  /** Rows beyond what was acknowledged (users whose row count exceeds their ledger's). */
  extra: number;
  /** Stopped answers saved finished. */
  stoppedNotUnfinished: number;
  /**
   * User messages saved more than once (a second row with the same text: every text the load
   * generator sends is unique, so a repeat is a resend saved twice).
   */
  duplicateUserMessages: number;
  /** Faults: streams cut after `created`. */
  interrupted?: {
    streams: number;
    userMessageMissing: number;
    answerSavedUnfinished: number;
    answerSavedFinished: number;
    /** The stream had announced its answer (a step event) but no answer row exists. */
    answerMissing: number;
    /** Cut before any step event; no answer row is expected. */
    noAnswerAnnounced: number;
  };
  examples: string[];
}

export function checkLedgers(ledgers: LedgerFile[], rows: SavedMessage[]): LedgerCheck {
  const byEmail = new Map<string, Map<string, SavedMessage>>();
  for (const row of rows) {
    const mine = byEmail.get(row.email) ?? new Map<string, SavedMessage>();
    mine.set(row.messageId, row);
    byEmail.set(row.email, mine);
  }
  const check: LedgerCheck = {
    expectedRows: 0,
    savedRows: rows.length,
    lost: 0,
    extra: 0,
    stoppedNotUnfinished: 0,
    duplicateUserMessages: 0,
    examples: [],
  };
  const example = (text: string) => check.examples.length < 10 && check.examples.push(text);
  const faults = ledgers.some((l) => l.interrupted.length > 0);
  const interrupted = {
    streams: 0,
    userMessageMissing: 0,
    answerSavedUnfinished: 0,
    answerSavedFinished: 0,
    answerMissing: 0,
    noAnswerAnnounced: 0,
  };
  for (const ledger of ledgers) {
    const saved = byEmail.get(ledger.email) ?? new Map<string, SavedMessage>();
    const acknowledged = Object.values(ledger.conversations).flat();
    const expected = acknowledged.length + ledger.importedMessages;
    check.expectedRows += expected;
    const texts = new Set<string>();
    for (const row of saved.values()) {
      if (!row.isCreatedByUser) continue;
      if (!texts.has(row.text)) texts.add(row.text);
      else {
        check.duplicateUserMessages++;
        example(`${ledger.email}: user message saved twice: ${row.text.slice(0, 40)}`);
      }
    }
    for (const id of acknowledged) {
      if (saved.has(id)) continue;
      check.lost++;
      example(`${ledger.email}: acknowledged message ${id} has no row`);
    }
    for (const id of ledger.stopped) {
      if (saved.get(id)?.unfinished) continue;
      check.stoppedNotUnfinished++;
      example(`${ledger.email}: stopped answer ${id} is not saved unfinished`);
    }
    for (const cut of ledger.interrupted) {
      interrupted.streams++;
      if (!saved.has(cut.userMessageId)) {
        interrupted.userMessageMissing++;
        example(`${ledger.email}: interrupted user message ${cut.userMessageId} has no row`);
      }
      const answer = cut.responseMessageId ? saved.get(cut.responseMessageId) : undefined;
      if (!cut.responseMessageId) interrupted.noAnswerAnnounced++;
      else if (!answer) {
        interrupted.answerMissing++;
        example(`${ledger.email}: interrupted answer ${cut.responseMessageId} has no row`);
      } else if (answer.unfinished) interrupted.answerSavedUnfinished++;
      else interrupted.answerSavedFinished++;
    }
    // Interrupted streams' rows are not in the count (how many depends on where the cut fell).
    const interruptedRows = new Set(
      ledger.interrupted.flatMap((c) => [
        c.userMessageId,
        ...(c.responseMessageId ? [c.responseMessageId] : []),
      ]),
    );
    const counted = [...saved.keys()].filter((id) => !interruptedRows.has(id)).length;
    if (counted > expected) {
      check.extra += counted - expected;
      example(`${ledger.email}: ${counted} rows, ${expected} acknowledged`);
    }
  }
  if (faults) check.interrupted = interrupted;
  return check;
}
