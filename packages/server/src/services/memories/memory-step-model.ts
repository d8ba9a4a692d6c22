import { chatParametersSchema, type ChatParameters } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';
import type { MemoryAgentYaml } from '../../config/yaml-sections/memory.ts';
import type { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { resolveProviderAccess } from '../keys/provider-access.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { resolveParameters } from '../parameters/resolve-parameters.ts';
import type { ModelParameters, Provider } from '../providers/provider.ts';

/** The memory step's answers are a small JSON object; this bounds what a runaway model can cost. */
const DEFAULT_MAX_OUTPUT_TOKENS = 1_000;

/** What the memory step calls: a provider, its model and parameters, and the configured guidance. */
export interface MemoryModel {
  endpointName: string;
  provider: Provider;
  model: string;
  parameters: ModelParameters;
  /** parley.yaml's (or the agent's) instructions; the default guidance when null. */
  instructions: string | null;
}

export interface MemoryModelDeps {
  db: Database;
  endpoints: EndpointRegistry;
  keys: KeyStore;
  userHttp: GuardedHttpClient;
}

/** The memory step cannot call its model for this user; the step is skipped and this is logged. */
export class MemoryModelUnavailable extends Error {
  override name = 'MemoryModelUnavailable';
}

/**
 * Resolves `memory.agent` for one user: the agent's (by id, whoever wrote it: the administrator
 * named it) or the section's endpoint, model, instructions and parameters. The endpoint's own
 * provider is used, or the user's key where the endpoint asks each user for one.
 */
export async function resolveMemoryModel(
  deps: MemoryModelDeps,
  agent: MemoryAgentYaml,
  userId: string,
): Promise<MemoryModel> {
  const setup = 'id' in agent ? await agentSetup(deps.db, agent.id) : configSetup(agent);
  const endpoint = deps.endpoints.get(setup.endpointName);
  if (!endpoint) throw new MemoryModelUnavailable(`no endpoint named "${setup.endpointName}"`);
  const access = await resolveProviderAccess(endpoint, userId, deps.keys, deps.userHttp);
  if (!access.provider) throw new MemoryModelUnavailable(access.failure?.message ?? 'no provider');
  const { model } = resolveParameters(
    { family: endpoint.family, model: setup.model, availableRegions: endpoint.availableRegions },
    setup.parameters,
  );
  return {
    endpointName: endpoint.name,
    provider: access.provider,
    model: setup.model,
    parameters: { ...model, maxOutputTokens: model.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS },
    instructions: setup.instructions,
  };
}

interface ModelSetup {
  endpointName: string;
  model: string;
  parameters: ChatParameters;
  instructions: string | null;
}

function configSetup(agent: Extract<MemoryAgentYaml, { provider: string }>): ModelSetup {
  return {
    endpointName: agent.provider,
    model: agent.model,
    parameters: agent.model_parameters ?? {},
    instructions: agent.instructions ?? null,
  };
}

async function agentSetup(db: Database, id: string): Promise<ModelSetup> {
  const [row] = await db.select({ definition: agents.definition }).from(agents).where(eq(agents.id, id));
  if (!row) throw new MemoryModelUnavailable(`no agent with the id "${id}"`);
  const d = row.definition;
  const parameters = chatParametersSchema.safeParse(d.model_parameters);
  if (!parameters.success) throw new MemoryModelUnavailable(`the agent "${id}" has invalid model parameters`);
  return {
    endpointName: d.provider,
    model: d.model,
    parameters: parameters.data,
    instructions: d.instructions.trim() || null,
  };
}
