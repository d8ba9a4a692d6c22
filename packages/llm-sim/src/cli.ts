// `npm run sim`: runs the simulator alone. SIM_PORT (default 3090) and SIM_HOST (default 127.0.0.1).
import { SIM_MODELS } from './behaviours/registry.ts';
import { startSimulator } from './server.ts';

const port = Number(process.env.SIM_PORT ?? 3090);
const host = process.env.SIM_HOST ?? '127.0.0.1';

const sim = await startSimulator({ port, host });
console.log(`Parley LLM simulator listening on ${sim.url}`);
console.log(`  OpenAI (chat + responses): ${sim.url}/v1`);
console.log(`  Anthropic:                 ${sim.url} (SDK) or ${sim.url}/v1 (AI SDK)`);
console.log(`  Gemini:                    ${sim.url} (SDK) or ${sim.url}/v1beta (AI SDK)`);
console.log(`  Bedrock:                   ${sim.url}`);
console.log(`  Azure OpenAI:              ${sim.url} (endpoint) or ${sim.url}/openai/v1 (AI SDK)`);
console.log(`Models: ${SIM_MODELS.join(', ')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}
