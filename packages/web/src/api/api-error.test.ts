import { describe, expect, it } from 'vitest';
import { ApiError, hasErrorCode } from './api-error';

describe('ApiError', () => {
  it("carries the server's error code from its JSON answer", () => {
    const error = new ApiError(409, { message: 'A bookmark of that name exists', code: 'conflict' });
    expect(error.code).toBe('conflict');
    expect(hasErrorCode(error, 'conflict')).toBe(true);
    expect(hasErrorCode(error, 'not_found')).toBe(false);
  });

  it('has no code for a body without one, or with a code outside the shared list', () => {
    expect(new ApiError(502, '<html>Bad gateway</html>').code).toBeUndefined();
    expect(new ApiError(404, { message: 'gone' }).code).toBeUndefined();
    expect(new ApiError(400, { message: 'x', code: 'made_up' }).code).toBeUndefined();
    expect(hasErrorCode(new Error('plain'), 'internal')).toBe(false);
  });
});
