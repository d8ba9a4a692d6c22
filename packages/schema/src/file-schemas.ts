import { z } from 'zod';

// The request and answer schemas of files; the limits, types and upload checks are in files.ts,
// apart from zod, for the web's pages that need only those.

/** `POST /api/files/images/avatar`'s form fields beside the file (`manual` is the spec's flag). */
export const avatarUploadFieldsSchema = z.object({
  manual: z.enum(['true', 'false']).optional(),
});

/** The avatar upload's answer: where the new avatar is served. */
export const avatarUploadResponseSchema = z.object({ url: z.string(), message: z.string() });

export type AvatarUploadResponse = z.infer<typeof avatarUploadResponseSchema>;

/** Upload limits of one endpoint, in bytes, as `GET /api/files/config` reports them. */
export const endpointFileLimitsSchema = z.object({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().nonnegative(),
  fileSizeLimit: z.number().nonnegative(),
  totalSizeLimit: z.number().nonnegative(),
  supportedMimeTypes: z.array(z.string()),
});

export type EndpointFileLimits = z.infer<typeof endpointFileLimitsSchema>;

/** `GET /api/files/config`: limits per endpoint (`default` for the others), in bytes. */
export const fileConfigResponseSchema = z.object({
  endpoints: z.record(z.string(), endpointFileLimitsSchema),
  serverFileSizeLimit: z.number(),
  avatarSizeLimit: z.number(),
  clientImageResize: z.object({
    enabled: z.boolean(),
    maxWidth: z.number(),
    maxHeight: z.number(),
    quality: z.number(),
  }),
  imageGeneration: z.object({ percentage: z.number().optional(), px: z.number().optional() }).optional(),
  fileTokenLimit: z.number().optional(),
});

export type FileConfigResponse = z.infer<typeof fileConfigResponseSchema>;

/** The form fields of `POST /api/files` and `/api/files/images` (all text). */
export const uploadFieldsSchema = z.object({
  file_id: z.string().max(200).optional(),
  endpoint: z.string().max(200).optional(),
  original_endpoint: z.string().max(200).optional(),
  endpointType: z.string().max(200).optional(),
  width: z.coerce.number().int().positive().max(100_000).optional(),
  height: z.coerce.number().int().positive().max(100_000).optional(),
  message_file: z.string().max(10).optional(),
  tool_resource: z.string().max(100).optional(),
  agent_id: z.string().max(200).optional(),
  assistant_id: z.string().max(200).optional(),
  conversationId: z.string().max(200).optional(),
  version: z.string().max(20).optional(),
  model: z.string().max(300).optional(),
});

export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** `DELETE /api/files`: the caller's files to delete. */
export const deleteFilesRequestSchema = z.object({
  files: z
    .array(
      z.object({
        file_id: z.string().min(1).max(200),
        filepath: z.string().max(2000).optional(),
        source: z.string().max(50).optional(),
        embedded: z.boolean().optional(),
      }),
    )
    .min(1, 'files must list at least one file')
    .max(1000),
});

export type DeleteFilesRequest = z.infer<typeof deleteFilesRequestSchema>;

export const fileRouteParamsSchema = z.object({
  userId: z.string().min(1).max(200),
  fileId: z.string().min(1).max(200),
});
