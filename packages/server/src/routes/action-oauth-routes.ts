import { actionOAuthParamsSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { finishToolSignIn } from '../http/tool-sign-in-callback.ts';
import { parse } from '../http/validate.ts';
import { findOAuthAction } from '../services/actions/action-service.ts';

/**
 * Where an action's authorization server sends the user's sign-in popup back; the popup's
 * success page is named by the action's domain.
 */
export function actionOAuthRoutes(app: FastifyInstance, _ctx: AppContext, engines: AppEngines): void {
  const actions = engines.chat.actions;
  app.get('/api/actions/:action_id/oauth/callback', async (request, reply) => {
    const { action_id } = parse(actionOAuthParamsSchema, request.params, 'params');
    return finishToolSignIn(request, reply, { action: action_id }, async (query) => {
      const { action } = await actions.oauth.complete(action_id, query, (id) => findOAuthAction(actions, id));
      return action.domain;
    });
  });
}
