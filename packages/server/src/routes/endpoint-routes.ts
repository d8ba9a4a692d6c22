import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate } from '../http/authenticate.ts';
import { commaList } from '../services/endpoints/default-models.ts';
import type { EndpointRegistry } from '../services/endpoints/endpoint-registry.ts';
import { AGENTS_ENDPOINT } from '../services/agents/agent-chat.ts';
import { agentsEndpointInfo } from '../services/agents/agents-endpoint-info.ts';
import type { AgentsSettings } from '../services/agents/agents-settings.ts';

/**
 * `GET /api/endpoints`, `/api/models` and `/api/endpoints/config/override`. The agents endpoint is
 * listed after the providers while the agents interface is on (the web then offers agents in its
 * model menu), but only when some provider can run an agent, and, when ENDPOINTS picks the
 * endpoints, only if it names `agents` (as LibreChat's list does).
 */
export function endpointRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  endpoints: EndpointRegistry,
  agents: AgentsSettings,
): void {
  const auth = { preHandler: authenticate(ctx) };
  app.get('/api/endpoints', auth, async () => {
    const described = endpoints.describe();
    if (!listsAgents(ctx, Object.keys(described).length)) return described;
    const order = Math.max(-1, ...Object.values(described).map((e) => e.order)) + 1;
    return { ...described, [AGENTS_ENDPOINT]: agentsEndpointInfo(agents, order, Boolean(ctx.ocr)) };
  });
  app.get('/api/models', auth, async () => endpoints.allModels());
  // Parley has no per-deployment endpoint overrides; LibreChat answers `false` in that case.
  app.get('/api/endpoints/config/override', auth, async () => false);
}

function listsAgents(ctx: AppContext, providers: number): boolean {
  if (!ctx.config.interface.agents || providers === 0) return false;
  const picked = commaList(ctx.config.env.ENDPOINTS);
  return picked.length === 0 || picked.some((name) => name.toLowerCase() === AGENTS_ENDPOINT);
}
