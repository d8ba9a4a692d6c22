import {
  AVATAR_SIZE_LIMIT_DEFAULT,
  CLIENT_IMAGE_RESIZE_DEFAULTS,
  DEFAULT_SUPPORTED_MIME_TYPES,
  FILE_UPLOAD_DEFAULTS,
  MB,
  type EndpointFileLimits,
  type FileConfigResponse,
} from '@parley/schema';
import type { FileConfigYaml } from '../../config/yaml-sections/file-config.ts';

type EndpointYaml = NonNullable<FileConfigYaml['endpoints']>[string];

const defaultLimits: EndpointFileLimits = {
  fileLimit: FILE_UPLOAD_DEFAULTS.fileLimit,
  fileSizeLimit: FILE_UPLOAD_DEFAULTS.fileSizeLimit,
  totalSizeLimit: FILE_UPLOAD_DEFAULTS.totalSizeLimit,
  supportedMimeTypes: [...DEFAULT_SUPPORTED_MIME_TYPES],
};

/** One endpoint's limits in bytes, on top of `base` (the built-in defaults or `default`). */
function endpointLimits(entry: EndpointYaml | undefined, base: EndpointFileLimits): EndpointFileLimits {
  if (!entry) return base;
  return {
    ...(entry.disabled !== undefined ? { disabled: entry.disabled } : {}),
    fileLimit: entry.fileLimit ?? base.fileLimit,
    fileSizeLimit:
      entry.fileSizeLimit !== undefined ? Math.round(entry.fileSizeLimit * MB) : base.fileSizeLimit,
    totalSizeLimit:
      entry.totalSizeLimit !== undefined ? Math.round(entry.totalSizeLimit * MB) : base.totalSizeLimit,
    supportedMimeTypes: entry.supportedMimeTypes ?? base.supportedMimeTypes,
  };
}

/**
 * The upload configuration every client and the server's own checks use: parley.yaml's
 * `fileConfig` over the spec's defaults, sizes in bytes. No endpoint's per-file limit exceeds
 * `serverFileSizeLimit`.
 */
export function resolveFileConfig(yaml: FileConfigYaml | undefined): FileConfigResponse {
  const serverFileSizeLimit =
    yaml?.serverFileSizeLimit !== undefined
      ? Math.round(yaml.serverFileSizeLimit * MB)
      : FILE_UPLOAD_DEFAULTS.fileSizeLimit;
  const capped = (l: EndpointFileLimits): EndpointFileLimits => ({
    ...l,
    fileSizeLimit: Math.min(l.fileSizeLimit, serverFileSizeLimit),
  });
  const base = capped(endpointLimits(yaml?.endpoints?.default, defaultLimits));
  const endpoints: Record<string, EndpointFileLimits> = { default: base };
  for (const [name, entry] of Object.entries(yaml?.endpoints ?? {})) {
    if (name !== 'default') endpoints[name] = capped(endpointLimits(entry, base));
  }
  const resize = yaml?.clientImageResize;
  return {
    endpoints,
    serverFileSizeLimit,
    avatarSizeLimit:
      yaml?.avatarSizeLimit !== undefined ? Math.round(yaml.avatarSizeLimit * MB) : AVATAR_SIZE_LIMIT_DEFAULT,
    clientImageResize: {
      enabled: resize?.enabled ?? CLIENT_IMAGE_RESIZE_DEFAULTS.enabled,
      maxWidth: resize?.maxWidth ?? CLIENT_IMAGE_RESIZE_DEFAULTS.maxWidth,
      maxHeight: resize?.maxHeight ?? CLIENT_IMAGE_RESIZE_DEFAULTS.maxHeight,
      quality: resize?.quality ?? CLIENT_IMAGE_RESIZE_DEFAULTS.quality,
    },
    ...(yaml?.imageGeneration ? { imageGeneration: yaml.imageGeneration } : {}),
    ...(yaml?.fileTokenLimit ? { fileTokenLimit: yaml.fileTokenLimit } : {}),
  };
}
