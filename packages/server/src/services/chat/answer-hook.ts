import type { MessageRow } from '../../db/schema/index.ts';
import type { GenerationResult } from '../generation/completion-port.ts';
import type { ChatPlan } from './chat-plan-type.ts';

/** An answer just saved, with the plan it was generated from and how its generation ended. */
export interface SavedAnswer {
  plan: ChatPlan;
  result: GenerationResult;
  /** The request message as saved. */
  request: MessageRow;
  /** The answer as saved (unfinished or error as the case is). */
  response: MessageRow;
}

/**
 * Something that happens after each saved answer, before its final event goes out (e.g. spending
 * the tokens it used from the user's balance). A hook that fails is logged; the answer stands.
 * Add one by writing a file that exports it and listing it in the engine (chat-engine.ts).
 */
export interface AnswerHook {
  name: string;
  answerSaved(answer: SavedAnswer): Promise<void>;
}

/**
 * A check a plan must pass before anything is written or a lock taken (e.g. a balance that
 * covers the request); it refuses by throwing an AppError.
 */
export type PlanCheck = (plan: ChatPlan) => Promise<void>;
