import { describe, expect, it, vi } from 'vitest';
import { asProcessing, runUploadChecks } from './upload-failures';
import { UploadError } from './upload-file';

describe('upload failures', () => {
  it('passes the checks’ own answer through', () => {
    expect(runUploadChecks(() => null)).toEqual({ problem: null, crashed: false });
    expect(runUploadChecks(() => 'File size exceeds 1 MB.')).toEqual({
      problem: 'File size exceeds 1 MB.',
      crashed: false,
    });
  });

  it('turns a crash of the checks into the validation error', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      runUploadChecks(() => {
        throw new TypeError('size of undefined');
      }),
    ).toEqual({ problem: 'com_error_files_validation', crashed: true });
    quiet.mockRestore();
  });

  it('turns a failed preparation into the processing error', async () => {
    await expect(asProcessing(Promise.resolve(3))).resolves.toBe(3);
    const failure = asProcessing(Promise.reject(new Error('The source image cannot be decoded.')));
    await expect(failure).rejects.toBeInstanceOf(UploadError);
    await expect(failure).rejects.toThrow('com_error_files_process');
  });
});
