import { describe, expect, it } from 'vitest';
import { needsCredentials } from './credential-gate';

const field = { authField: 'SERPER_API_KEY', label: 'Serper key', description: 'Your key' };

describe('needsCredentials', () => {
  it('asks when turning on a tool whose keys this person has not saved', () => {
    expect(needsCredentials({ authConfig: [field], authenticated: false }, true)).toBe(true);
  });

  it('does not ask once the keys are saved, for a tool without keys, or when turning off', () => {
    expect(needsCredentials({ authConfig: [field], authenticated: true }, true)).toBe(false);
    expect(needsCredentials({ authConfig: [], authenticated: false }, true)).toBe(false);
    expect(needsCredentials({ authConfig: [field], authenticated: false }, false)).toBe(false);
    expect(needsCredentials(undefined, true)).toBe(false);
  });
});
