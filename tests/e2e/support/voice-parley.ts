import { startSimulator, type SimDefaults, type SimServer } from '@parley/llm-sim';
import { test } from './fixtures.ts';
import { startParley, type RunningServer } from './parley-server.ts';

export interface VoiceParley {
  sim: SimServer;
  server: RunningServer;
}

/**
 * The voice specs' setting: Chromium's fake microphone (a tone, which MediaRecorder records and the
 * simulator transcribes to SIM_TRANSCRIPT), audio allowed to play without a gesture, and a Parley
 * of the spec's own whose `Voice` endpoint (the echo model) and speech engines are a simulator's,
 * paced by `defaults`. Started before the spec's tests and stopped after them; the fields are
 * filled once the hook has run. Call it at the top level of a spec.
 */
export function useVoiceParley(defaults?: Partial<SimDefaults>): VoiceParley {
  test.use({
    permissions: ['microphone'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  });
  const running = {} as VoiceParley;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    running.sim = await startSimulator({ host: '127.0.0.1', port: 0, ...(defaults ? { defaults } : {}) });
    const url = running.sim.url;
    running.server = await startParley({
      yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Voice
      apiKey: sim
      baseURL: ${url}/v1
      models: { default: [echo], fetch: false }
speech:
  tts:
    openai: { url: ${url}/v1, apiKey: sim, model: tts-1, voices: [alloy, nova] }
  stt:
    openai: { url: ${url}/v1, apiKey: sim, model: whisper-1 }
`,
    });
  });
  test.afterAll(async () => {
    await running.server?.stop();
    await running.sim?.close();
  });
  return running;
}
