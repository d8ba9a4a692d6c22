import { artifactBlock as block, echo, previewFrame } from '../support/artifacts.ts';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// A tall mermaid diagram fits the artifacts panel (it ran past the panel's bottom, cut off).

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';
const TALL = [
  'graph TD',
  ...Array.from({ length: 16 }, (_, i) => `  N${i}[Step ${i}] --> N${i + 1}[Step ${i + 1}]`),
].join('\n');

test('a tall mermaid diagram fits the artifacts panel', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'mermaidfit');
  await echo(page, `A long flow:\n\n${block('flow', 'application/vnd.mermaid', 'Flow', 'mermaid', TALL)}`);
  const frame = previewFrame(page);
  const svg = frame.locator('.mermaid-svg svg').first();
  await expect(svg).toBeVisible({ timeout: 20_000 });
  const inFrame = await svg.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { bottom: box.bottom, right: box.right, height: window.innerHeight, width: window.innerWidth };
  });
  expect(inFrame.bottom).toBeLessThanOrEqual(inFrame.height);
  expect(inFrame.right).toBeLessThanOrEqual(inFrame.width);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/artifact-mermaid-fit-1440-${scheme}.png` });
  }
});
