import multipart from '@fastify/multipart';
import {
  exportConversationParamsSchema,
  exportConversationQuerySchema,
  IMPORT_MAX_BYTES,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { badRequest, AppError } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import { exportConversation } from '../services/export/export-service.ts';
import { unsupportedImport } from '../services/import/import-model.ts';
import { importConversations } from '../services/import/import-service.ts';
import { importLimits } from '../services/rate-limit/file-limits.ts';
import { RateLimiter } from '../services/rate-limit/rate-limiter.ts';

/** Import (multipart, .json only) and export (json, md, txt) of conversations. */
export async function importExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = { preHandler: authenticate(ctx) };
  const limiter = new RateLimiter(ctx.bus, ctx.bans);
  const limits = importLimits(ctx.config.env, ctx.config.yaml.rateLimits?.conversationsImport);

  app.get('/api/convos/:conversationId/export', auth, async (request, reply) => {
    const { conversationId } = parse(exportConversationParamsSchema, request.params, 'params');
    const { format } = parse(exportConversationQuerySchema, request.query, 'query');
    const file = await exportConversation(ctx.db, currentUser(request).id, conversationId, format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      .send(file.body);
  });

  // Multipart parsing only in this scope: no other route accepts uploads through it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });

    scope.post('/api/convos/import', auth, async (request, reply) => {
      await limiter.hit(limits.ip, [`ip:${request.ip}`]);
      await limiter.hit(limits.user, [`user:${currentUser(request).id}`]);
      if (!request.isMultipart()) throw badRequest('A multipart upload with a file is required');
      const file = await request.file().catch(() => {
        throw badRequest('The multipart upload is malformed');
      });
      if (!file) throw badRequest('A multipart upload with a file is required');
      if (!/\.json$/i.test(file.filename)) {
        file.file.resume();
        throw unsupportedImport('Only .json files can be imported');
      }
      async function* upload() {
        const chunks = file!.file[Symbol.asyncIterator]();
        for (;;) {
          // Only the upload's own failures (a malformed or cut-off body) become a 400 here.
          const next = await chunks.next().catch(() => {
            throw badRequest('The multipart upload is malformed');
          });
          if (next.done) break;
          yield next.value as Buffer;
        }
        // A cut-off upload must fail the import, not import a truncated file.
        if (file!.file.truncated) throw new AppError('payload_too_large', 'The file is too large');
      }
      const result = await importConversations(ctx.db, currentUser(request).id, upload());
      return reply.code(201).send(result);
    });
  });
}
