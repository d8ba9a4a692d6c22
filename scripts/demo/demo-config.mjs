// What `npm run demo` turns on: every feature, each pointed at the built-in simulator, so nothing
// leaves the machine. The models are the simulator's scripted ones (packages/llm-sim/README.md),
// each showing one feature the way a real model would use it.
import { fileURLToPath } from 'node:url';

export const DEMO_ENDPOINT = 'Simulator';
/** The models offered, first the default: each exercises one feature when asked anything. */
export const DEMO_MODELS = [
  'showcase',
  'echo',
  'web-search',
  'file-search',
  'tools-named',
  'artifact',
  'thinking',
  'vision',
];
export const DEMO_MCP_SERVER = 'demo-tools';
export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'parley-demo', name: 'Demo' };

const MCP_SERVER_SCRIPT = fileURLToPath(new URL('./mcp-server.mjs', import.meta.url));

/** parley.yaml of the demo, with the simulator at `simUrl`. JSON is valid YAML: no quoting to get wrong. */
export function demoYaml(simUrl) {
  const config = {
    version: '1.2.8',
    endpoints: {
      custom: [
        {
          name: DEMO_ENDPOINT,
          apiKey: 'sim',
          baseURL: `${simUrl}/v1`,
          models: { default: DEMO_MODELS },
          titleConvo: true,
          titleModel: 'title',
        },
      ],
    },
    webSearch: { searchProvider: 'searxng', searxngInstanceUrl: simUrl, scraperType: 'builtin' },
    mcpServers: {
      [DEMO_MCP_SERVER]: { command: process.execPath, args: [MCP_SERVER_SCRIPT], serverInstructions: true },
    },
    speech: {
      tts: { openai: { url: `${simUrl}/v1`, apiKey: 'sim', model: 'tts-1', voices: ['alloy', 'nova'] } },
      stt: { openai: { url: `${simUrl}/v1`, apiKey: 'sim', model: 'whisper-1' } },
    },
    memory: { agent: { provider: DEMO_ENDPOINT, model: 'memory' } },
    ocr: { strategy: 'local_tesseract' },
    // Credits per person (the simulator's models cost one credit a token): the Balance tab, the
    // figures under each answer.
    balance: { enabled: true, startBalance: 10_000_000 },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The environment of the demo's server (over the caller's, which may set HOST, PORT, DATA_DIR). */
export function demoEnv(simUrl) {
  return {
    // The simulator's search, pages and pictures live on loopback, which is refused by default.
    USER_BASE_URL_ALLOWLIST: '127.0.0.1',
    IMAGE_GEN_OAI_API_KEY: 'sim',
    IMAGE_GEN_OAI_BASEURL: `${simUrl}/v1`,
    EMBEDDINGS_URL: `${simUrl}/v1`,
    EMBEDDINGS_MODEL: 'sim-embed',
    EMBEDDINGS_DIMENSIONS: '256',
  };
}
