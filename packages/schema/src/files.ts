import type { EndpointFileLimits, FileConfigResponse } from './file-schemas.ts';

/** One megabyte as the upload limits count it (the spec's 512 MB is 536870912 bytes). */
export const MB = 1024 * 1024;

/** Upload limits when parley.yaml's `fileConfig` is silent: 10 files, 512 MB each and in total. */
export const FILE_UPLOAD_DEFAULTS = {
  fileLimit: 10,
  fileSizeLimit: 512 * MB,
  totalSizeLimit: 512 * MB,
} as const;
export const AVATAR_SIZE_LIMIT_DEFAULT = 2 * MB;
/** The avatar is cropped to a square of this many pixels; the crop's zoom runs 1 to 5. */
export const AVATAR_CROP_PX = 250;
export const AVATAR_ZOOM = { min: 1, max: 5 } as const;
/** An avatar is a PNG or a JPEG (.png, .jpg, .jpeg). */
export const AVATAR_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** Browser-side resize before upload: off unless `fileConfig.clientImageResize.enabled`. */
export const CLIENT_IMAGE_RESIZE_DEFAULTS = {
  enabled: false,
  maxWidth: 1900,
  maxHeight: 1900,
  quality: 0.92,
  /** Only images of at least this share of the per-file limit are resized (10 % of 512 MB). */
  thresholdRatio: 0.1,
} as const;
/** HEIC/HEIF pictures become JPEG at this quality. */
export const HEIC_JPEG_QUALITY = 0.9;
/**
 * True for HEIC/HEIF pictures (still images and sequences), which the browser converts to JPEG
 * before they are uploaded: vision models and most browsers cannot read them.
 */
export function isHeicType(type: string): boolean {
  return /^image\/hei[cf](-sequence)?$/.test(type);
}
/**
 * Largest picture accepted, in pixels (width × height), by the browser's HEIC conversion and the
 * server's image checks alike. A small file that declares more is a decompression bomb: decoding
 * it would take gigabytes of memory.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Fallback size of an uploaded image whose size is unknown. */
export const DEFAULT_IMAGE_SIZE = { width: 1080, height: 1920 } as const;

/** Upload progress: start, after conversion, after the size is read, on success, done. */
export const UPLOAD_PROGRESS = { start: 0.1, converted: 0.5, measured: 0.6, uploaded: 0.9, done: 1 } as const;
/** Delay before a finished upload shows as done with the server's file data. */
export const UPLOAD_DONE_DELAY_MS = 300;
export const FILE_DELETE_DEBOUNCE_MS = 1000;
/** A slow upload warns after 5000 ms plus 2000 ms per megabyte; the warning shows 10000 ms. */
export const SLOW_UPLOAD_WARNING = { baseMs: 5000, perMbMs: 2000, showMs: 10_000 } as const;

/** Where a file's bytes live (the file record's `source` values that Parley produces). */
export const FILE_SOURCES = ['local', 's3', 'text', 'vectordb'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

/** What an upload is for: a message attachment, or a profile picture. */
export const FILE_CONTEXTS = ['message_attachment', 'avatar'] as const;
export type FileContext = (typeof FILE_CONTEXTS)[number];

/**
 * The MIME types an endpoint accepts unless `fileConfig` narrows them, as regular-expression
 * sources (the config and the client use the same form): text, code, PDF, office documents,
 * archives and images.
 */
export const DEFAULT_SUPPORTED_MIME_TYPES = [
  '^text\\/(plain|markdown|csv|tab-separated-values|html|css|xml|rtf|x-[a-z0-9+.-]+|javascript|typescript)$',
  '^application\\/(json|xml|x-yaml|yaml|javascript|typescript|x-sh|x-python|sql|x-sql)$',
  '^application\\/pdf$',
  '^application\\/(msword|rtf|vnd\\.ms-excel|vnd\\.ms-powerpoint)$',
  '^application\\/vnd\\.openxmlformats-officedocument\\.(wordprocessingml\\.document|spreadsheetml\\.sheet|presentationml\\.presentation)$',
  '^application\\/vnd\\.oasis\\.opendocument\\.(text|spreadsheet|presentation)$',
  '^application\\/epub\\+zip$',
  '^application\\/(zip|x-zip-compressed|x-tar|gzip|x-gzip)$',
  '^image\\/(png|jpeg|gif|webp|heic|heif)$',
] as const;

/** Images a vision model can be sent (after HEIC conversion). */
export const VISION_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * Types filled in from the extension when the browser reports none (upload check 3), and the
 * type the server falls back to for text it cannot sniff from the bytes.
 */
export const EXTENSION_MIME_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  jsx: 'text/javascript',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  php: 'text/x-php',
  sh: 'text/x-sh',
  sql: 'text/x-sql',
  swift: 'text/x-swift',
  r: 'text/x-r',
  tex: 'text/x-tex',
  log: 'text/plain',
  ini: 'text/plain',
  toml: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
  rtf: 'application/rtf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The lower-case extension of a file name, without the dot ("" when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The type a file is treated as: the browser's, else one from its extension, else "". */
export function inferFileType(name: string, reported: string | undefined): string {
  return reported?.trim() || EXTENSION_MIME_TYPES[fileExtension(name)] || '';
}

export const isImageType = (type: string) => /^image\//.test(type);

/** True when `type` matches one of the regular-expression sources. */
export function mimeTypeSupported(type: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => {
    try {
      return new RegExp(p).test(type);
    } catch {
      return false;
    }
  });
}

