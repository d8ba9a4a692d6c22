import { genTitleRequestSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { notFound } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import type { TitleService } from '../services/titles/title-service.ts';

/** `POST /api/convos/gen_title`: the new conversation's title, waiting while it is generated. */
export function titleRoutes(app: FastifyInstance, ctx: AppContext, titles: TitleService): void {
  app.post('/api/convos/gen_title', { preHandler: authenticate(ctx) }, async (request) => {
    const { conversationId } = parse(genTitleRequestSchema, request.body);
    const title = await titles.waitForTitle(currentUser(request).id, conversationId);
    if (!title) throw notFound('Title not found');
    return { title };
  });
}
