import { describe, expect, it } from 'vitest';
import { ConfigError } from './env.ts';
import { parseParleyYaml } from './load-config.ts';

describe('parseParleyYaml', () => {
  it('accepts a librechat.yaml 1.2.8 style file and interpolates the environment', () => {
    const { config, unusedSections } = parseParleyYaml(
      `version: 1.2.8
cache: true
interface:
  customWelcome: "Hi {{user.name}}"
  temporaryChatRetention: 48
registration:
  allowedDomains: [example.com]
endpoints:
  custom:
    - name: Ollama
      apiKey: "\${OLLAMA_KEY}"
      baseURL: http://localhost:11434/v1
      models: { default: [llama3] }
speech: { tts: {} }
`,
      { OLLAMA_KEY: 'secret' },
    );
    expect(config.endpoints?.custom?.[0]?.apiKey).toBe('secret');
    expect(config.interface?.temporaryChatRetention).toBe(48);
    expect(unusedSections).toEqual(['cache', 'speech']);
  });

  it('lists every bad key with its path', () => {
    let error: ConfigError | undefined;
    try {
      parseParleyYaml(`interface:
  sidepanel: true
  temporaryChatRetention: 9000
registration:
  allowedDomain: [x]
endpoints:
  custom:
    - name: openAI
      apiKey: k
      baseURL: http://x
      models: { default: [] }
bogus: 1
`);
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error!.problems.join('\n');
    expect(text).toContain('interface.sidepanel: unknown key');
    expect(text).toContain('interface.temporaryChatRetention');
    expect(text).toContain('registration.allowedDomain: unknown key');
    expect(text).toContain('endpoints.custom.0.name: must not equal a built-in endpoint name');
    expect(text).toContain('endpoints.custom.0.models.default: needs at least one model');
    expect(text).toContain('bogus: unknown key');
  });

  it('refuses endpoint names the chat routes use', () => {
    expect(() =>
      parseParleyYaml(`endpoints:
  custom:
    - { name: abort, apiKey: k, baseURL: http://x, models: { default: [m] } }
`),
    ).toThrow(/chat routes/);
  });
});

describe('password reset default', () => {
  it('is on with e-mail, off without it, and the environment can say otherwise', async () => {
    const { buildAppConfig } = await import('./app-config.ts');
    const { parseEnv } = await import('./env.ts');
    const build = (env: Record<string, string>) =>
      buildAppConfig(parseEnv({ DATA_DIR: '/tmp/parley-config-test', ...env }), {
        config: {},
        path: null,
        unusedSections: [],
      });
    expect(build({}).env.ALLOW_PASSWORD_RESET).toBe(false);
    expect(
      build({ EMAIL_HOST: 'smtp.example.com', EMAIL_FROM: 'a@example.com' }).env.ALLOW_PASSWORD_RESET,
    ).toBe(true);
    expect(build({ ALLOW_PASSWORD_RESET: 'true' }).env.ALLOW_PASSWORD_RESET).toBe(true);
  });
});
