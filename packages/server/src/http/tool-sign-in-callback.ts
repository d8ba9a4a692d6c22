import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OAuthCallbackError } from '../services/tools/oauth-callback-error.ts';

/**
 * An authorization server's redirect back to one of Parley's OAuth callbacks: every parameter
 * optional (each missing one has its own error page), sizes bounded, any other parameter ignored.
 */
const oauthCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuery>;

/**
 * Ends a tool's sign-in popup (an MCP server's, an action's) where its authorization server sent
 * it back. The request carries no Parley session: the one-time state in the query names whose
 * sign-in `complete` finishes. The popup lands on the web app's oauth/success page, named by what
 * `complete` answers, or on its oauth/error page with the reason, logged with `about`.
 */
export async function finishToolSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  about: Record<string, string>,
  complete: (query: OAuthCallbackQuery) => Promise<string>,
) {
  const query = oauthCallbackQuery.safeParse(request.query);
  try {
    if (!query.success) throw new OAuthCallbackError('callback_failed', 'The sign-in answer is malformed');
    const name = await complete(query.data);
    return reply.redirect(`/oauth/success?serverName=${encodeURIComponent(name)}`);
  } catch (error) {
    const reason = error instanceof OAuthCallbackError ? error.reason : 'callback_failed';
    request.log.warn({ ...about, reason }, 'Tool sign-in callback refused');
    return reply.redirect(`/oauth/error?error=${reason}`);
  }
}
