import { describe, expect, it } from 'vitest';
import { unavailableReason } from './unavailable-failure.ts';

describe('unavailableReason', () => {
  it('names the failures another model may answer in place of', () => {
    expect(unavailableReason({ message: 'slow down', status: 429 })).toBe('rate_limited');
    expect(unavailableReason({ message: 'oops', status: 500 })).toBe('server_error');
    expect(unavailableReason({ message: 'bad gateway', status: 502 })).toBe('server_error');
    expect(unavailableReason({ message: 'connect ECONNREFUSED 127.0.0.1:9' })).toBe('unreachable');
    expect(unavailableReason({ message: 'The operation was aborted due to timeout' })).toBe('timeout');
  });

  it('keeps the failures another model would not fix', () => {
    expect(unavailableReason({ message: 'bad', status: 400, key: 'invalid_request_error' })).toBeNull();
    expect(unavailableReason({ message: 'who are you', status: 401 })).toBeNull();
    expect(unavailableReason({ message: 'No API key', key: 'no_user_key' })).toBeNull();
    expect(unavailableReason({ message: 'too many steps', local: true })).toBeNull();
    expect(unavailableReason({ message: 'terminated', lostConnection: true })).toBeNull();
  });
});
