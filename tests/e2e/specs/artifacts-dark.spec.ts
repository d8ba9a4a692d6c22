import { artifactBlock as block, echo, previewFrame } from '../support/artifacts.ts';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// A React artifact's dark: classes follow Parley's theme, also when it is switched while the
// preview is open: Tailwind's default followed the system's scheme, light here although the
// person had picked dark in Parley.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';
const APP = `export default function App() {
  return <div id="box" className="min-h-screen bg-white p-6 text-black dark:bg-black dark:text-white">Themed</div>;
}`;

test("a React preview follows Parley's dark theme, not the system's", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, baseURL!, 'reactdark');
  // Ctrl+Shift+T switches Parley to dark (after its 500 ms debounce); the system stays light.
  await page.keyboard.press('Control+Shift+T');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await echo(page, `A themed box:\n\n${block('box', 'application/vnd.react', 'Box', 'tsx', APP)}`);
  const box = previewFrame(page).locator('#box');
  await expect(box).toHaveText('Themed', { timeout: 20_000 });
  await expect(box).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await page.screenshot({ path: `${SHOTS}/artifact-react-dark-1440.png` });

  // Back to light while the preview is open: drawn again in light.
  await page.keyboard.press('Control+Shift+T');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(box).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await page.screenshot({ path: `${SHOTS}/artifact-react-light-1440.png` });
});
