import { deletePresetSchema, savePresetSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { deletePresets, listPresets, savePreset } from '../services/presets/preset-service.ts';

/** Presets: list, create or replace by presetId, delete one or all. */
export function presetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = authenticate(ctx);

  app.get('/api/presets', { preHandler }, async (request) => listPresets(ctx.db, currentUser(request).id));

  app.post('/api/presets', { preHandler }, async (request, reply) => {
    const body = parse(savePresetSchema, request.body);
    const preset = await savePreset(ctx.db, currentUser(request).id, body);
    return reply.code(201).send(preset);
  });

  app.post('/api/presets/delete', { preHandler }, async (request) => {
    const { presetId } = parse(deletePresetSchema, request.body ?? {});
    return deletePresets(ctx.db, currentUser(request).id, presetId);
  });
}
