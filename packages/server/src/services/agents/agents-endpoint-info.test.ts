import { describe, expect, it } from 'vitest';
import { agentsEndpointInfo } from './agents-endpoint-info.ts';
import { resolveAgentsSettings } from './agents-settings.ts';

describe("the agents endpoint's entry in /api/endpoints", () => {
  it("carries the server's agent settings as parley.yaml gives them", () => {
    const settings = resolveAgentsSettings({
      disableBuilder: true,
      recursionLimit: 10,
      maxRecursionLimit: 40,
      capabilities: ['tools', 'chain'],
      allowedProviders: ['openAI'],
    });
    expect(agentsEndpointInfo(settings, 7, false)).toEqual({
      order: 7,
      userProvide: false,
      name: 'agents',
      disableBuilder: true,
      capabilities: ['tools', 'chain'],
      allowedProviders: ['openAI'],
      recursionLimit: 10,
      maxRecursionLimit: 40,
    });
  });

  it('lists ocr only while the server reads text out of pictures', () => {
    const settings = resolveAgentsSettings({ capabilities: ['file_search', 'ocr'] });
    expect(agentsEndpointInfo(settings, 0, true).capabilities).toEqual(['file_search', 'ocr']);
    expect(agentsEndpointInfo(settings, 0, false).capabilities).toEqual(['file_search']);
  });

  it('leaves out the limits parley.yaml does not set', () => {
    const info = agentsEndpointInfo(resolveAgentsSettings(undefined), 0, false);
    expect(info.recursionLimit).toBe(25);
    expect(info).not.toHaveProperty('maxRecursionLimit');
    expect(info).not.toHaveProperty('allowedProviders');
  });
});
