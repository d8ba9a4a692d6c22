import { API_AGENTS_PREFIX, API_SPEC_PREFIX, hasPermission } from '@parley/schema';
import type { AppContext } from '../../context.ts';
import { agents } from '../../db/schema/index.ts';
import type { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import { listedAgents } from '../agents/agent-visibility.ts';
import type { SessionCaller } from '../permissions/session-caller.ts';

/**
 * What a `/v1/` model name points at. Names are `<endpoint>/<model>` (split at the first `/`, as
 * model ids may hold more), `agents/<agent_id>` and `spec/<name>`; neither prefix can be an
 * endpoint's name (parley.yaml refuses both).
 */
export type ApiModelTarget =
  | { kind: 'endpoint'; endpointName: string; model: string }
  | { kind: 'agent'; agentId: string }
  | { kind: 'spec'; name: string };

export function parseApiModel(name: string): ApiModelTarget | null {
  const slash = name.indexOf('/');
  if (slash <= 0 || slash === name.length - 1) return null;
  const prefix = name.slice(0, slash);
  const rest = name.slice(slash + 1);
  if (prefix === API_AGENTS_PREFIX) return { kind: 'agent', agentId: rest };
  if (prefix === API_SPEC_PREFIX) return { kind: 'spec', name: rest };
  return { kind: 'endpoint', endpointName: prefix, model: rest };
}

/**
 * `GET /v1/models`: every name the caller may use. Under enforced model specs only the specs
 * (nothing else would be accepted); otherwise each endpoint's models, the agents the caller's
 * lists show (their own and those shared to all) when agents are on and their role may use them,
 * then the specs.
 */
export async function listApiModels(
  ctx: AppContext,
  endpoints: EndpointRegistry,
  caller: SessionCaller,
): Promise<string[]> {
  const specs = ctx.config.yaml.modelSpecs;
  const specNames = (specs?.list ?? []).map((s) => `${API_SPEC_PREFIX}/${s.name}`);
  if (specs?.enforce) return specNames;
  const byEndpoint = await Promise.all(
    endpoints.endpoints.map(async (e) => (await endpoints.models(e)).map((m) => `${e.name}/${m}`)),
  );
  const agentNames =
    ctx.config.interface.agents && hasPermission(caller.role, 'AGENTS', 'USE')
      ? (
          await ctx.db.select({ id: agents.id }).from(agents).where(listedAgents(caller)).orderBy(agents.id)
        ).map((a) => `${API_AGENTS_PREFIX}/${a.id}`)
      : [];
  return [...byEndpoint.flat(), ...agentNames, ...specNames];
}
