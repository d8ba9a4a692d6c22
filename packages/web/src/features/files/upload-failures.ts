import { UploadError } from './upload-file';

/**
 * Runs the upload checks; when the checks themselves throw (an unexpected file object), the
 * choice is refused with the validation error key rather than uploaded unchecked.
 */
export function runUploadChecks(check: () => string | null): { problem: string | null; crashed: boolean } {
  try {
    return { problem: check(), crashed: false };
  } catch (err) {
    console.error(err);
    return { problem: 'com_error_files_validation', crashed: true };
  }
}

/**
 * The browser-side preparation of a file (decoding, resizing, re-encoding a picture): its failure
 * is the processing error, told apart from a failed upload.
 */
export function asProcessing<T>(work: Promise<T>): Promise<T> {
  return work.catch(() => {
    throw new UploadError('com_error_files_process');
  });
}
