import { test as plainTest } from '@playwright/test';
import { artifactBlock as block, echo, previewFrame as preview } from '../support/artifacts.ts';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = 'test-results/screenshots';

const REACT_APP = `import { useState } from 'react';
import { Heart } from 'lucide-react';
import { Button } from '/components/ui/button';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <div className="p-6">
      <h1 className="text-2xl font-bold text-blue-600" id="title">Counter {count}</h1>
      <Button onClick={() => setCount(count + 1)} id="add"><Heart className="h-4 w-4" /> Add</Button>
    </div>
  );
}`;

test('a React artifact opens the panel while streaming and renders with Tailwind, lucide and shadcn/ui', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL!);
  await echo(
    page,
    `Here you go:\n\n${block('counter', 'application/vnd.react', 'Counter', 'tsx', REACT_APP)}\n\nEnjoy.`,
  );
  const panel = page.getByTestId('artifacts-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('artifact-title')).toHaveText('Counter');
  await expect(panel.getByTestId('artifact-counter')).toHaveText('1 / 1');
  await expect(lastAnswer(page).getByTestId('artifact-card')).toContainText('Counter');
  await expect(lastAnswer(page)).not.toContainText(':::artifact');
  const frame = preview(page);
  await expect(frame.locator('#title')).toHaveText('Counter 0', { timeout: 20_000 });
  await frame.locator('#add').click();
  await expect(frame.locator('#title')).toHaveText('Counter 1');
  // Tailwind generated the classes, the icon is an SVG.
  await expect(frame.locator('#title')).toHaveCSS('font-weight', '700');
  await expect(frame.locator('#add svg')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/artifacts-react.png` });

  // Code tab, copy check, close.
  await panel.getByTestId('artifact-tab-code').click();
  await expect(panel.getByTestId('artifact-code')).toHaveValue(REACT_APP);
  await panel.getByTestId('artifact-close').click();
  await expect(panel).toHaveCount(0);
  await lastAnswer(page).getByTestId('artifact-card').click();
  await expect(page.getByTestId('artifacts-panel')).toBeVisible();
});

test('every artifact type previews, and previous/next cycle through them', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL!);
  const text = [
    block(
      'page',
      'text/html',
      'Page',
      'html',
      '<!doctype html><html><body><h1 id="t">Hello page</h1></body></html>',
    ),
    block(
      'pic',
      'image/svg+xml',
      'Picture',
      'svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle id="c" cx="5" cy="5" r="4" fill="red"/></svg>',
    ),
    block('flow', 'application/vnd.mermaid', 'Flow', 'mermaid', 'graph TD\n  A[Start] --> B[Finish]'),
    block('doc', 'text/markdown', 'Doc', 'markdown', '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |'),
    block('code', 'application/vnd.code-html', 'Code page', 'html', '<p id="p">code html</p>'),
  ].join('\n\n');
  await echo(page, text);
  const panel = page.getByTestId('artifacts-panel');
  await expect(panel.getByTestId('artifact-counter')).toHaveText('5 / 5');
  await expect(preview(page).locator('#p')).toHaveText('code html');
  await panel.getByTestId('artifact-previous').click();
  await expect(panel.getByTestId('artifact-counter')).toHaveText('4 / 5');
  await expect(preview(page).locator('table td').first()).toHaveText('1');
  await expect(preview(page).locator('h1')).toHaveText('Title');
  await panel.getByTestId('artifact-previous').click();
  await expect(preview(page).locator('[data-testid="mermaid-svg"] svg')).toBeVisible({ timeout: 20_000 });
  await expect(preview(page).locator('[data-testid="mermaid-svg"]')).toContainText('Start');
  await page.screenshot({ path: `${SHOTS}/artifacts-mermaid.png` });
  await panel.getByTestId('artifact-previous').click();
  await expect(preview(page).locator('#c')).toHaveAttribute('fill', 'red');
  await panel.getByTestId('artifact-previous').click();
  await expect(panel.getByTestId('artifact-counter')).toHaveText('1 / 5');
  await expect(panel.getByTestId('artifact-previous')).toBeDisabled();
  await expect(preview(page).locator('#t')).toHaveText('Hello page');
  await panel.getByTestId('artifact-next').click();
  await expect(panel.getByTestId('artifact-counter')).toHaveText('2 / 5');
  expect(await lastAnswer(page).getByTestId('artifact-card').count()).toBe(5);
});

test('versions across messages: a second answer adds a version and the panel follows the newest', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL!);
  await echo(page, block('page', 'text/html', 'Page', 'html', '<h1 id="v">one</h1>'));
  await expect(preview(page).locator('#v')).toHaveText('one');
  await send(page, block('page', 'text/html', 'Page', 'html', '<h1 id="v">two</h1>'));
  await waitIdle(page);
  const panel = page.getByTestId('artifacts-panel');
  await expect(panel.getByTestId('artifact-counter')).toHaveText('2 / 2');
  await expect(preview(page).locator('#v')).toHaveText('two');
  await panel.getByTestId('artifact-previous').click();
  await expect(preview(page).locator('#v')).toHaveText('one');
});

test('editing the code saves through the API and the preview re-renders', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL!);
  await echo(
    page,
    `Intro\n\n${block('page', 'text/html', 'Page', 'html', '<h1 id="e">before</h1>')}\n\nOutro`,
  );
  const panel = page.getByTestId('artifacts-panel');
  await expect(preview(page).locator('#e')).toHaveText('before');
  await panel.getByTestId('artifact-tab-code').click();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/messages/artifact/') && r.request().method() === 'POST',
  );
  await panel.getByTestId('artifact-code').fill('<h1 id="e">after</h1>');
  expect((await saved).status()).toBe(200);
  await expect(panel.getByTestId('artifact-tab-preview')).toBeEnabled();
  await panel.getByTestId('artifact-tab-preview').click();
  await expect(preview(page).locator('#e')).toHaveText('after');
  // Stored: a reload shows the edited artifact, the text around it unchanged.
  await page.reload();
  await expect(lastAnswer(page)).toContainText('Outro');
  await lastAnswer(page).getByTestId('artifact-card').click();
  await expect(preview(page).locator('#e')).toHaveText('after');
});

// The shared page fixture fails a test on any policy violation; here the artifact's requests are
// meant to be refused by the preview's policy, so this test checks the violations itself.
plainTest(
  'the preview is sandboxed: no cookies, storage, API, top navigation or network',
  async ({ page }) => {
    const baseURL = process.env.PARLEY_BASE_URL!;
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, baseURL);
    const attack = `<!doctype html><html><body><ul id="r"></ul><script>
const out = (k, v) => { const li = document.createElement('li'); li.id = k; li.textContent = v; document.getElementById('r').append(li); };
try { out('cookie', 'read:' + document.cookie); } catch (e) { out('cookie', 'blocked'); }
try { out('storage', 'read:' + localStorage.length); } catch (e) { out('storage', 'blocked'); }
fetch('/api/user').then(r => out('api', 'status:' + r.status), () => out('api', 'blocked'));
fetch('https://example.com/').then(() => out('net', 'loaded'), () => out('net', 'blocked'));
const img = new Image(); img.onload = () => out('img', 'loaded'); img.onerror = () => out('img', 'blocked'); img.src = '${baseURL}/favicon.svg?from-artifact';
try { top.location.href = '/evil'; out('top', 'navigated'); } catch (e) { out('top', 'blocked'); }
out('origin', String(self.origin));
</script></body></html>`;
    await echo(page, block('attack', 'text/html', 'Attack', 'html', attack));
    const frame = preview(page);
    await expect(frame.locator('#cookie')).toHaveText('blocked');
    await expect(frame.locator('#storage')).toHaveText('blocked');
    await expect(frame.locator('#api')).toHaveText('blocked');
    await expect(frame.locator('#net')).toHaveText('blocked');
    await expect(frame.locator('#top')).toHaveText('blocked');
    await expect(frame.locator('#origin')).toHaveText('null');
    expect(new URL(page.url()).pathname).toMatch(/^\/c\//);
    await expect(page.getByTestId('artifact-preview')).toHaveAttribute('sandbox', 'allow-scripts');
    // The preview page's own policy allows no network at all.
    const res = await page.request.get(`${baseURL}/artifacts/preview`);
    expect(res.headers()['content-security-policy']).toContain("connect-src 'none'");
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    // Every violation is the preview's policy refusing the artifact's two requests.
    expect(violations.length).toBeGreaterThan(0);
    for (const v of violations) expect(v).toMatch(/connect-src 'none'|Refused to connect/);
    expect(violations.some((v) => v.includes('/api/user'))).toBe(true);
    expect(violations.some((v) => v.includes('https://example.com/'))).toBe(true);
  },
);

const FIRST_REACT = `export default function App() {
  (window as unknown as { firstArtifact: string }).firstArtifact = 'still here';
  return <p id="first">first</p>;
}`;

const PROBE_REACT = `import { useEffect, useState } from 'react';

export default function App() {
  const [seen, setSeen] = useState<Record<string, string>>({});
  useEffect(() => {
    const out = (k: string, v: string) => setSeen((s) => ({ ...s, [k]: v }));
    out('reused', String((window as unknown as { firstArtifact?: string }).firstArtifact));
    try { out('cookie', 'read:' + document.cookie); } catch { out('cookie', 'blocked'); }
    try { out('storage', 'read:' + localStorage.length); } catch { out('storage', 'blocked'); }
    fetch('/api/user').then((r) => out('api', 'status:' + r.status), () => out('api', 'blocked'));
    try { window.top!.location.href = '/evil'; out('top', 'navigated'); } catch { out('top', 'blocked'); }
    out('origin', String(self.origin));
  }, []);
  return <ul>{Object.entries(seen).map(([k, v]) => <li key={k} id={k}>{v}</li>)}</ul>;
}`;

// As above, the refused request is the point, so the test collects the policy's refusals itself.
plainTest('a React preview frame kept for the next component is still sandboxed', async ({ page }) => {
  const baseURL = process.env.PARLEY_BASE_URL!;
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL);
  await echo(page, block('first', 'application/vnd.react', 'First', 'tsx', FIRST_REACT));
  await expect(preview(page).locator('#first')).toHaveText('first', { timeout: 20_000 });
  await page.getByTestId('artifact-preview').evaluate((el) => el.setAttribute('data-mark', 'kept'));
  await send(page, block('probe', 'application/vnd.react', 'Probe', 'tsx', PROBE_REACT));
  await waitIdle(page);
  await expect(page.getByTestId('artifact-title')).toHaveText('Probe');
  const frame = preview(page);
  // The same frame element and window: the first component's global is still there.
  await expect(frame.locator('#reused')).toHaveText('still here', { timeout: 20_000 });
  await expect(page.getByTestId('artifact-preview')).toHaveAttribute('data-mark', 'kept');
  await expect(frame.locator('#first')).toHaveCount(0);
  await expect(frame.locator('#cookie')).toHaveText('blocked');
  await expect(frame.locator('#storage')).toHaveText('blocked');
  await expect(frame.locator('#api')).toHaveText('blocked');
  await expect(frame.locator('#top')).toHaveText('blocked');
  await expect(frame.locator('#origin')).toHaveText('null');
  expect(new URL(page.url()).pathname).toMatch(/^\/c\//);
  await expect(page.getByTestId('artifact-preview')).toHaveAttribute('sandbox', 'allow-scripts');
  expect(violations.some((v) => v.includes('/api/user'))).toBe(true);
  for (const v of violations) expect(v).toMatch(/connect-src 'none'|Refused to connect/);
  // Back to the first version: the same frame shows it again.
  await page.getByTestId('artifact-previous').click();
  await expect(frame.locator('#first')).toHaveText('first');
  await expect(page.getByTestId('artifact-preview')).toHaveAttribute('data-mark', 'kept');
});

test('mermaid in a message draws with zoom and pan, and a broken diagram shows the fallback', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!);
  await echo(
    page,
    '```mermaid\ngraph LR\n  A[Ask] --> B[Answer]\n```\n\n```mermaid\ngraph LR\n  A --> ((\n```',
  );
  const answer = lastAnswer(page);
  const diagram = answer.getByTestId('mermaid-block').first();
  await expect(diagram.locator('[data-testid="mermaid-svg"] svg')).toBeVisible({ timeout: 20_000 });
  const content = diagram.getByTestId('zoom-pan-content');
  await expect(content).toHaveAttribute('data-scale', '1.000');
  await diagram.getByRole('button', { name: 'Zoom in' }).click();
  await expect(content).toHaveAttribute('data-scale', '1.100');
  await diagram.getByRole('button', { name: 'Reset view' }).click();
  await expect(content).toHaveAttribute('data-scale', '1.000');
  await expect(answer.getByTestId('mermaid-error')).toContainText('Error rendering diagram');
  await page.screenshot({ path: `${SHOTS}/mermaid-message.png` });
});

test('on a phone the panel stays collapsed until a card opens it over the chat', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseURL!);
  await echo(page, block('page', 'text/html', 'Page', 'html', '<h1 id="m">mobile</h1>'));
  await expect(page.getByTestId('artifacts-panel')).toHaveCount(0);
  await lastAnswer(page).getByTestId('artifact-card').click();
  await expect(page.getByTestId('artifacts-panel')).toBeVisible();
  await expect(preview(page).locator('#m')).toHaveText('mobile');
  await page.screenshot({ path: `${SHOTS}/artifacts-phone.png` });
  await page.getByTestId('artifact-close').click();
  await expect(page.getByTestId('artifacts-panel')).toHaveCount(0);
});

test('the artifacts mode is off by default, is sent with the chat and stays with the conversation', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await expect(page.getByTestId('artifacts-mode')).toHaveAttribute('data-mode', 'off');
  await page.getByTestId('artifacts-mode').click();
  await page.getByTestId('artifacts-mode-shadcnui').click();
  await expect(page.getByTestId('artifacts-mode')).toHaveAttribute('data-mode', 'shadcnui');
  const request = page.waitForRequest(
    (r) => /\/api\/agents\/chat\/[^/]+$/.test(r.url()) && r.method() === 'POST',
  );
  await send(page, 'hello');
  expect(((await request).postDataJSON() as { artifacts?: string }).artifacts).toBe('shadcnui');
  await waitIdle(page);
  await page.reload();
  await expect(page.getByTestId('artifacts-mode')).toHaveAttribute('data-mode', 'shadcnui');
  await page.getByTestId('artifacts-mode').click();
  await page.getByTestId('artifacts-mode-off').click();
  await expect(page.getByTestId('artifacts-mode')).toHaveAttribute('data-mode', 'off');
});
