import type { Request } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const ephemeralAgentOf = (request: Request) =>
  (request.postDataJSON() as { ephemeralAgent: Record<string, unknown> }).ephemeralAgent;

test('tools menu: a tool turned on shows as a badge, is sent with the chat, stays with its conversation', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!, 'toolsmenu');
  await chooseModel(page, 'echo');

  // Off at first; the menu lists the server's code tool.
  await expect(page.getByTestId('tool-badge-execute_code')).toHaveCount(0);
  await page.getByTestId('tools-menu').click();
  const item = page.getByTestId('tools-menu-execute_code');
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-badge-execute_code')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('tools-menu-badge.png') });

  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(page, 'Run some code please');
  expect(ephemeralAgentOf(await sent)).toMatchObject({ execute_code: true });
  await expect(lastAnswer(page)).toContainText('Run some code please');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationUrl = page.url();
  // The conversation keeps its tools.
  await expect(page.getByTestId('tool-badge-execute_code')).toBeVisible();

  // A new chat starts with every tool off ("save badges state" is off by default).
  await page.getByTestId('new-chat').first().click();
  await expect(page).toHaveURL(/\/c\/new/);
  await expect(page.getByTestId('tool-badge-execute_code')).toHaveCount(0);
  const offSent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(page, 'No tools now');
  expect(ephemeralAgentOf(await offSent)).toMatchObject({ execute_code: false });
  await waitIdle(page);

  // Back in the first conversation the badge is there; its close button turns the tool off.
  await page.goto(conversationUrl);
  const badge = page.getByTestId('tool-badge-execute_code');
  await expect(badge).toBeVisible();
  await badge.getByRole('button', { name: 'Turn off Run code' }).click();
  await expect(badge).toHaveCount(0);
  const againSent = page.waitForRequest(
    (r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST',
  );
  await send(page, 'And now without');
  expect(ephemeralAgentOf(await againSent)).toMatchObject({ execute_code: false });
  await waitIdle(page);
});
