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
    expect(agentsEndpointInfo(settings, 7)).toEqual({
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

  it('leaves out the limits parley.yaml does not set', () => {
    const info = agentsEndpointInfo(resolveAgentsSettings(undefined), 0);
    expect(info.recursionLimit).toBe(25);
    expect(info).not.toHaveProperty('maxRecursionLimit');
    expect(info).not.toHaveProperty('allowedProviders');
  });
});
