import { describe, expect, it } from 'vitest';
import { resolveAgentsSettings } from '../../services/agents/agents-settings.ts';
import { ConfigError } from '../env.ts';
import { parseParleyYaml } from '../load-config.ts';

const parse = (agents: string) => parseParleyYaml(`version: 1.2.8\nendpoints:\n  agents:\n${agents}`, {});

/** The ConfigError message of a file that must be refused. */
function refusal(agents: string): string {
  try {
    parse(agents);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the file was accepted');
}

describe('parley.yaml endpoints.agents', () => {
  it('accepts every documented key and resolves it', () => {
    const { config } = parse(`    disableBuilder: true
    recursionLimit: 10
    maxRecursionLimit: 40
    capabilities: [tools, file_search, chain]
    allowedProviders: [openAI, anthropic]
    titleConvo: true
`);
    const settings = resolveAgentsSettings(config.endpoints?.agents);
    expect(settings.disableBuilder).toBe(true);
    expect(settings.recursionLimit).toBe(10);
    expect(settings.maxRecursionLimit).toBe(40);
    expect([...settings.capabilities]).toEqual(['tools', 'file_search', 'chain']);
    expect([...settings.allowedProviders!]).toEqual(['openAI', 'anthropic']);
  });

  it('defaults to every capability, the builder on, 25 steps and every provider', () => {
    const settings = resolveAgentsSettings(undefined);
    expect(settings).toMatchObject({
      disableBuilder: false,
      recursionLimit: 25,
      maxRecursionLimit: null,
      allowedProviders: null,
    });
    expect(settings.capabilities.size).toBe(8);
    // A ceiling under the default lowers the default with it.
    expect(resolveAgentsSettings({ maxRecursionLimit: 5 }).recursionLimit).toBe(5);
  });

  it('refuses unknown keys, unknown capabilities and wrong types, naming the path', () => {
    expect(refusal('    disableBuilders: true\n')).toMatch(/endpoints\.agents/);
    expect(refusal('    capabilities: [tools, mind_reading]\n')).toMatch(/endpoints\.agents\.capabilities/);
    expect(refusal('    recursionLimit: "many"\n')).toMatch(/endpoints\.agents\.recursionLimit/);
    expect(refusal('    recursionLimit: 0\n')).toMatch(/endpoints\.agents\.recursionLimit/);
    expect(refusal('    allowedProviders: []\n')).toMatch(/endpoints\.agents\.allowedProviders/);
    expect(refusal('    capabilities: [tools, tools]\n')).toMatch(/capabilities must not repeat/);
  });

  it('refuses a recursion limit above the ceiling', () => {
    expect(refusal('    recursionLimit: 50\n    maxRecursionLimit: 10\n')).toMatch(
      /must not be greater than maxRecursionLimit/,
    );
  });
});