/** The limits that apply to `endpoint`: its own entry, else `default`. */
export function fileLimitsFor(config: FileConfigResponse, endpoint: string | undefined): EndpointFileLimits {
  return (endpoint ? config.endpoints[endpoint] : undefined) ?? config.endpoints.default!;
}

/** A file as the API returns it (upload answer, list, download metadata). */
export interface ParleyFile {
  file_id: string;
  /** The id the client gave the upload while it ran. */
  temp_file_id?: string;
  user: string;
  filename: string;
  /** Where the bytes are fetched: an API path, never a disk path. */
  filepath: string;
  type: string;
  bytes: number;
  width?: number;
  height?: number;
  source: FileSource;
  embedded: boolean;
  context: FileContext;
  /** How many messages refer to it. */
  usage: number;
  conversationId?: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * When the file stops being downloadable (milliseconds since 1970). Parley keeps its own files,
   * so it never sets this; files from elsewhere (a LibreChat export, whose code-run outputs
   * expire) may carry it, and the web app shows such a file as expired instead of a link.
   */
  expiresAt?: number;
}

/** True when a file carries an `expiresAt` that has passed. */
export function isExpiredFile(file: { expiresAt?: unknown }, now: number = Date.now()): boolean {
  return typeof file.expiresAt === 'number' && file.expiresAt <= now;
}

/**
 * The upload checks' error texts, in the specification's exact wording, shared by the browser and
 * the server.
 */
export const uploadErrors = {
  empty: () => 'The files are empty.',
  tooMany: (limit: number) => `You can only upload up to ${limit} files at a time.`,
  unknownType: (filename: string) => `Unable to determine file type for: ${filename}`,
  unsupportedType: (type: string) => `Currently, unsupported file type: ${type}`,
  fileTooLarge: (bytes: number) => `File size exceeds ${formatMb(bytes)} MB.`,
  totalTooLarge: (bytes: number) => `The total size of the files cannot exceed ${formatMb(bytes)} MB.`,
  duplicate: () => 'This file has already been added.',
  /** A HEIC/HEIF picture that reached the server without the browser's conversion to JPEG. */
  heicNotConverted: () =>
    'HEIC and HEIF pictures must be converted to JPEG before upload (Parley does this in the browser).',
  /**
   * A document attached on the agents endpoint without a tool resource: an agent reads files only
   * through a tool (as text, by file search), so nothing would read it.
   */
  unsupportedCapability: (filename: string) =>
    `"${filename}" cannot be attached to an agent as it is: no capability reads this type of file. Upload it as text or for file search instead (only pictures attach as they are).`,
} as const;

/** The endpoint whose uploads must name a tool resource unless they are pictures. */
export const AGENTS_UPLOAD_ENDPOINT = 'agents';

/**
 * True when a file may not be uploaded on `endpoint` as it is: on the agents endpoint a file that
 * is not a picture needs a tool resource (as text, file search), since an agent reads files only
 * through its tools.
 */
export function needsToolResource(endpoint: string | undefined, type: string, toolResource?: string | null) {
  return endpoint === AGENTS_UPLOAD_ENDPOINT && !/^image\//.test(type) && !toolResource;
}

function formatMb(bytes: number): string {
  const mb = bytes / MB;
  // Three significant digits keep small limits readable (4 kB is 0.00391 MB, not 0).
  return Number.isInteger(mb) ? String(mb) : String(Number(mb.toPrecision(3)));
}

/** What the checks need to know of a chosen file. */
export interface CandidateFile {
  name: string;
  size: number;
  type?: string;
}

/**
 * The upload checks in the spec's order (empty, count, type known, type supported, per-file
 * size, total size, duplicates). Returns the first failure's message, or null when all pass.
 * `existing` are the files already attached (they count toward the limits and duplicates).
 */
export function checkUploads(
  chosen: CandidateFile[],
  limits: EndpointFileLimits,
  existing: CandidateFile[] = [],
): string | null {
  const total = chosen.reduce((sum, f) => sum + f.size, 0);
  if (total === 0) return uploadErrors.empty();
  if (chosen.length + existing.length > limits.fileLimit) return uploadErrors.tooMany(limits.fileLimit);
  for (const file of chosen) {
    const type = inferFileType(file.name, file.type);
    if (!type) return uploadErrors.unknownType(file.name);
    if (!mimeTypeSupported(type, limits.supportedMimeTypes)) return uploadErrors.unsupportedType(type);
    if (file.size > limits.fileSizeLimit) return uploadErrors.fileTooLarge(limits.fileSizeLimit);
  }
  const existingTotal = existing.reduce((sum, f) => sum + f.size, 0);
  if (total + existingTotal > limits.totalSizeLimit) return uploadErrors.totalTooLarge(limits.totalSizeLimit);
  const typeClass = (f: CandidateFile) => inferFileType(f.name, f.type).split('/')[0];
  const seen = new Set(existing.map((f) => `${f.name}|${f.size}|${typeClass(f)}`));
  for (const file of chosen) {
    const key = `${file.name}|${file.size}|${typeClass(file)}`;
    if (seen.has(key)) return uploadErrors.duplicate();
    seen.add(key);
  }
  return null;
}
