import type { Page } from '@playwright/test';
import { signIn } from '../support/chat.ts';
import { expect } from '../support/fixtures.ts';

/** Signs a fresh user in and creates conversations through the chat API (Demo endpoint, echo). */
export async function signInWithChats(page: Page, baseURL: string, texts: string[], prefix = 'convos') {
  const user = await signIn(page, baseURL, prefix);
  const token = await apiToken(page, user);
  for (const text of texts) {
    const res = await page.request.post('/api/agents/chat/Demo', {
      headers: { Authorization: `Bearer ${token}` },
      data: { text, model: 'echo', conversationId: null },
    });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  return { user, token };
}

export async function apiToken(page: Page, user: { email: string; password: string }): Promise<string> {
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  return ((await login.json()) as { token: string }).token;
}

/** The sidebar row (link) whose title is exactly `title`. */
export function row(page: Page, title: string) {
  return page.getByTestId('conversation-row').filter({ hasText: new RegExp(`^${escape(title)}$`) });
}

/** Opens the options menu of the row titled `title`. */
export async function openRowMenu(page: Page, title: string): Promise<void> {
  await row(page, title).hover();
  await page.getByRole('button', { name: `Options for "${title}"` }).click();
  await expect(page.getByTestId('row-menu-content')).toBeVisible();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
