import type { ReceivedRequest } from '@parley/llm-sim';
import type { Browser, Page } from '@playwright/test';
import {
  isRerank,
  OPEN_RERANKER_WEB_SEARCH,
} from '../../../packages/server/test/web-search/open-reranker-config.ts';
import { chooseModel, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// Web search whose Serper key the operator left to each person: the tools menu's key button opens
// the credential dialog, the key is saved (encrypted, for this person only) and used, and can be
// removed again. The simulator stands in for Serper and SearXNG (loopback allowed through
// USER_BASE_URL_ALLOWLIST). The search provider is left open (Serper unless a person picks SearXNG);
// the scraper and reranker are fixed, so the dialog offers only the provider.
const stack = useSimParley({
  models: ['web-search'],
  yaml: `webSearch:
  searxngInstanceUrl: user_provided
  serperApiKey: \${SERPER_KEY_UNSET}
  serperApiUrl: SIM_URL/search
  scraperType: serper
  serperScrapeUrl: SIM_URL/scrape
  rerankerType: jina
  jinaApiKey: \${JINA_KEY_UNSET}
  jinaApiUrl: SIM_URL/v1/rerank
`,
  env: () => ({ USER_BASE_URL_ALLOWLIST: '127.0.0.1', SERPER_KEY_UNSET: '', JINA_KEY_UNSET: '' }),
});

/** Desktop and phone, where the dialog is looked at. */
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

/** A fresh person signed in to `url` with the web-search model chosen and the credential dialog open. */
async function newPersonInKeysDialog(browser: Browser, url: string, prefix: string) {
  const { context, page } = await openSignedIn(browser, url, prefix);
  await chooseModel(page, 'web-search');
  await openKeysDialog(page);
  return { context, page, dialog: page.getByTestId('tool-credentials-dialog') };
}

/**
 * Opens the web search credential dialog from the tools menu, which may still be open behind a
 * dialog that closed. On a phone (a page of its own) the sidebar that opens over the chat is closed first.
 */
/**
 * Sets the viewport and has the credential dialog open there. The phone layout is a page of its
 * own, so a resize can close the dialog a few frames after the resize returns: the dialog is
 * checked after the frames that follow, opened again if it closed, and the whole is retried until
 * it stays open across two frames with `ready` holding.
 */
async function keysDialogAt(page: Page, box: { width: number; height: number }, ready?: () => Promise<void>) {
  await page.setViewportSize(box);
  const dialog = page.getByTestId('tool-credentials-dialog');
  await expect(async () => {
    await nextFrames(page);
    if (!(await dialog.isVisible())) await openKeysDialog(page);
    await nextFrames(page);
    await expect(dialog).toBeVisible({ timeout: 1_000 });
    await ready?.();
  }).toPass({ timeout: 30_000 });
}

/** Waits two animation frames: media-query changes and the renders they cause are done by then. */
async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
}

async function openKeysDialog(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) {
    const close = page.getByRole('button', { name: 'Close sidebar' }).first();
    if (await close.isVisible()) await close.click();
  }
  if (!(await page.getByTestId('tools-menu-list').isVisible())) await page.getByTestId('tools-menu').click();
  await page.getByTestId('tools-menu-keys-web_search').click();
  await expect(page.getByTestId('tool-credentials-dialog')).toBeVisible();
}

