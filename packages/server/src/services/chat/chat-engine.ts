import type { AppContext } from '../../context.ts';
import { commaList } from '../endpoints/default-models.ts';
import { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { GenerationManager } from '../generation/generation-manager.ts';
import { ActionOAuth } from '../actions/action-oauth.ts';
import { AddressPolicy } from '../net/address-policy.ts';
import { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { TitleService } from '../titles/title-service.ts';
import { BalanceService } from '../balance/balance-service.ts';
import { BudgetService } from '../balance/budget-service.ts';
import { UsageMeter } from '../balance/usage-meter.ts';
import { balanceSettings } from '../balance/balance-settings.ts';
import { MemoryService } from '../memories/memory-service.ts';
import { memorySettings } from '../memories/memory-settings.ts';
import { MemoryStep } from '../memories/memory-step.ts';
import { resolveAgentsSettings } from '../agents/agents-settings.ts';
import { ApprovalWaits } from '../tools/approval-waits.ts';
import { ToolCredentialStore } from '../tool-credentials/tool-credential-store.ts';
import { FallbackRules } from './fallback-rules.ts';
import { saveOrphanedAnswer } from './chat-recovery.ts';
import type { ChatEngine } from './chat-engine-type.ts';

/** How often stale balance holds are looked for. */
const HOLD_SWEEP_MS = 10 * 60 * 1000;

/**
 * Builds the engine. Running generations are saved as unfinished before the database closes;
 * the simulator and title calls stop after them.
 */
export async function createChatEngine(ctx: AppContext, keys: KeyStore): Promise<ChatEngine> {
  const endpoints = await EndpointRegistry.create(ctx.config, ctx.logger);
  const memories = new MemoryService(ctx.db, memorySettings(ctx.config.yaml));
  const unknownProvider = unknownMemoryProvider(memories, endpoints);
  if (unknownProvider) {
    await endpoints.close();
    throw new Error(unknownProvider);
  }
  const fallbacks = new FallbackRules(ctx.config.yaml.fallbacks);
  const unknownFallback = unknownFallbackEndpoint(fallbacks, endpoints);
  if (unknownFallback) {
    await endpoints.close();
    throw new Error(unknownFallback);
  }
  const settings = balanceSettings(ctx.config.yaml);
  const meter = new UsageMeter(settings.recordTransactions);
  // transactions.enabled: false opts out of recording: no usage, so no budget can apply either.
  if (!meter.enabled)
    ctx.logger.info('transactions.enabled is false: usage is not recorded and budgets do not apply');
  const balance = new BalanceService(ctx.db, settings, meter, new BudgetService(ctx.db, meter.enabled));
  await balance.refreshPrices(true);
  // One instance alone (no Redis) has no generation running yet: every open hold is a crash's.
  const refunded = await balance.refundOrphanedHolds(new Date(), !ctx.config.env.REDIS_URL);
  if (refunded) ctx.logger.info({ refunded }, 'balance holds of interrupted answers refunded');
  // Holds no answer settled (their generation failed after the hold) go back once they are stale.
  const holdSweep = setInterval(() => {
    balance
      .refundOrphanedHolds()
      .catch((err: unknown) => ctx.logger.warn({ err }, 'balance hold sweep failed'));
  }, HOLD_SWEEP_MS);
  holdSweep.unref();
  const generations = new GenerationManager(ctx.bus, ctx.logger, {
    lockTtlMs: ctx.config.env.GENERATION_LOCK_TTL_MS,
    sweepIntervalMs: ctx.config.env.GENERATION_SWEEP_MS,
    saveOrphan: (meta, state) => saveOrphanedAnswer(ctx.db, balance, meta, state),
    observer: ctx.prometheus,
  });
  const titles = new TitleService(ctx.db, ctx.bus, ctx.logger, (call, usage) =>
    balance.chargeCall(call, usage),
  );
  const userHttp = new GuardedHttpClient({
    policy: new AddressPolicy(commaList(ctx.config.env.USER_BASE_URL_ALLOWLIST)),
  });
  const agents = resolveAgentsSettings(ctx.config.yaml.endpoints?.agents);
  const toolCredentials = new ToolCredentialStore(ctx.db, ctx.config.secrets.credsKey);
  const memorySteps = new MemoryStep({
    db: ctx.db,
    bus: ctx.bus,
    logger: ctx.logger,
    memories,
    model: { db: ctx.db, endpoints, keys, userHttp },
    charge: (call, usage) => balance.chargeCall(call, usage),
  });
  const engine: ChatEngine = {
    endpoints,
    generations,
    titles,
    keys,
    userHttp,
    balance,
    memories,
    memorySteps,
    agents,
    actions: {
      db: ctx.db,
      settings: agents,
      tools: ctx.tools,
      http: userHttp,
      allowedDomains: ctx.config.yaml.actions?.allowedDomains ?? [],
      credsKey: ctx.config.secrets.credsKey,
      oauth: new ActionOAuth({
        credentials: toolCredentials,
        http: userHttp,
        signIns: ctx.tools.signInWaits,
        publicOrigin: ctx.config.serverDomain,
      }),
    },
    toolCredentials,
    fallbacks,
    approvals: new ApprovalWaits(ctx.bus),
    planChecks: [],
    answerHooks: [],
    stopGenerations: () => generations.shutdown(),
  };
  ctx.shutdownTasks.push(async () => {
    clearInterval(holdSweep);
    await generations.shutdown();
    await titles.stop();
    await memorySteps.stop();
    await endpoints.close();
    await userHttp.close();
  });
  return engine;
}

/**
 * `memory.agent.provider` must name an endpoint of this server: a misspelt name would otherwise
 * only show as a failed step in the log after every answer. Answers the start's error, or null.
 * (An agent named by id is checked when the step runs: agents come and go while the server runs.)
 */
function unknownMemoryProvider(memories: MemoryService, endpoints: EndpointRegistry): string | null {
  const agent = memories.settings.agent;
  if (!agent || !('provider' in agent) || endpoints.get(agent.provider)) return null;
  const names = endpoints.endpoints.map((e) => e.name).join(', ');
  return `parley.yaml memory.agent.provider: no endpoint named "${agent.provider}" (endpoints: ${names})`;
}

/**
 * Every endpoint `fallbacks` names must be one of this server's: a misspelt name would otherwise
 * only show as a fallback never taken on the day a provider is down. Answers the error, or null.
 * (Models are checked when a fallback is tried: fetched model lists change while the server runs.)
 */
function unknownFallbackEndpoint(rules: FallbackRules, endpoints: EndpointRegistry): string | null {
  const unknown = [...rules.endpointNames()].filter((name) => !endpoints.get(name));
  if (unknown.length === 0) return null;
  const names = endpoints.endpoints.map((e) => e.name).join(', ');
  return `parley.yaml fallbacks: no endpoint named ${unknown.map((n) => `"${n}"`).join(', ')} (endpoints: ${names})`;
}
