import { SIM_TRANSCRIPT } from '@parley/llm-sim';
import type { Browser, Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { useVoiceParley } from '../support/voice-parley.ts';

// Answers spoken while they stream, and conversation mode. The simulator's echo model writes at
// 10 tokens a second after a 1.2 s pause (so "thinking" can be seen), its speech engine answers
// silent MP3 whose length follows the text (60 ms a character), and Chromium's fake microphone is
// what MediaRecorder records. Every audio element the page plays is recorded by an init script.
const voice = useVoiceParley({ tokensPerSecond: 10, firstTokenDelayMs: 1200 });

interface VoiceProbe {
  /** performance.now() of each `playing` event of an audio element. */
  played: number[];
  audios: HTMLMediaElement[];
}

/** Records every media element the page plays and when it starts playing. */
function recordAudio() {
  const probe: VoiceProbe = { played: [], audios: [] };
  (window as unknown as { __voice: VoiceProbe }).__voice = probe;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!probe.audios.includes(this)) {
      probe.audios.push(this);
      this.addEventListener('playing', () => probe.played.push(performance.now()));
    }
    return play.call(this);
  };
}

const playedCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __voice: VoiceProbe }).__voice.played.length);
/** Whether no audio element of the page is sounding. */
const silent = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __voice: VoiceProbe }).__voice.audios.every((a) => a.paused || a.ended),
  );

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function openChat(browser: Browser, prefix: string, viewport = DESKTOP) {
  const context = await browser.newContext({
    baseURL: voice.server.url,
    permissions: ['microphone'],
    viewport,
  });
  await context.addInitScript(recordAudio);
  const page = await context.newPage();
  await signIn(page, voice.server.url, prefix);
  await chooseModel(page, 'echo');
  return { context, page };
}

const onPhone = (page: Page) => page.viewportSize()!.width < 768;

