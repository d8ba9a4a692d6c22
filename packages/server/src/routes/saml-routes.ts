import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { SsoLanding } from './sso-landing.ts';

/** Room for a signed response with many attributes and a certificate chain. */
const MAX_RESPONSE_BYTES = 256 * 1024;
/** The hand-over from the POST to the GET is one browser hop; a minute is plenty. */
const HANDOVER_TTL_MS = 60_000;
const HANDOVER_KEY = /^[\w-]{43}$/;

interface PostedAnswer {
  SAMLResponse: string;
  RelayState: string;
}

/**
 * SAML 2.0: `GET /oauth/saml` sends the browser to the identity provider with an AuthnRequest;
 * the provider answers with a form POST to `/oauth/saml/callback`. That POST comes from the
 * provider's site, so it carries no SameSite=Lax attempt cookie: the answer is kept for a minute
 * under a random one-time key and the browser is sent with a 303 to
 * `GET /oauth/saml/callback?relay=<key>`, a top-level navigation that does carry the cookie. The
 * GET then checks the answer against that browser's attempt (RelayState and request id) and
 * signs in like every other redirect sign-in.
 */
export function samlRoutes(app: FastifyInstance, ctx: AppContext, sso: SsoLanding): void {
  const handoverKey = (key: string) => `sso:saml-post:${key}`;

  app.get('/oauth/saml', (_request, reply) => sso.begin(ctx.sso.configured('saml'), reply));

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_RESPONSE_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post('/oauth/saml/callback', async (request, reply) => {
      if (!ctx.sso.configured('saml')) return sso.fail(reply, 'provider_disabled');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { SAMLResponse, RelayState } = body;
      if (typeof SAMLResponse !== 'string' || !SAMLResponse) return sso.fail(reply, 'missing_code');
      if (typeof RelayState !== 'string' || !RelayState || RelayState.length > 200) {
        return sso.fail(reply, 'missing_state');
      }
      const key = randomBytes(32).toString('base64url');
      const answer: PostedAnswer = { SAMLResponse, RelayState };
      await ctx.bus.set(handoverKey(key), JSON.stringify(answer), HANDOVER_TTL_MS);
      return reply.redirect(`/oauth/saml/callback?relay=${key}`, 303);
    });
  });

  app.get('/oauth/saml/callback', async (request, reply) => {
    const flow = ctx.sso.configured('saml');
    if (!flow) return sso.fail(reply, 'provider_disabled');
    const { relay } = request.query as Record<string, unknown>;
    if (typeof relay !== 'string' || !HANDOVER_KEY.test(relay)) return sso.fail(reply, 'missing_code');
    const stored = await ctx.bus.get(handoverKey(relay));
    await ctx.bus.del(handoverKey(relay));
    // Gone: already used, more than a minute old, or never posted.
    if (!stored) return sso.fail(reply, 'invalid_state');
    const answer = JSON.parse(stored) as PostedAnswer;
    const attempt = await sso.attempt(request, 'saml');
    if (!attempt || attempt.provider !== 'saml' || attempt.state !== answer.RelayState) {
      return sso.fail(reply, 'invalid_state');
    }
    if (!(await sso.firstUse(attempt))) return sso.fail(reply, 'invalid_state');
    const fields = new URLSearchParams({ SAMLResponse: answer.SAMLResponse });
    return sso.finish(request, reply, attempt, async () => (await flow.complete(fields, attempt)).profile);
  });
}
