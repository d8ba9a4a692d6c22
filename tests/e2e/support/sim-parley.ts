import type { Browser } from '@playwright/test';
import { startSimulator, type RequestObserver, type SimServer } from '@parley/llm-sim';
import { expect, loginViaApi, registerViaApi, test, uniqueUser } from './fixtures.ts';
import { startParley, type RunningServer } from './parley-server.ts';

export interface SimParley {
  sim: SimServer;
  server: RunningServer;
}

/**
 * A Parley of the spec's own whose `Sim` custom endpoint answers from a simulator of its own,
 * offering `models`; `yaml` is added to its parley.yaml (with `SIM_URL` replaced by the
 * simulator's address). Started before the spec's tests and stopped after them; the fields are
 * filled once the hook has run. `onSimRequest` sees the generation and rerank requests the
 * simulator receives. `tokensPerSecond` paces every answer of the endpoint (the simulator's
 * `x-sim-tokens-per-second` header), over each model's own pace.
 */
export function useSimParley(options: {
  models: string[];
  tokensPerSecond?: number;
  yaml?: string;
  env?: (simUrl: string) => Record<string, string>;
  onSimRequest?: RequestObserver;
}): SimParley {
  const running = {} as SimParley;
  test.beforeAll(async () => {
    // Starting a server under tsx can take over a minute on a loaded machine.
    test.setTimeout(180_000);
    running.sim = await startSimulator({ onRequest: options.onSimRequest });
    const url = running.sim.url;
    const pace = options.tokensPerSecond
      ? `      headers: { x-sim-tokens-per-second: '${options.tokensPerSecond}' }\n`
      : '';
    running.server = await startParley({
      env: options.env?.(url) ?? {},
      yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${url}/v1
      models: { default: [${options.models.join(', ')}] }
${pace}${(options.yaml ?? '').replaceAll('SIM_URL', url)}`,
    });
  });
  test.afterAll(async () => {
    await running.server?.stop();
    await running.sim?.close();
  });
  return running;
}

/** Web search through the simulator's SearXNG (loopback must be allowed for the user's base URL). */
export const SIM_WEB_SEARCH = {
  yaml: 'webSearch:\n  searchProvider: searxng\n  searxngInstanceUrl: SIM_URL\n',
  env: () => ({ USER_BASE_URL_ALLOWLIST: '127.0.0.1' }),
};

/** A fresh account, signed in, in a desktop-sized context of its own. */
export async function openSignedIn(browser: Browser, baseURL: string, prefix: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser(prefix);
  await registerViaApi(baseURL, user);
  await loginViaApi(page, baseURL, user);
  await page.goto('/c/new');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  return { context, page, user };
}
