import type { Page } from '@playwright/test';
import { chooseModel, send, waitIdle } from './chat.ts';

/** An artifact block as a model writes it (the echo model answers with exactly this text). */
export const artifactBlock = (id: string, type: string, title: string, lang: string, code: string) =>
  `:::artifact{identifier="${id}" type="${type}" title="${title}"}\n\`\`\`${lang}\n${code}\n\`\`\`\n:::`;

/** Sends text to the echo model through the message box and waits for the answer to finish. */
export async function echo(page: Page, text: string) {
  await chooseModel(page, 'echo');
  await send(page, text);
  await waitIdle(page);
}

/** The artifacts panel's preview frame. */
export const previewFrame = (page: Page) => page.frameLocator('[data-testid="artifact-preview"]');
