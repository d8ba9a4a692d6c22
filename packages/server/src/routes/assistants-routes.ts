import type { FastifyInstance } from 'fastify';
import { assistantsRetired } from '../services/endpoints/assistants-retired.ts';

/** Every method under /api/assistants (v1 for Azure, v2 for OpenAI, and any other version). */
export function assistantsRoutes(app: FastifyInstance): void {
  const answer = async () => {
    throw assistantsRetired();
  };
  app.all('/api/assistants', answer);
  app.all('/api/assistants/*', answer);
}
