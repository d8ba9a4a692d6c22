import type { Database } from '../../db/client.ts';
import type { AnswerCharge, AnswerUsage } from '../balance/balance-service.ts';
import { saveResponse, type ResponseToSave, type SavedResponse } from './chat-persistence.ts';

const NOTHING_SAVED = new Error('nothing saved');

/**
 * Saves an answer and, with balances on, settles its hold in the same transaction: the answer
 * and its charge are written together or not at all. When nothing could be saved (the
 * conversation was deleted meanwhile) the hold is given back.
 */
export async function saveChargedAnswer(
  db: Database,
  save: ResponseToSave,
  charge: AnswerCharge | null,
  usage: AnswerUsage,
): Promise<SavedResponse | null> {
  if (!charge) return saveResponse(db, save);
  let saved: SavedResponse | null = null;
  try {
    await db.transaction(async (tx) => {
      saved = await saveResponse(tx, save);
      if (!saved) throw NOTHING_SAVED;
      await charge.settle(tx, usage);
    });
  } catch (err) {
    if (err !== NOTHING_SAVED) throw err;
    saved = null;
  }
  if (!saved) await charge.refund();
  return saved;
}
