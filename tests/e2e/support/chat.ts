import type { Page } from '@playwright/test';
import { expect, loginViaApi, registerViaApi, uniqueUser } from './fixtures.ts';

/** A fresh account, signed in (the login form has its own specs), on /c/new. */
export async function signIn(page: Page, baseURL: string, prefix = 'chat') {
  const user = uniqueUser(prefix);
  await registerViaApi(baseURL, user);
  await loginViaApi(page, baseURL, user);
  await page.goto(`${baseURL}/c/new`);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  return user;
}

/** Picks a Demo model in the header's model menu. */
export async function chooseModel(page: Page, model: string): Promise<void> {
  await page.getByTestId('model-menu').click();
  await page.getByTestId(`model-option-${model}`).click();
  // The menu shows the model's name; its id is on the button.
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', model);
}

export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
}

/** The last assistant message on screen. */
export function lastAnswer(page: Page) {
  return page.getByTestId('message-assistant').last();
}

/** Waits until no answer is streaming (the send button is back). */
export async function waitIdle(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout });
}

/** Turns a built-in tool on from the tools menu and waits for its badge. */
export async function turnOnTool(page: Page, tool: string): Promise<void> {
  await page.getByTestId('tools-menu').click();
  await page.getByTestId(`tools-menu-${tool}`).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`tool-badge-${tool}`)).toBeVisible();
}

/**
 * On a phone, closes the sidebar that a page made narrower opens over the chat, by its mask. The
 * sidebar can open a few frames after the resize, so the check is retried until it stays closed.
 */
export async function closePhoneSidebar(page: Page): Promise<void> {
  const mask = page.getByTestId('nav-mask');
  await expect(async () => {
    if (await mask.isVisible()) await mask.click({ position: { x: 370, y: 400 } });
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'closed', { timeout: 1_000 });
  }).toPass();
}
