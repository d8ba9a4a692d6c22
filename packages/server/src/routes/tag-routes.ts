import {
  createTagSchema,
  setConversationTagsSchema,
  tagConversationParamsSchema,
  tagParamsSchema,
  updateTagSchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { rebuildTags, setConversationTags } from '../services/tags/conversation-tags.ts';
import { requireBookmarks } from '../services/tags/tag-access.ts';
import { createTag, deleteTag, listTags, updateTag } from '../services/tags/tag-service.ts';

/** Bookmarks (conversation tags), all behind BOOKMARKS.USE. Tag names in paths are URL-encoded. */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };
  const caller = async (request: FastifyRequest) => {
    const user = currentUser(request);
    await requireBookmarks(ctx.db, user);
    return user.id;
  };

  app.get('/api/tags', auth, async (request) => listTags(ctx.db, await caller(request)));

  app.post('/api/tags', auth, async (request, reply) => {
    const userId = await caller(request);
    const body = parse(createTagSchema, request.body);
    return reply.code(201).send(await createTag(ctx.db, userId, body));
  });

  app.post('/api/tags/rebuild', auth, async (request) => rebuildTags(ctx.db, await caller(request)));

  app.put('/api/tags/convo/:conversationId', auth, async (request) => {
    const userId = await caller(request);
    const { conversationId } = parse(tagConversationParamsSchema, request.params, 'params');
    const { tags } = parse(setConversationTagsSchema, request.body);
    return setConversationTags(ctx.db, userId, conversationId, tags);
  });

  app.put('/api/tags/:tag', auth, async (request) => {
    const userId = await caller(request);
    const { tag } = parse(tagParamsSchema, request.params, 'params');
    const body = parse(updateTagSchema, request.body);
    return updateTag(ctx.db, userId, tag, body);
  });

  app.delete('/api/tags/:tag', auth, async (request) => {
    const userId = await caller(request);
    const { tag } = parse(tagParamsSchema, request.params, 'params');
    return deleteTag(ctx.db, userId, tag);
  });
}