/** Settings → Speech → Advanced (on a phone the account menu is in the sidebar). */
async function openSpeechAdvanced(page: Page) {
  if (onPhone(page)) {
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
  }
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: 'Speech', exact: true }).click();
  await dialog.getByTestId('speech-advanced').click();
  return dialog;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${page.viewportSize()!.width}.png`) });
}

const ANSWER =
  'Hello from the first sentence. The second sentence takes a little longer to arrive. ' +
  'A third sentence keeps the stream going for a while. And a fourth one closes the answer at last.';

test('automatic playback speaks an answer while it streams; stop, a new send and the voice stop silence it', async ({
  browser,
}) => {
  const { context, page } = await openChat(browser, 'autoplay');
  const settings = await openSpeechAdvanced(page);
  const automatic = settings.getByTestId('automatic-playback');
  await expect(automatic).toHaveAttribute('data-state', 'unchecked');
  await automatic.click();
  await expect(automatic).toHaveAttribute('data-state', 'checked');
  await page.keyboard.press('Escape');

  const spoken: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/files/speech/tts/manual')) {
      spoken.push((JSON.parse(request.postData()!) as { input: string }).input);
    }
  });

  // The first sentence plays while the answer is still being written.
  await send(page, ANSWER);
  await page.waitForFunction(() => (window as unknown as { __voice: VoiceProbe }).__voice.played.length > 0);
  await expect(page.getByTestId('stop-button')).toBeVisible();
  expect(spoken[0]).toBe('Hello from the first sentence.');
  await expect(page.getByTestId('voice-status')).toHaveAttribute('data-phase', 'speaking');

  // The stop button ends the answer and its speech.
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('voice-status')).toBeHidden();
  await waitIdle(page);
  const afterStop = await playedCount(page);
  await page.waitForTimeout(1500);
  expect(await silent(page)).toBe(true);
  expect(await playedCount(page)).toBe(afterStop);

  // Speech goes on after the answer is written, in order, each sentence asked for once; a new
  // send silences it and speaks the new answer instead.
  spoken.length = 0;
  const long =
    'Then a much longer second sentence, which takes several seconds to say at sixty milliseconds a character.';
  const start = await playedCount(page);
  await send(page, `Short one. ${long}`);
  await waitIdle(page);
  await expect(page.getByTestId('voice-status')).toHaveAttribute('data-phase', 'speaking');
  expect(spoken).toEqual(['Short one.', long]);
  // The long sentence (6 s of audio) is playing when the next question is sent.
  await expect.poll(() => playedCount(page), { timeout: 15_000 }).toBe(start + 2);
  await send(page, 'A new question now.');
  await expect.poll(() => playedCount(page), { timeout: 15_000 }).toBe(start + 3);
  expect(spoken.at(-1)).toBe('A new question now.');
  const sounding = await page.evaluate(
    () =>
      (window as unknown as { __voice: VoiceProbe }).__voice.audios.filter((a) => !a.paused && !a.ended)
        .length,
  );
  expect(sounding).toBe(1);

  // The stop beside the status silences it at once.
  await page.getByTestId('voice-stop').click();
  await expect(page.getByTestId('voice-status')).toBeHidden();
  expect(await silent(page)).toBe(true);
  await context.close();
});

for (const [size, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`conversation mode (${size}): listen, send, speak the answer, listen again; stop ends the loop`, async ({
    browser,
  }) => {
    const { context, page } = await openChat(browser, 'convmode', viewport);
    const settings = await openSpeechAdvanced(page);
    await settings.getByTestId('conversation-mode').click();
    await expect(settings.getByTestId('auto-send-value')).toHaveText('3 seconds');
    await shoot(page, 'speech-tab-advanced');
    await page.keyboard.press('Escape');
    if (onPhone(page)) await page.getByTestId('nav-mask').click({ position: { x: 370, y: 400 } });

    let transcriptions = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/files/speech/stt')) transcriptions += 1;
    });

    const mic = page.getByTestId('mic-button');
    const status = page.getByTestId('voice-status');
    await mic.click();
    await expect(mic).toHaveAttribute('data-state', 'listening');
    await expect(status).toHaveAttribute('data-phase', 'listening');
    await shoot(page, 'composer-listening');
    await page.waitForTimeout(1200);
    await mic.click();
    await expect(page.getByTestId('chat-input')).toHaveValue(SIM_TRANSCRIPT, { timeout: 20_000 });

    // Auto-send counts down, then sends it; the answer is awaited, then spoken.
    await expect(status).toHaveAttribute('data-phase', 'sending');
    await expect(status).toContainText(/Sending in [1-3] seconds?/);
    await shoot(page, 'composer-sending');
    await expect(status).toHaveAttribute('data-phase', 'thinking', { timeout: 10_000 });
    await shoot(page, 'composer-thinking');
    await expect(status).toHaveAttribute('data-phase', 'speaking', { timeout: 15_000 });
    await shoot(page, 'composer-speaking');
    await expect(lastAnswer(page)).toContainText(SIM_TRANSCRIPT, { timeout: 15_000 });

    // Spoken to its end: the microphone listens again by itself.
    await expect(mic).toHaveAttribute('data-state', 'listening', { timeout: 20_000 });
    await expect(status).toHaveAttribute('data-phase', 'listening');
    expect(transcriptions).toBe(1);

    // Stop ends the loop: the recording is dropped, nothing is transcribed or sent.
    await page.getByTestId('voice-stop').click();
    await expect(mic).toHaveAttribute('data-state', 'idle');
    await expect(status).toBeHidden();
    await page.waitForTimeout(1000);
    expect(transcriptions).toBe(1);
    await expect(page.getByTestId('chat-input')).toHaveValue('');
    await context.close();
  });
}

test('a transcript waiting to be sent by itself shows the countdown; cancel keeps it in the box unsent', async ({
  browser,
}) => {
  const { context, page } = await openChat(browser, 'cancelsend');
  const settings = await openSpeechAdvanced(page);
  await settings.getByTestId('conversation-mode').click();
  await expect(settings.getByTestId('auto-send-value')).toHaveText('3 seconds');
  await page.keyboard.press('Escape');
  let chats = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/agents/chat/')) chats += 1;
  });

  const mic = page.getByTestId('mic-button');
  const status = page.getByTestId('voice-status');
  await mic.click();
  await expect(mic).toHaveAttribute('data-state', 'listening');
  await page.waitForTimeout(1200);
  await mic.click();
  await expect(page.getByTestId('chat-input')).toHaveValue(SIM_TRANSCRIPT, { timeout: 20_000 });
  await expect(status).toHaveAttribute('data-phase', 'sending');
  await page.getByTestId('voice-cancel-send').click();
  await expect(status).toBeHidden();
  // Past the three seconds: nothing was sent, the transcript stays to be edited.
  await page.waitForTimeout(4000);
  expect(chats).toBe(0);
  await expect(page.getByTestId('chat-input')).toHaveValue(SIM_TRANSCRIPT);
  await context.close();
});