test('web search keys: the tools menu opens the credential dialog; saved keys are used; revoke removes them', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'websearch-keys');
  await chooseModel(page, 'web-search');

  await page.getByTestId('tools-menu').click();
  const keys = page.getByTestId('tools-menu-keys-web_search');
  await expect(keys).toHaveAccessibleName('Your keys for Web search');
  await keys.click();
  const dialog = page.getByTestId('tool-credentials-dialog');
  await expect(dialog).toBeVisible();
  const field = dialog.getByTestId('tool-credential-serperApiKey');
  await expect(field).toHaveAttribute('type', 'password');
  // Nothing saved yet: nothing to remove, and an empty key cannot be saved.
  await expect(dialog.getByTestId('tool-credentials-revoke')).toHaveCount(0);
  await expect(dialog.getByTestId('tool-credentials-save')).toBeDisabled();
  await expect(dialog).toContainText('Sign in to Web search');
  const menu = page.getByTestId('tools-menu-list');
  const openDialog = () => openKeysDialog(page);
  // Desktop (1440×900) and phone (390×844), light and dark; the phone layout is a page of its own,
  // so the dialog is opened again there.
  for (const [size, box] of Object.entries(SIZES)) {
    await keysDialogAt(page, box);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`web-search-keys-dialog-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await keysDialogAt(page, { width: 1280, height: 900 });
  const field2 = dialog.getByTestId('tool-credential-serperApiKey');

  const saved = page.waitForRequest((r) => r.url().endsWith('/api/user/plugins') && r.method() === 'POST');
  await field2.fill('my-serper-key');
  // The first time every key is needed.
  await expect(dialog.getByTestId('tool-credentials-save')).toBeDisabled();
  await dialog.getByTestId('tool-credential-jinaApiKey').fill('my-jina-key');
  await dialog.getByTestId('tool-credentials-save').click();
  expect((await saved).postDataJSON()).toMatchObject({
    pluginKey: 'web_search',
    action: 'install',
    auth: { serperApiKey: 'my-serper-key', jinaApiKey: 'my-jina-key' },
  });
  await expect(dialog).toBeHidden();

  // Once saved, one key can change alone: only the filled field is sent, and the empty one
  // keeps its saved key (the search below still needs it).
  await openDialog();
  await expect(dialog.getByTestId('tool-credentials-save')).toBeDisabled();
  await dialog.getByTestId('tool-credential-jinaApiKey').fill('my-new-jina-key');
  const changed = page.waitForRequest((r) => r.url().endsWith('/api/user/plugins') && r.method() === 'POST');
  await dialog.getByTestId('tool-credentials-save').click();
  expect((await changed).postDataJSON().auth).toEqual({ jinaApiKey: 'my-new-jina-key' });
  await expect(dialog).toBeHidden();

  // The saved key is used: the search answers with sources.
  if (await menu.isVisible()) await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await turnOnTool(page, 'web_search');
  await send(page, 'How do solar panels work?');
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('web-search-sources')).toBeVisible();
  await expect(lastAnswer(page)).toContainText('How solar panels make electricity');

  // Revoke: the dialog offers removal once a key is saved, and afterwards asks again.
  await openDialog();
  const removed = page.waitForRequest((r) => r.url().endsWith('/api/user/plugins') && r.method() === 'POST');
  await dialog.getByTestId('tool-credentials-revoke').click();
  expect((await removed).postDataJSON()).toMatchObject({ pluginKey: 'web_search', action: 'uninstall' });
  await expect(dialog).toBeHidden();
  await openDialog();
  await expect(dialog.getByTestId('tool-credentials-revoke')).toHaveCount(0);
  await context.close();
});

test('web search keys: a person picks SearXNG as their search provider; its field appears and the pick is kept', async ({
  browser,
}, testInfo) => {
  const { context, page, dialog } = await newPersonInKeysDialog(browser, stack.server.url, 'websearch-pick');
  const provider = dialog.getByTestId('tool-choice-searchProvider');
  // Only the provider is open; the scraper and reranker are the operator's.
  await expect(provider).toHaveValue('serper');
  await expect(dialog.getByTestId('tool-choice-scraperType')).toHaveCount(0);
  await expect(dialog.getByTestId('tool-choice-rerankerType')).toHaveCount(0);
  await expect(dialog.getByTestId('tool-credential-searxngInstanceUrl')).toHaveCount(0);

  await provider.selectOption({ label: 'SearXNG' });
  const instance = dialog.getByTestId('tool-credential-searxngInstanceUrl');
  await expect(instance).toBeVisible();
  // Serper still reads the pages, so its key is still asked for.
  await expect(dialog.getByTestId('tool-credential-serperApiKey')).toBeVisible();
  await instance.fill(stack.sim.url);
  await dialog.getByTestId('tool-credential-serperApiKey').fill('my-serper-key');
  await expect(dialog.getByTestId('tool-credentials-save')).toBeDisabled();
  await dialog.getByTestId('tool-credential-jinaApiKey').fill('my-jina-key');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/user/plugins') && r.method() === 'POST');
  await dialog.getByTestId('tool-credentials-save').click();
  expect((await saved).postDataJSON().auth).toEqual({
    searchProvider: 'searxng',
    searxngInstanceUrl: stack.sim.url,
    serperApiKey: 'my-serper-key',
    jinaApiKey: 'my-jina-key',
  });
  await expect(dialog).toBeHidden();

  // Opened again: the pick is kept and every saved key says it is kept when left empty.
  await openKeysDialog(page);
  await expect(provider).toHaveValue('searxng');
  await expect(dialog).toContainText('Saved: leave empty to keep it.');
  await expect(dialog.getByTestId('tool-credentials-save')).toBeDisabled();
  for (const [size, box] of Object.entries(SIZES)) {
    await keysDialogAt(page, box, () => expect(provider).toHaveValue('searxng', { timeout: 1_000 }));
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: testInfo.outputPath(`web-search-provider-picked-${size}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await nextFrames(page);
  if (await dialog.isVisible()) await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The search goes to the person's SearXNG instance and answers with sources.
  if (await page.getByTestId('tools-menu-list').isVisible()) await page.keyboard.press('Escape');
  await turnOnTool(page, 'web_search');
  await send(page, 'How do solar panels work?');
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('web-search-sources')).toBeVisible();
  await context.close();
});

