import { startSimulator, type SimServer } from '@parley/llm-sim';
import type { Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// A server of its own whose only endpoint is Bedrock (pointed at the simulator), with a model of
// each maker whose sliders differ.
let sim: SimServer;
let server: RunningServer;

const MODELS = {
  anthropic: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  meta: 'us.meta.llama3-2-3b-instruct-v1:0',
  cohere: 'cohere.command-r-plus-v1:0',
  mistral: 'mistral.mistral-large-2407-v1:0',
  amazon: 'amazon.nova-pro-v1:0',
};

test.beforeAll(async () => {
  sim = await startSimulator({ host: '127.0.0.1', port: 0 });
  server = await startParley({
    env: {
      BEDROCK_AWS_DEFAULT_REGION: 'us-east-1',
      BEDROCK_AWS_ACCESS_KEY_ID: 'AKIDPARLEYE2E',
      BEDROCK_AWS_SECRET_ACCESS_KEY: 'bedrock-secret',
      BEDROCK_REVERSE_PROXY: sim.url,
      BEDROCK_AWS_MODELS: Object.values(MODELS).join(','),
      TITLE_CONVO: 'false',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

/** The slider's number field shows the maker's default as its placeholder and its range. */
async function expectSlider(page: Page, key: string, range: { min: string; max: string; default: string }) {
  const field = page.getByTestId('parameters-panel').getByTestId(`param-${key}`);
  await expect(field).toHaveAttribute('placeholder', range.default);
  await expect(field).toHaveAttribute('min', range.min);
  await expect(field).toHaveAttribute('max', range.max);
}

async function openPanel(page: Page) {
  await page.getByTestId('parameters-button').click();
  await expect(page.getByTestId('parameters-panel')).toBeVisible();
}

async function closePanel(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('parameters-panel')).toHaveCount(0);
}

test('the Bedrock panel shows the sliders of the model maker, and a switch fits set values', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const user = uniqueUser('bedrock');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  await chooseModel(page, MODELS.anthropic);
  await openPanel(page);
  await expectSlider(page, 'temperature', { min: '0', max: '1', default: '1' });
  await expectSlider(page, 'topP', { min: '0', max: '1', default: '0.999' });
  await expectSlider(page, 'topK', { min: '0', max: '500', default: '0' });
  await page
    .getByTestId('parameters-panel')
    .screenshot({ path: test.info().outputPath('bedrock-anthropic.png'), animations: 'disabled' });
  await closePanel(page);

  await chooseModel(page, MODELS.meta);
  await openPanel(page);
  await expectSlider(page, 'temperature', { min: '0', max: '1', default: '0.5' });
  await expectSlider(page, 'topP', { min: '0', max: '1', default: '0.9' });
  await expect(page.getByTestId('param-topK')).toHaveCount(0);
  await page.getByTestId('param-topP').fill('1');
  await closePanel(page);

  // Cohere's topP stops at 0.99: the value set for Llama is brought into range, and accepted.
  await chooseModel(page, MODELS.cohere);
  await openPanel(page);
  await expectSlider(page, 'temperature', { min: '0', max: '1', default: '0.3' });
  await expectSlider(page, 'topP', { min: '0.01', max: '0.99', default: '0.75' });
  await expect(page.getByTestId('param-topP')).toHaveValue('0.99');
  await page
    .getByTestId('parameters-panel')
    .screenshot({ path: test.info().outputPath('bedrock-cohere.png'), animations: 'disabled' });
  await closePanel(page);
  await send(page, 'Hello from Cohere settings');
  await expect(lastAnswer(page)).toContainText('Hello from Cohere settings');
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('message-error')).toHaveCount(0);

  for (const [model, temperature] of [
    [MODELS.mistral, '0.7'],
    [MODELS.amazon, '0.5'],
  ] as const) {
    await chooseModel(page, model);
    await openPanel(page);
    await expectSlider(page, 'temperature', { min: '0', max: '1', default: temperature });
    await expectSlider(page, 'topP', { min: '0', max: '1', default: '0.9' });
    await expect(page.getByTestId('param-topK')).toHaveCount(0);
    await closePanel(page);
  }
  await context.close();
});
