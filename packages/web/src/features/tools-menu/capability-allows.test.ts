import { describe, expect, it } from 'vitest';
import { capabilityAllows } from './available-tools';

describe('capabilityAllows', () => {
  it('offers a built-in tool only while its agents capability is on', () => {
    expect(capabilityAllows('web_search', ['tools', 'file_search'])).toBe(false);
    expect(capabilityAllows('file_search', ['tools', 'file_search'])).toBe(true);
    expect(capabilityAllows('execute_code', ['web_search'])).toBe(false);
  });

  it('holds nothing back when the server reports no capabilities, nor the image tools', () => {
    expect(capabilityAllows('web_search', null)).toBe(true);
    expect(capabilityAllows('image_gen_oai', [])).toBe(true);
  });
});
