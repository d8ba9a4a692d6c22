import { actionOAuthParamsSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { oauthCallbackQuery } from '../http/oauth-callback-query.ts';
import { parse } from '../http/validate.ts';
import { ActionOAuthCallbackError } from '../services/actions/action-oauth.ts';
import { findOAuthAction } from '../services/actions/action-service.ts';

/**
 * Where an action's authorization server sends the user's sign-in popup back. Like the MCP
 * callback it carries no Parley session: the one-time state names whose sign-in it completes, and
 * the popup ends on the web app's oauth/success (named by the action's domain) or oauth/error page.
 */
export function actionOAuthRoutes(app: FastifyInstance, _ctx: AppContext, engines: AppEngines): void {
  const actions = engines.chat.actions;
  app.get('/api/actions/:action_id/oauth/callback', async (request, reply) => {
    const { action_id } = parse(actionOAuthParamsSchema, request.params, 'params');
    const query = oauthCallbackQuery.safeParse(request.query);
    try {
      if (!query.success)
        throw new ActionOAuthCallbackError('callback_failed', 'The sign-in answer is malformed');
      const { action } = await actions.oauth.complete(action_id, query.data, (id) =>
        findOAuthAction(actions, id),
      );
      return reply.redirect(`/oauth/success?serverName=${encodeURIComponent(action.domain)}`);
    } catch (error) {
      const reason = error instanceof ActionOAuthCallbackError ? error.reason : 'callback_failed';
      request.log.warn({ action: action_id, reason }, 'Action sign-in callback refused');
      return reply.redirect(`/oauth/error?error=${reason}`);
    }
  });
}
