import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import {
  deleteFilesRequestSchema,
  fileLimitsFor,
  fileRouteParamsSchema,
  hasPermission,
  isImageType,
  needsToolResource,
  uploadErrors,
  uploadFieldsSchema,
  avatarUploadFieldsSchema,
  agentAvatarParamsSchema,
  type AvatarUploadResponse,
  type FileConfigResponse,
} from '@parley/schema';
import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FileRow } from '../db/schema/index.ts';
import { asciiJson } from '../http/ascii-json.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { badRequest, AppError, forbidden, notFound } from '../errors/app-error.ts';
import { loadSharedEntityCaller } from '../services/permissions/shared-entity-caller.ts';
import { parse } from '../http/validate.ts';
import { replaceAvatar } from '../services/files/avatar-service.ts';
import { setAgentAvatar } from '../services/agents/agent-avatar.ts';
import { loadAgentCaller, requireAgentPermission, requireBuilder } from '../services/agents/agent-caller.ts';
import type { AgentDeps } from '../services/agents/agent-deps.ts';
import { findEditableAgent } from '../services/agents/agent-service.ts';
import { resolveAgentsSettings } from '../services/agents/agents-settings.ts';
import { DocumentUnreadable } from '../services/files/document-extract.ts';
import { indexFile } from '../services/files/file-index.ts';
import { unreadableDocumentMessage } from '../services/files/unreadable-document-message.ts';
import { deleteOwnFiles } from '../services/files/delete-service.ts';
import { resolveFileConfig } from '../services/files/file-config.ts';
import { cleanFileName } from '../services/files/file-name.ts';
import { findOwnFile, listOwnFiles, toApiFile } from '../services/files/file-records.ts';
import { acceptUpload, storeUpload, type StoredUpload } from '../services/files/upload-service.ts';
import { fileUploadLimits } from '../services/rate-limit/file-limits.ts';
import { RateLimiter } from '../services/rate-limit/rate-limiter.ts';

/** Header carrying a download's file metadata as JSON (the client updates its file cache from it). */
export const FILE_METADATA_HEADER = 'x-file-metadata';

function logIndexFailure(ctx: AppContext, row: FileRow, err: unknown): void {
  ctx.logger.warn({ err, fileId: row.fileId }, 'file indexing failed; the file stays unsearchable');
}