test('turning web search on before saving keys opens the credential dialog; saving turns it on', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'websearch-toggle');
  await chooseModel(page, 'web-search');
  await page.getByTestId('tools-menu').click();
  await page.getByTestId('tools-menu-web_search').click();
  const dialog = page.getByTestId('tool-credentials-dialog');
  await expect(dialog).toBeVisible();
  // The dialog is 500 px wide on a wide screen.
  expect((await dialog.boundingBox())!.width).toBe(500);
  await page.screenshot({ path: testInfo.outputPath('web-search-toggle-asks-keys.png') });
  // Cancelling leaves the tool off.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('tools-menu').click();
  await expect(page.getByTestId('tools-menu-web_search')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('tools-menu-web_search').click();
  await dialog.getByTestId('tool-credential-serperApiKey').fill('my-serper-key');
  await dialog.getByTestId('tool-credential-jinaApiKey').fill('my-jina-key');
  await dialog.getByTestId('tool-credentials-save').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('tools-menu').click();
  await expect(page.getByTestId('tools-menu-web_search')).toHaveAttribute('aria-checked', 'true');
  // With the keys saved, the toggle flips at once.
  await page.getByTestId('tools-menu-web_search').click();
  await expect(page.getByTestId('tools-menu-web_search')).toHaveAttribute('aria-checked', 'false');
  await expect(dialog).toBeHidden();
  await context.close();
});

test.describe('a reranker left open to each person', () => {
  /** The rerank requests the simulator received. */
  const reranks: ReceivedRequest[] = [];
  // Serper searches and reads the pages with the operator's key; the reranker is each person's pick
  // (none by default), reached with their own Jina or Cohere key.
  const openReranker = useSimParley({
    models: ['web-search'],
    yaml: `webSearch:\n${OPEN_RERANKER_WEB_SEARCH}`,
    env: () => ({ USER_BASE_URL_ALLOWLIST: '127.0.0.1' }),
    onSimRequest: (request) => void (isRerank(request) && reranks.push(request)),
  });

  test('web search keys: a person picks Cohere as their reranker; its key field appears, and the search is reranked with their key', async ({
    browser,
  }, testInfo) => {
    const { context, page, dialog } = await newPersonInKeysDialog(
      browser,
      openReranker.server.url,
      'websearch-cohere',
    );
    const reranker = dialog.getByTestId('tool-choice-rerankerType');
    // Only the reranker is open; no reranker needs no key.
    await expect(reranker).toHaveValue('none');
    for (const absent of [
      'tool-choice-searchProvider',
      'tool-credential-cohereApiKey',
      'tool-credential-jinaApiKey',
    ])
      await expect(dialog.getByTestId(absent)).toHaveCount(0);

    await reranker.selectOption({ label: 'Cohere' });
    const key = dialog.getByTestId('tool-credential-cohereApiKey');
    await expect(key).toBeVisible();
    await expect(dialog.getByTestId('tool-credential-jinaApiKey')).toHaveCount(0);
    await expect(dialog.getByTestId('tool-credentials-save')).toBeDisabled();
    await key.fill('my-cohere-key');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: testInfo.outputPath('web-search-reranker-cohere-picked.png') });
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/user/plugins') && r.method() === 'POST');
    await dialog.getByTestId('tool-credentials-save').click();
    expect((await saved).postDataJSON().auth).toEqual({
      rerankerType: 'cohere',
      cohereApiKey: 'my-cohere-key',
    });
    await expect(dialog).toBeHidden();

    if (await page.getByTestId('tools-menu-list').isVisible()) await page.keyboard.press('Escape');
    await turnOnTool(page, 'web_search');
    await send(page, 'lighthouse lens rotation');
    await waitIdle(page);
    const sources = lastAnswer(page).getByTestId('web-search-sources');
    await expect(sources).toBeVisible();
    await expect(sources.getByTestId('web-search-source').first()).toContainText(
      'Lighthouse keepers and their lights',
    );
    await page.screenshot({ path: testInfo.outputPath('web-search-reranker-cohere-sources.png') });
    // The passages went to the Cohere-shaped endpoint, with the key this person saved.
    expect(reranks.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/v2/rerank', 'Bearer my-cohere-key'],
    ]);
    await context.close();
  });
});
