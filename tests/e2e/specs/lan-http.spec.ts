import { networkInterfaces } from 'node:os';
import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// Parley opened the way a home network first meets it: plain http at the machine's LAN address.
// Such a page is not a secure context, so the browser hides crypto.randomUUID, the Clipboard API,
// WebAuthn, getUserMedia and service workers; the signed-in flow must work without them.

/** This machine's first non-loopback IPv4 address (192.0.2.2 in the test machine). */
function lanAddress(): string | undefined {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return all.find((a) => a.family === 'IPv4' && !a.internal)?.address;
}

const address = lanAddress();
let server: RunningServer;

test.skip(!address, 'this machine has no LAN address');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startParley({ host: address });
});
test.afterAll(async () => {
  await server?.stop();
});

test('signed in over plain http at a LAN address: send, stream, reopen, upload and copy work', async ({
  page,
}) => {
  const origin = server.url;
  expect(new URL(origin).hostname).not.toMatch(/^(127\.|localhost$)/);
  const user = uniqueUser('lan');
  await registerViaApi(origin, user);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(`${origin}/login`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  // No passkey button where passkeys cannot work (no WebAuthn here, and an IP address host).
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByTestId('passkey-sign-in')).toHaveCount(0);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.getByTestId('area-error')).toHaveCount(0);

  // Send, and watch the answer stream (the stop button shows while it grows).
  await chooseModel(page, 'slow');
  await send(page, 'Hello from the home network');
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Hello from the home network',
  );
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await waitIdle(page);
  await expect(lastAnswer(page)).not.toBeEmpty();
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  const firstChat = new URL(page.url()).pathname;

  // A second chat, then the first one opened again from the list.
  await page.getByTestId('new-chat').click();
  await page.waitForURL('**/c/new');
  await chooseModel(page, 'echo');
  await send(page, 'Second message over http');
  await expect(lastAnswer(page)).toContainText('Second message over http');
  await waitIdle(page);
  await page.getByTestId('conversation-row').nth(1).click();
  await page.waitForURL(`**${firstChat}`);
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Hello from the home network',
  );

  // Copy an answer: without the Clipboard API the text still reaches the clipboard, and pasting
  // it into the composer shows it.
  await page.getByTestId('new-chat').click();
  await page.waitForURL('**/c/new');
  await send(page, 'Copied without https');
  await expect(lastAnswer(page)).toContainText('Copied without https');
  await waitIdle(page);
  await lastAnswer(page).hover();
  await lastAnswer(page).getByTestId('copy-message').click();
  const input = page.getByTestId('chat-input');
  await input.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(input).toHaveValue(/Copied without https/);
  await input.fill('');

  // Upload a file and send it.
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'lan-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('heron census') });
  const chip = page.getByTestId('attachment');
  await expect(chip).toContainText('lan-notes.txt');
  await expect(chip).toHaveAttribute('data-progress', '1');
  await send(page, 'What is in the notes?');
  await expect(page.getByTestId('message-user').last()).toContainText('What is in the notes?');
  await waitIdle(page);

  // The account tab offers no passkey to add here either.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByTestId('passkeys')).toBeVisible();
  await expect(page.getByTestId('add-passkey')).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
