import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate } from '../http/authenticate.ts';
import type { EndpointRegistry } from '../services/endpoints/endpoint-registry.ts';

/** `GET /api/endpoints`, `/api/models` and `/api/endpoints/config/override`. */
export function endpointRoutes(app: FastifyInstance, ctx: AppContext, endpoints: EndpointRegistry): void {
  const auth = { preHandler: authenticate(ctx) };
  app.get('/api/endpoints', auth, async () => endpoints.describe());
  app.get('/api/models', auth, async () => endpoints.allModels());
  // Parley has no per-deployment endpoint overrides; LibreChat answers `false` in that case.
  app.get('/api/endpoints/config/override', auth, async () => false);
}
