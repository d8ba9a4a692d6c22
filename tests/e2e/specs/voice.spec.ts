import { SIM_TRANSCRIPT } from '@parley/llm-sim';
import type { Page } from '@playwright/test';
import { chooseModel, lastAnswer, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { useVoiceParley } from '../support/voice-parley.ts';

// A server of its own whose speech engines are the simulator's; Chromium's fake microphone
// (a tone) is what MediaRecorder records, and the simulator transcribes any WebM to SIM_TRANSCRIPT.
const voice = useVoiceParley();

async function openSettings(page: Page, tab: string) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

test('dictation with the microphone, reading an answer aloud, the speech settings and the audio cache', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: voice.server.url, permissions: ['microphone'] });
  const page = await context.newPage();
  await signIn(page, voice.server.url, 'voice');
  await chooseModel(page, 'echo');

  // The server's external engines are the defaults (nothing was set in this browser).
  const settings = await openSettings(page, 'Speech');
  await expect(settings.getByTestId('engine-stt')).toHaveValue('external');
  await expect(settings.getByTestId('engine-tts')).toHaveValue('external');
  await settings.getByTestId('voice-select').selectOption('nova');
  await page.screenshot({ path: test.info().outputPath('speech-simple.png') });
  await settings.getByTestId('speech-advanced').click();
  await settings.getByTestId('conversation-mode').click();
  await expect(settings.getByTestId('auto-send-value')).toHaveText('3 seconds');
  await expect(settings.getByTestId('auto-transcribe')).toHaveAttribute('data-state', 'checked');
  await settings.getByTestId('conversation-mode').click();
  // Auto-send acts on automatic transcripts: its slider shows only while auto-transcribe is on.
  await expect(settings.getByTestId('auto-transcribe')).toHaveAttribute('data-state', 'unchecked');
  await expect(settings.getByTestId('auto-send')).toHaveCount(0);
  await settings.getByTestId('auto-transcribe').click();
  await settings.getByTestId('auto-send').fill('-1');
  await expect(settings.getByTestId('auto-send-value')).toHaveText('Off');
  await settings.getByTestId('language-tts').selectOption('de-DE');
  await expect(settings.getByTestId('language-tts')).toHaveValue('de-DE');
  await expect(settings.getByTestId('auto-transcribe')).toHaveAttribute('data-state', 'checked');
  await page.screenshot({ path: test.info().outputPath('speech-advanced.png') });
  await page.keyboard.press('Escape');

  // Dictate: Shift+Alt+L starts, the button stops; the transcript lands in the message box.
  const mic = page.getByTestId('mic-button');
  await page.getByTestId('chat-input').focus();
  await page.keyboard.press('Shift+Alt+L');
  await expect(mic).toHaveAttribute('data-state', 'listening');
  await page.waitForTimeout(1200);
  await mic.click();
  await expect(mic).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
  await expect(page.getByTestId('chat-input')).toHaveValue(SIM_TRANSCRIPT);
  await page.getByTestId('send-button').click();
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText(SIM_TRANSCRIPT);

  // Read the answer aloud through the server's engine; the audio is then kept in the cache.
  const spoken = page.waitForResponse((r) => r.url().endsWith('/api/files/speech/tts/manual'));
  await lastAnswer(page).hover();
  await lastAnswer(page).getByTestId('read-aloud').click();
  const response = await spoken;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/mpeg');
  expect(JSON.parse(response.request().postData()!)).toEqual({ input: SIM_TRANSCRIPT, voice: 'nova' });
  await expect(lastAnswer(page).getByTestId('read-aloud')).toHaveAttribute('data-playing', 'true');

  const data = await openSettings(page, 'Data controls');
  const clear = data.getByTestId('clear-tts-cache');
  await expect(clear).toBeEnabled();
  await clear.click();
  await expect(clear).toBeDisabled();
  await context.close();
});