/** Form fields and the one file part of an upload, the file streamed to the store as it arrives. */
async function receiveUpload(
  request: FastifyRequest,
  ctx: AppContext,
  fileSizeLimit?: number,
): Promise<{ stored: StoredUpload; raw: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('A multipart upload with a file is required');
  const userId = currentUser(request).id;
  const fields: Record<string, string> = {};
  let stored: StoredUpload | undefined;
  try {
    const parts =
      fileSizeLimit === undefined ? request.parts() : request.parts({ limits: { fileSize: fileSizeLimit } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'file' || stored) {
          file.file.resume();
          continue;
        }
        stored = await storeUpload(ctx.blobStore, userId, cleanFileName(file.filename), file.file);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (stored) await ctx.blobStore.delete(stored.key).catch(() => undefined);
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('payload_too_large', 'The upload has too many parts or fields');
    throw badRequest('The multipart upload is malformed');
  }
  if (!stored) throw badRequest('A multipart upload with a file is required');
  return { stored, raw: fields };
}

/**
 * Why the caller may not upload for file search, if they may not: the server turned it off
 * (`interface.fileSearch`), or their role lacks FILE_SEARCH.USE.
 */
async function fileSearchRefusal(ctx: AppContext, userId: string): Promise<AppError | null> {
  if (!ctx.config.interface.fileSearch) return forbidden('File search is turned off on this server.');
  const caller = await loadSharedEntityCaller(ctx.db, userId);
  return hasPermission(caller.role, 'FILE_SEARCH', 'USE')
    ? null
    : forbidden('You do not have permission to use file search.');
}

/** The upload's text fields checked by `schema`; a refusal deletes the stored file. */
async function uploadFields<S extends z.ZodType>(
  ctx: AppContext,
  stored: StoredUpload,
  raw: Record<string, string>,
  schema: S,
): Promise<z.infer<S>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  await ctx.blobStore.delete(stored.key).catch(() => undefined);
  throw badRequest(
    'Invalid upload fields',
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

/**
 * Files: upload (multipart, streamed to the BlobStore), list, delete, download and the
 * upload configuration. Every query filters by the caller; another user's file is a 404.
 */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = { preHandler: authenticate(ctx) };
  const fileConfig: FileConfigResponse = resolveFileConfig(ctx.config.yaml.fileConfig);
  const agentDeps: AgentDeps = {
    db: ctx.db,
    settings: resolveAgentsSettings(ctx.config.yaml.endpoints?.agents),
    tools: ctx.tools,
  };
  const limiter = new RateLimiter(ctx.bus, ctx.bans);
  const uploadLimits = fileUploadLimits(ctx.config.env, ctx.config.yaml.rateLimits?.fileUploads);

  app.get('/api/files/config', auth, async () => fileConfig);

  app.get('/api/files', auth, async (request) =>
    (await listOwnFiles(ctx.db, currentUser(request).id)).map(toApiFile),
  );

  app.delete('/api/files', auth, async (request) => {
    const body = parse(deleteFilesRequestSchema, request.body);
    await deleteOwnFiles(
      ctx.db,
      ctx.blobStore,
      currentUser(request).id,
      body.files.map((f) => f.file_id),
    );
    return { message: 'Files deleted successfully' };
  });

  // Avatars are shown by <img> everywhere, so they are served without the session (see avatarPath).
  app.get('/api/files/avatars/:userId/:fileId', async (request, reply) => {
    const { userId, fileId } = parse(fileRouteParamsSchema, request.params, 'params');
    const row = await findOwnFile(ctx.db, userId, fileId);
    if (!row || (row.context !== 'avatar' && row.context !== 'agent_avatar'))
      throw notFound('File not found');
    const stream = await ctx.blobStore.get(row.storageKey).catch(() => {
      throw notFound('File not found');
    });
    return (
      reply
        .header('content-type', row.type)
        .header('content-length', row.bytes)
        .header('x-content-type-options', 'nosniff')
        // A new avatar gets a new address, so an old one never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream)
    );
  });

  app.get('/api/files/download/:userId/:fileId', auth, async (request, reply) => {
    const { userId, fileId } = parse(fileRouteParamsSchema, request.params, 'params');
    const caller = currentUser(request).id;
    const row = userId === caller ? await findOwnFile(ctx.db, caller, fileId) : undefined;
    if (!row) throw notFound('File not found');
    const stream = await ctx.blobStore.get(row.storageKey).catch(() => {
      throw notFound('File not found');
    });
    // Pictures show inline in the viewer; anything else downloads. SVG is never sent as an image
    // type (it can carry scripts), and the browser must not guess a type of its own.
    const inline = isImageType(row.type) && row.type !== 'image/svg+xml';
    const encoded = encodeURIComponent(row.filename);
    return reply
      .header('content-type', inline ? row.type : 'application/octet-stream')
      .header('content-length', row.bytes)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encoded}`)
      .header(FILE_METADATA_HEADER, asciiJson(toApiFile(row)))
      .header('access-control-expose-headers', FILE_METADATA_HEADER)
      .send(stream);
  });

  // Multipart parsing only in this scope. The per-file ceiling is the server's limit; an
  // endpoint's smaller limit is checked once its field has been read.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // A file over the ceiling is cut off and marked truncated, then refused with the size text.
      throwFileSizeLimit: false,
      limits: {
        fileSize: fileConfig.serverFileSizeLimit,
        files: 1,
        fields: 30,
        parts: 40,
        fieldSize: 10_000,
      },
    });

    /**
     * A document's text is indexed for file search before the answer, so `embedded` is true as
     * soon as the upload is. A PDF, DOCX, XLSX or PPTX whose text cannot be read (damaged, encrypted, a zip
     * bomb, too slow) is refused and removed, row and blob; any other indexing failure keeps the
     * file (it is still an attachment) unindexed. With an embeddings provider that fails, the file
     * is still indexed for full-text search (`embedded` stays true) and the answer's message says
     * that semantic search is missing for it, and why.
     */
    async function indexUpload(row: FileRow): Promise<{ row: FileRow; message: string }> {
      const done = 'File uploaded and processed successfully';
      try {
        const { chunks, vectors } = await indexFile(ctx.db, ctx.blobStore, row, ctx.fileEmbeddings, {
          ocr: ctx.ocr,
        });
        const indexed = chunks > 0 ? { ...row, embedded: true } : row;
        if (vectors?.status !== 'failed') return { row: indexed, message: done };
        ctx.logger.warn(
          { fileId: row.fileId, reason: vectors.reason },
          'file embeddings failed; the file is searchable by full text only',
        );
        return {
          row: indexed,
          message: `File uploaded and indexed for full-text search only: ${vectors.reason}`,
        };
      } catch (err) {
        if (err instanceof DocumentUnreadable) {
          await deleteOwnFiles(ctx.db, ctx.blobStore, row.userId, [row.fileId]);
          // Why the reader itself failed is for the administrator, never for the answer.
          if (err.detail)
            ctx.logger.error({ fileId: row.fileId, detail: err.detail }, 'the document reader failed');
          throw new AppError('bad_request', unreadableDocumentMessage(row.filename, err), {
            reason: err.reason,
          });
        }
        logIndexFailure(ctx, row, err);
        return { row, message: done };
      }
    }

    async function upload(request: FastifyRequest, imagesOnly: boolean) {
      const user = currentUser(request);
      await limiter.hit(uploadLimits.ip, [`ip:${request.ip}`]);
      await limiter.hit(uploadLimits.user, [`user:${user.id}`]);
      const { stored, raw } = await receiveUpload(request, ctx);
      const fields = await uploadFields(ctx, stored, raw, uploadFieldsSchema);
      if (fields.tool_resource === 'file_search') {
        const refusal = await fileSearchRefusal(ctx, user.id);
        if (refusal) {
          await ctx.blobStore.delete(stored.key).catch(() => undefined);
          throw refusal;
        }
      }
      const limits = fileLimitsFor(fileConfig, fields.endpoint);
      if (limits.disabled) {
        await ctx.blobStore.delete(stored.key).catch(() => undefined);
        throw badRequest('File uploads are disabled for this endpoint');
      }
      const row = await acceptUpload(ctx.db, ctx.blobStore, user.id, stored, fields, {
        limits,
        imagesOnly,
        context: 'message_attachment',
      });
      if (needsToolResource(fields.endpoint, row.type, row.toolResource)) {
        await deleteOwnFiles(ctx.db, ctx.blobStore, user.id, [row.fileId]);
        throw badRequest(uploadErrors.unsupportedCapability(row.filename));
      }
      if (isImageType(row.type) && row.toolResource === 'ocr' && !ctx.ocr) {
        await deleteOwnFiles(ctx.db, ctx.blobStore, user.id, [row.fileId]);
        throw badRequest(
          `"${row.filename}" was not uploaded. Text is read from pictures only where OCR is turned on, and it is off on this server. Upload the picture as an image instead.`,
        );
      }
      const { row: indexed, message } = await indexUpload(row);
      return {
        ...toApiFile(indexed),
        temp_file_id: fields.file_id ?? row.fileId,
        message,
      };
    }

    scope.post('/api/files', auth, async (request, reply) =>
      reply.code(201).send(await upload(request, false)),
    );
    scope.post('/api/files/images', auth, async (request, reply) =>
      reply.code(201).send(await upload(request, true)),
    );

    // The body is cut off one byte past the avatar limit, so an oversized picture is never
    // stored whole; the cut-off upload is refused with the size text.
    scope.post('/api/files/images/avatar', auth, async (request): Promise<AvatarUploadResponse> => {
      const user = currentUser(request);
      await limiter.hit(uploadLimits.ip, [`ip:${request.ip}`]);
      await limiter.hit(uploadLimits.user, [`user:${user.id}`]);
      const { stored, raw } = await receiveUpload(request, ctx, fileConfig.avatarSizeLimit + 1);
      await uploadFields(ctx, stored, raw, avatarUploadFieldsSchema);
      const { url } = await replaceAvatar(ctx.db, ctx.blobStore, user.id, stored, fileConfig.avatarSizeLimit);
      return { url, message: 'Avatar updated' };
    });

    // An agent's avatar: only its editors (the author or an admin) with AGENTS.CREATE and the
    // builder on; checked before the body is read, so a refused caller stores nothing.
    scope.post('/api/files/images/agents/:agent_id/avatar', auth, async (request) => {
      const user = currentUser(request);
      const { agent_id } = parse(agentAvatarParamsSchema, request.params, 'params');
      const caller = await loadAgentCaller(ctx.db, user.id);
      for (const permission of ['USE', 'CREATE'] as const) requireAgentPermission(caller, permission);
      requireBuilder(agentDeps.settings);
      await findEditableAgent(ctx.db, caller, agent_id);
      await limiter.hit(uploadLimits.ip, [`ip:${request.ip}`]);
      await limiter.hit(uploadLimits.user, [`user:${user.id}`]);
      const { stored, raw } = await receiveUpload(request, ctx, fileConfig.avatarSizeLimit + 1);
      await uploadFields(ctx, stored, raw, avatarUploadFieldsSchema);
      return setAgentAvatar(agentDeps, ctx.blobStore, caller, agent_id, stored, fileConfig.avatarSizeLimit);
    });
  });
}
