import { CLIENT_IMAGE_RESIZE_DEFAULTS, type FileConfigResponse } from '@parley/schema';

/** A picture's pixel size as the browser decodes it; undefined when it cannot. */
export async function imageSizeOf(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/**
 * Resizes a picture before upload when the configuration asks for it: only when enabled,
 * for pictures other than GIFs of at least 10 % of the per-file limit, fitted within the maximum
 * size and re-encoded as JPEG at the configured quality. Anything else is returned unchanged.
 */
export async function resizeForUpload(
  file: File,
  config: FileConfigResponse,
  fileSizeLimit: number,
): Promise<File> {
  const resize = config.clientImageResize;
  if (!resize.enabled || !file.type.startsWith('image/') || file.type === 'image/gif') return file;
  if (file.size < fileSizeLimit * CLIENT_IMAGE_RESIZE_DEFAULTS.thresholdRatio) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, resize.maxWidth / bitmap.width, resize.maxHeight / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', resize.quality));
  if (!blob) return file;
  return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
}

/** Clipboard files get a timestamp prefix, so pasted screenshots do not all share one name. */
export function pastedName(file: File, now = new Date()): File {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return new File([file], `${stamp}-${file.name || 'pasted'}`, { type: file.type });
}
