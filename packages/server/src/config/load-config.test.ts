import { describe, expect, it } from 'vitest';
import { ConfigError } from './env.ts';
import { parseParleyYaml } from './load-config.ts';
import { resolveInterface } from './app-config.ts';
import { unimplementedSectionWarning } from './yaml-schema.ts';
import { yamlSections } from './yaml-sections/index.ts';

describe('parseParleyYaml', () => {
  it('accepts a librechat.yaml 1.2.8 style file and interpolates the environment', () => {
    const { config, unimplementedSections } = parseParleyYaml(
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
ocr: { strategy: local_tesseract }
`,
      { OLLAMA_KEY: 'secret' },
    );
    expect(config.endpoints?.custom?.[0]?.apiKey).toBe('secret');
    expect(config.interface?.temporaryChatRetention).toBe(48);
    expect(config.ocr?.strategy).toBe('local_tesseract');
    expect(unimplementedSections.map((s) => s.section)).toEqual(['cache']);
  });

  it('names each unimplemented section with what will not happen', () => {
    // actions, mcpServers and ocr are implemented; cache is the one section still only accepted.
    const { unimplementedSections } = parseParleyYaml('cache: true\nactions: {}\nmcpServers: {}\n');
    expect(unimplementedSections.map((s) => s.section)).toEqual(['cache']);
    expect(unimplementedSections.map(unimplementedSectionWarning)).toEqual([
      'parley.yaml: the cache section is not implemented yet and is ignored: Parley keeps no configuration cache, so this switch changes nothing.',
    ]);
  });

  it('validates the ocr section strictly: the local engine only, known keys, sane bounds', () => {
    const { config } = parseParleyYaml(
      'ocr: { strategy: local_tesseract, languages: [eng, chi_sim], timeoutSeconds: 30, maxScannedPages: 10 }\n',
    );
    expect(config.ocr).toEqual({
      strategy: 'local_tesseract',
      languages: ['eng', 'chi_sim'],
      timeoutSeconds: 30,
      maxScannedPages: 10,
    });
    // A hosted strategy of the librechat.yaml format is refused, not read locally in secret.
    expect(() => parseParleyYaml('ocr: { strategy: mistral_ocr, apiKey: x }\n')).toThrow(
      /ocr\.strategy: must be local_tesseract/,
    );
    expect(() => parseParleyYaml('ocr: { apiKey: x }\n')).toThrow(/ocr/);
    expect(() => parseParleyYaml('ocr: { strategy: local_tesseract, languages: ["../etc"] }\n')).toThrow(
      /Tesseract language code/,
    );
    expect(() => parseParleyYaml('ocr: { strategy: local_tesseract, timeoutSeconds: 0 }\n')).toThrow(
      /ocr\.timeoutSeconds/,
    );
  });

  it('validates the webSearch section strictly (it is implemented)', () => {
    const { config, unimplementedSections } = parseParleyYaml(
      'webSearch: { searchProvider: searxng, searxngInstanceUrl: "https://searx.example", rerankerType: none, safeSearch: 2 }\n',
    );
    expect(unimplementedSections).toEqual([]);
    expect(config.webSearch).toMatchObject({ searchProvider: 'searxng', safeSearch: 2 });
    expect(() => parseParleyYaml('webSearch: { apiKey: x }\n')).toThrow('webSearch.apiKey: unknown key');
    for (const [yaml, message] of [
      ['webSearch: { searchProvider: bing }', 'webSearch.searchProvider: must be serper or searxng'],
      [
        'webSearch: { searxngInstanceUrl: "ftp://x" }',
        'webSearch.searxngInstanceUrl: must be an http:// or https:// URL',
      ],
      ['webSearch: { safeSearch: 3 }', 'webSearch.safeSearch: must be 0, 1 or 2'],
      ['webSearch: { scraperTimeout: 1 }', 'webSearch.scraperTimeout: must be at least 500'],
      ['webSearch: { firecrawlOptions: { formats: [pdf] } }', 'webSearch.firecrawlOptions.formats.0'],
    ])
      expect(() => parseParleyYaml(`${yaml}\n`), yaml).toThrow(message);
  });

  it('validates the memory section strictly (it is implemented)', () => {
    const { config, unimplementedSections } = parseParleyYaml(
      'memory: { tokenLimit: 2000, validKeys: [name, job], personalize: false, messageWindowSize: 3, agent: { provider: openAI, model: gpt-4o-mini } }\n',
    );
    expect(unimplementedSections).toEqual([]);
    expect(config.memory).toMatchObject({ tokenLimit: 2000, validKeys: ['name', 'job'], personalize: false });
    expect(() => parseParleyYaml('memory: { tokenLimit: 0 }\n')).toThrow(/memory\.tokenLimit/);
    expect(() => parseParleyYaml('memory: { tokenLimitt: 10 }\n')).toThrow(/tokenLimitt/);
    expect(() => parseParleyYaml('memory: { validKeys: [] }\n')).toThrow(/memory\.validKeys/);
    expect(() => parseParleyYaml('memory: { messageWindowSize: 2.5 }\n')).toThrow(
      /memory\.messageWindowSize/,
    );
    expect(() => parseParleyYaml('memory: { agent: { model: gpt-4o } }\n')).toThrow(/memory\.agent/);
  });

  it('validates the memory step settings strictly: window, keys, agent and its parameters', () => {
    const { config } = parseParleyYaml(
      'memory:\n  messageWindowSize: 50\n  agent:\n    provider: Sim\n    model: memory\n    instructions: Keep only names.\n    model_parameters: { temperature: 0.1, max_tokens: 300 }\n',
    );
    expect(config.memory?.agent).toEqual({
      provider: 'Sim',
      model: 'memory',
      instructions: 'Keep only names.',
      model_parameters: { temperature: 0.1, max_tokens: 300 },
    });
    expect(parseParleyYaml('memory: { agent: { id: agent_abc } }\n').config.memory?.agent).toEqual({
      id: 'agent_abc',
    });
    for (const [yaml, message] of [
      ['memory: { messageWindowSize: 0 }', 'memory.messageWindowSize: must be at least 1'],
      ['memory: { messageWindowSize: 51 }', 'memory.messageWindowSize: must be at most 50'],
      ['memory: { validKeys: [name, name] }', 'memory.validKeys: lists a key twice'],
      ['memory: { validKeys: [name, "my job"] }', 'memory.validKeys.1: is not a possible memory key'],
      ['memory: { validKeys: [preferences] }', 'memory.validKeys.0: is not a possible memory key'],
      ['memory: { agent: { id: "" } }', 'memory.agent'],
      ['memory: { agent: { id: a, model: m } }', 'memory.agent'],
      ['memory: { agent: { provider: Sim, model: m, instructions: "" } }', 'memory.agent'],
      ['memory: { agent: { provider: Sim, model: m, model_parameters: { temprature: 1 } } }', 'memory.agent'],
      [
        'memory: { agent: { provider: Sim, model: m, model_parameters: { temperature: 5 } } }',
        'memory.agent',
      ],
      ['memory: { agent: { provider: Sim, model: m, tools: [x] } }', 'memory.agent'],
    ])
      expect(() => parseParleyYaml(`${yaml}\n`), yaml).toThrow(message);
  });

  it('validates the speech section strictly (it is implemented)', () => {
    const { config, unimplementedSections } = parseParleyYaml(
      'speech:\n  tts: { openai: { apiKey: k, model: tts-1, voices: [alloy] } }\n  stt: { openai: { url: http://localhost:8000/v1, apiKey: k, model: whisper-1 } }\n  speechTab: { conversationMode: true, speechToText: { decibelValue: -60 }, textToSpeech: false }\nrateLimits: { stt: { userMax: 3 } }\n',
    );
    expect(unimplementedSections).toEqual([]);
    expect(config.speech?.tts?.openai?.voices).toEqual(['alloy']);
    expect(() => parseParleyYaml('speech: { tts: {} }\n')).toThrow(
      /speech\.tts: tts needs exactly one provider/,
    );
    expect(() =>
      parseParleyYaml('speech: { stt: { openai: { apiKey: k, model: m, url: "file:///etc" } } }\n'),
    ).toThrow(/speech\.stt\.openai\.url/);
    expect(() =>
      parseParleyYaml('speech: { tts: { openai: { apiKey: k, model: m, voices: [] } } }\n'),
    ).toThrow(/speech\.tts\.openai\.voices/);
    expect(() => parseParleyYaml('speech: { speechTab: { speechToText: { decibelValue: -10 } } }\n')).toThrow(
      /decibelValue/,
    );
    expect(() => parseParleyYaml('speech: { sppechTab: {} }\n')).toThrow(/sppechTab/);
  });

  it('validates balance and transactions strictly (they are implemented)', () => {
    const { config, unimplementedSections } = parseParleyYaml(
      'balance: { enabled: true, startBalance: 1000, refillIntervalUnit: weeks, prices: { gpt-4o: { prompt: 2, completion: 8 } } }\ntransactions: { enabled: false }\n',
    );
    expect(unimplementedSections).toEqual([]);
    expect(config.balance).toMatchObject({ enabled: true, startBalance: 1000, refillIntervalUnit: 'weeks' });
    expect(config.transactions).toEqual({ enabled: false });
    expect(() => parseParleyYaml('balance: { startBalance: -5 }\n')).toThrow(/balance\.startBalance/);
    expect(() => parseParleyYaml('balance: { refillIntervalUnit: fortnights }\n')).toThrow(
      /balance\.refillIntervalUnit/,
    );
    expect(() => parseParleyYaml('balance: { enabledd: true }\n')).toThrow(/enabledd/);
    expect(() => parseParleyYaml('balance: { prices: { x: { prompt: 1 } } }\n')).toThrow(
      /balance\.prices\.x\.completion/,
    );
    expect(() => parseParleyYaml('transactions: { enabled: yes-please }\n')).toThrow(/transactions\.enabled/);
  });

  it('validates rateLimits strictly and announces the limits it cannot apply yet', () => {
    const { config, unimplementedSections } = parseParleyYaml(`rateLimits:
  conversationsImport: { ipMax: 10, ipWindowInMinutes: 5, userMax: 3, userWindowInMinutes: 1 }
  fileUploads: { userMax: 20 }
  tts: { userMax: 5 }
`);
    expect(config.rateLimits?.conversationsImport).toEqual({
      ipMax: 10,
      ipWindowInMinutes: 5,
      userMax: 3,
      userWindowInMinutes: 1,
    });
    // Speech exists, so its limits apply and nothing is announced as ignored.
    expect(unimplementedSections).toEqual([]);
    expect(config.rateLimits?.tts).toEqual({ userMax: 5 });
    const refused = (yaml: string) => {
      try {
        parseParleyYaml(yaml);
      } catch (error) {
        return (error as ConfigError).message;
      }
      return 'accepted';
    };
    expect(refused('rateLimits:\n  conversationsImport: { ipMaks: 10 }\n')).toMatch(
      /rateLimits\.conversationsImport.*ipMaks/,
    );
    expect(refused('rateLimits:\n  conversationsImport: { userMax: -1 }\n')).toMatch(
      /rateLimits\.conversationsImport\.userMax: must be at least 0/,
    );
    expect(refused('rateLimits:\n  messages: { userMax: 1 }\n')).toMatch(/rateLimits.*messages/);
  });

  it('declares every section as implemented or with its consequence', () => {
    for (const [name, section] of Object.entries(yamlSections)) {
      if (section.status === 'not-implemented') expect(section.consequence, name).toMatch(/\.$/);
    }
  });

  it.each([
    [
      'a WebSocket tool server without ws://',
      'mcpServers:\n  a: { type: websocket, url: "http://x" }\n',
      'mcpServers.a.url: WebSocket URL must start with ws:// or wss://',
    ],
    [
      'an SSE tool server with ws://',
      'mcpServers:\n  a: { type: sse, url: "ws://x" }\n',
      'mcpServers.a.url: SSE URL must not start with ws:// or wss://',
    ],
    [
      'a streamable-HTTP tool server with wss://',
      'mcpServers:\n  a: { type: streamable-http, url: "wss://x" }\n',
      'mcpServers.a.url: Streamable HTTP URL must not start with ws:// or wss://',
    ],
    [
      'an HTTP tool server with another scheme',
      'mcpServers:\n  a: { type: http, url: "file:///etc/passwd" }\n',
      'mcpServers.a.url: Streamable HTTP URL must start with http:// or https://',
    ],
    [
      'a stdio tool server without a command',
      'mcpServers:\n  a: { type: stdio, args: [x] }\n',
      'mcpServers.a.command',
    ],
    [
      'a tool server of an unknown type',
      'mcpServers:\n  a: { type: grpc, url: "https://x" }\n',
      'mcpServers.a.type',
    ],
    [
      'a misspelt tool server key',
      'mcpServers:\n  a: { command: node, timout: 5 }\n',
      'mcpServers.a.timout: unknown key',
    ],
    [
      'a tool server timeout that is not positive',
      'mcpServers:\n  a: { command: node, timeout: 0 }\n',
      'mcpServers.a.timeout: must be a positive number of milliseconds',
    ],
    [
      'a tool server name with the tool-name delimiter',
      'mcpServers:\n  a_mcp_b: { command: node }\n',
      'a server name must not contain _mcp_',
    ],
    [
      'a tool server name with a space',
      'mcpServers:\n  "a b": { command: node }\n',
      'a server name is letters, digits',
    ],
    [
      'a user placeholder that is no custom variable',
      'mcpServers:\n  a: { url: "https://x/{{TEAM}}" }\n',
      "mcpServers.a: {{TEAM}} is not one of the server's customUserVars",
    ],
    [
      'an OAuth token exchange method of another name',
      'mcpServers:\n  a: { url: "https://x", oauth: { token_exchange_method: post } }\n',
      'mcpServers.a.oauth.token_exchange_method',
    ],
    [
      'a negative file limit',
      'fileConfig:\n  endpoints: { openAI: { fileLimit: -1 } }\n',
      'fileConfig.endpoints.openAI.fileLimit: must be at least 0',
    ],
    [
      'a negative server file size',
      'fileConfig: { serverFileSizeLimit: -5 }\n',
      'fileConfig.serverFileSizeLimit: must be at least 0',
    ],
    [
      'an image-generation percentage above 100',
      'fileConfig: { imageGeneration: { percentage: 101 } }\n',
      'fileConfig.imageGeneration.percentage: must be 0 to 100',
    ],
    [
      'a resize quality above 1',
      'fileConfig: { clientImageResize: { quality: 1.5 } }\n',
      'fileConfig.clientImageResize.quality: must be 0 to 1',
    ],
    [
      'a model whose menu name is not text',
      'endpoints:\n  openAI:\n    models: { default: [{ name: a, label: 5 }] }\n',
      'endpoints.openAI.models.default.0',
    ],
    [
      'a model entry with a misspelt key',
      'endpoints:\n  openAI:\n    models: { default: [{ name: a, descripton: x }] }\n',
      'endpoints.openAI.models.default.0',
    ],
    [
      'an empty model spec list',
      'modelSpecs: { list: [] }\n',
      'modelSpecs.list: needs at least one model spec',
    ],
    [
      'a model spec with an unknown key',
      'modelSpecs:\n  list:\n    - { name: a, label: A, lable: x, preset: { endpoint: openAI } }\n',
      'modelSpecs.list.0.lable: unknown key',
    ],
    [
      'a model spec preset without an endpoint',
      'modelSpecs:\n  list:\n    - { name: a, label: A, preset: { model: gpt-4o } }\n',
      'modelSpecs.list.0.preset.endpoint',
    ],
    [
      'a model spec preset with a misspelt parameter',
      'modelSpecs:\n  list:\n    - { name: a, label: A, preset: { endpoint: openAI, temprature: 1 } }\n',
      'modelSpecs.list.0.preset.temprature: unknown key',
    ],
    [
      'two model specs of one name',
      'modelSpecs:\n  list:\n    - { name: a, label: A, preset: { endpoint: openAI } }\n    - { name: a, label: B, preset: { endpoint: openAI } }\n',
      'modelSpecs.list.1.name: duplicate spec name "a"',
    ],
    [
      'two default model specs',
      'modelSpecs:\n  list:\n    - { name: a, label: A, default: true, preset: { endpoint: openAI } }\n    - { name: b, label: B, default: true, preset: { endpoint: openAI } }\n',
      'modelSpecs.list: at most one spec can be the default',
    ],
  ])('refuses %s', (_, yaml, problem) => {
    let error: ConfigError | undefined;
    try {
      parseParleyYaml(yaml);
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems.join('\n')).toContain(problem);
  });

  it('accepts tool servers whose URL scheme fits their type', () => {
    expect(() =>
      parseParleyYaml(
        'mcpServers:\n  a: { type: websocket, url: "wss://x" }\n  b: { type: sse, url: "https://x/sse" }\n  c: { command: npx, args: [server] }\n',
      ),
    ).not.toThrow();
    const { config } = parseParleyYaml(
      [
        'mcpServers:',
        '  d: { url: "wss://x" }',
        '  e: { type: http, url: "https://x/mcp?team={{TEAM}}", headers: { Authorization: "Bearer ${MCP_TOKEN}" },',
        '       customUserVars: { TEAM: { title: Team, description: Your team id } }, timeout: 5000, initTimeout: 2000,',
        '       oauth: { client_id: parley, token_exchange_method: basic_auth_header }, startup: false, chatMenu: false,',
        '       serverInstructions: "Use e for lookups", iconPath: /e.svg }',
        '  f: { command: node, env: { USER: "{{LIBRECHAT_USER_ID}}" } }',
      ].join('\n'),
      { MCP_TOKEN: 't0k' },
    );
    expect(config.mcpServers?.d?.type).toBe('websocket');
    expect(config.mcpServers?.e).toMatchObject({
      type: 'streamable-http',
      headers: { Authorization: 'Bearer t0k' },
      timeout: 5000,
      startup: false,
    });
  });

  it('interface.mcpServers.placeholder names the MCP picker; absent when not set, other keys ignored', () => {
    expect(resolveInterface({}).mcpServers).toBeUndefined();
    const yaml = parseParleyYaml('interface:\n  mcpServers:\n    placeholder: Tool servers\n    use: true\n');
    expect(resolveInterface(yaml.config).mcpServers).toEqual({ placeholder: 'Tool servers' });
  });

  it('interface.remoteImages: allow, ask or block, ask when absent; anything else stops the start', () => {
    expect(parseParleyYaml('interface:\n  remoteImages: block\n').config.interface?.remoteImages).toBe(
      'block',
    );
    expect(resolveInterface({}).remoteImages).toBe('ask');
    expect(() => parseParleyYaml('interface:\n  remoteImages: sometimes\n')).toThrow(ConfigError);
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

  it('refuses the /v1/ model-name prefixes as endpoint names, in any case', () => {
    for (const name of ['spec', 'Spec', 'agents', 'Agents'])
      expect(() =>
        parseParleyYaml(`endpoints:
  custom:
    - { name: ${name}, apiKey: k, baseURL: http://x, models: { default: [m] } }
`),
      ).toThrow(/built-in endpoint name|model-name prefix/);
    expect(() =>
      parseParleyYaml(`endpoints:
  custom:
    - { name: Specs, apiKey: k, baseURL: http://x, models: { default: [m] } }
`),
    ).not.toThrow();
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
        unimplementedSections: [],
      });
    expect(build({}).env.ALLOW_PASSWORD_RESET).toBe(false);
    expect(
      build({ EMAIL_HOST: 'smtp.example.com', EMAIL_FROM: 'a@example.com' }).env.ALLOW_PASSWORD_RESET,
    ).toBe(true);
    expect(build({ ALLOW_PASSWORD_RESET: 'true' }).env.ALLOW_PASSWORD_RESET).toBe(true);
  });
});
