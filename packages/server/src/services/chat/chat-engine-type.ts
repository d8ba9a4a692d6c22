import type { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { GenerationManager } from '../generation/generation-manager.ts';
import type { ActionDeps } from '../actions/action-service.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { TitleService } from '../titles/title-service.ts';
import type { BalanceService } from '../balance/balance-service.ts';
import type { MemoryService } from '../memories/memory-service.ts';
import type { MemoryStep } from '../memories/memory-step.ts';
import type { AnswerHook, PlanCheck } from './answer-hook.ts';
import type { AgentsSettings } from '../agents/agents-settings.ts';
import type { FallbackRules } from './fallback-rules.ts';
import type { ToolCredentialStore } from '../tool-credentials/tool-credential-store.ts';
import type { ApprovalWaits } from '../tools/approval-waits.ts';

/**
 * The chat pipeline's long-lived parts: endpoints (and the Demo simulator), the generation job
 * manager, the title service, the users' provider keys and the guarded client for URLs users
 * supply; plus the checks every plan passes before it starts and the hooks every saved answer
 * goes through. Built once, in server.ts, by createChatEngine (chat-engine.ts). The steps of the
 * pipeline (plan, start, completion) import this type only, never the construction, which
 * imports them: so each step imports only downwards.
 */
export interface ChatEngine {
  endpoints: EndpointRegistry;
  generations: GenerationManager;
  titles: TitleService;
  keys: KeyStore;
  /** Every request to a URL a user supplied goes through it. */
  userHttp: GuardedHttpClient;
  /** Users' token credits: a hold before each answer, the charge saved with it. */
  balance: BalanceService;
  /** Users' memories, added to the context of the chats of users who keep them on. */
  memories: MemoryService;
  /** The memory step after each exchange (parley.yaml `memory.agent`). */
  memorySteps: MemoryStep;
  /** What agents may do here (parley.yaml `endpoints.agents`). */
  agents: AgentsSettings;
  /** Agents' actions (OpenAPI tools): their store and the guarded client their calls go through. */
  actions: ActionDeps;
  /** parley.yaml `fallbacks`: the models that answer when one is unavailable. */
  fallbacks: FallbackRules;
  /** Users' credentials for tools, read when a tool run calls a tool that needs them. */
  toolCredentials: ToolCredentialStore;
  /** Tool calls paused for the user's approval or answer, on the Bus (any instance may reply). */
  approvals: ApprovalWaits;
  /** Run in order before a plan takes its lock; one that throws refuses the request. */
  planChecks: PlanCheck[];
  /** Run in order after each answer is saved, before its final event. */
  answerHooks: AnswerHook[];
  /** Stops running generations, saving each answer as unfinished; safe to call twice. */
  stopGenerations(): Promise<void>;
}
