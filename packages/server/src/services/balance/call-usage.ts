import { answerUsage } from './answer-usage.ts';
import type { AnswerUsage, CallToCharge } from './balance-service.ts';
import { isOpenAIModel } from '../context/context-window.ts';
import { countTextTokens } from '../context/token-count.ts';
import type { ProviderMessage, TokenUsage } from '../providers/provider.ts';

/** Charges a call made with no hold before it (BalanceService.chargeCall). */
export type CallCharger = (call: CallToCharge, usage: AnswerUsage) => Promise<void>;

/**
 * The usage of a one-shot call (a title, a memory step): what the provider reported, or the
 * prompt and the answer counted with the tokenizer when it reported nothing.
 */
export function oneShotUsage(
  model: string,
  messages: readonly ProviderMessage[],
  text: string,
  reported: TokenUsage | undefined,
): AnswerUsage {
  const estimated = messages.reduce((sum, m) => sum + countTextTokens(m.content), 0);
  return answerUsage({ usage: reported, text }, estimated, isOpenAIModel(model));
}
