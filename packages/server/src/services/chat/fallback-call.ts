import type { FallbackModelName } from '@parley/schema';
import type { AnswerCharge } from '../balance/balance-service.ts';
import type { ChatEngine } from './chat-engine-type.ts';
import type { ChatPlan } from './chat-plan-type.ts';
import type { ModelCall } from '../generation/model-call.ts';
import { resolveProviderAccess } from '../keys/provider-access.ts';
import type { Provider } from '../providers/provider.ts';
import type { FallbackRecord } from './fallback-source.ts';

type ReadyCall = ModelCall & { provider: Provider };

/** The answer's hold on the balance, which a fallback replaces with one at its own price. */
export interface HeldCharge {
  charge: AnswerCharge | null;
}

/** How a chat's generation went through its model's fallbacks, and the hold that moved with them. */
export interface PlanFallback {
  record: FallbackRecord;
  held: HeldCharge;
}

/**
 * The call a fallback model makes for a chat plan: the same messages and parameters to the
 * fallback endpoint's provider (the user's own key where the endpoint needs one). Null — the
 * fallback is skipped — when the endpoint is not configured, does not offer the model, needs a
 * key or URL the user has not given, or the balance does not cover the model's price; with
 * balances on, the hold moves to the fallback model's price first.
 */
export async function prepareFallbackCall(
  engine: Pick<ChatEngine, 'endpoints' | 'keys' | 'userHttp' | 'balance'>,
  plan: ChatPlan,
  held: HeldCharge,
  name: FallbackModelName,
  failed: ReadyCall,
): Promise<ReadyCall | null> {
  const endpoint = engine.endpoints.get(name.endpoint);
  if (!endpoint || !(await engine.endpoints.models(endpoint)).includes(name.model)) return null;
  const access = await resolveProviderAccess(endpoint, plan.userId, engine.keys, engine.userHttp);
  if (!access.provider) return null;
  if (!(await moveHold(engine, plan, held, name, failed.model))) return null;
  const { region, ...parameters } = failed.parameters;
  return {
    ...failed,
    provider: access.provider,
    model: name.model,
    // A Bedrock region is the failed endpoint's choice; the fallback uses its own default.
    parameters:
      region && endpoint.availableRegions?.includes(region) ? { ...parameters, region } : parameters,
  };
}

/**
 * Replaces the answer's hold with one at the fallback model's price. When the balance cannot
 * cover it, the earlier hold is taken again and the fallback skipped.
 */
async function moveHold(
  engine: Pick<ChatEngine, 'balance'>,
  plan: ChatPlan,
  held: HeldCharge,
  name: FallbackModelName,
  failedModel: string,
): Promise<boolean> {
  if (!held.charge) return true;
  const answer = {
    userId: plan.userId,
    conversationId: plan.conversation.conversationId,
    messageId: plan.exchange.responseMessageId,
    promptTokens: plan.promptTokens,
    maxOutputTokens: plan.call.parameters.maxOutputTokens,
  };
  await held.charge.refund();
  try {
    held.charge = await engine.balance.hold({ ...answer, ...name });
    return true;
  } catch {
    held.charge = await engine.balance
      .hold({ ...answer, endpoint: plan.endpoint.name, model: failedModel })
      .catch(() => null);
    return false;
  }
}
