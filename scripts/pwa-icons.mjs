// Writes the web app's install icons (packages/web/public/icons/*.png) from favicon.svg, drawn by
// the system Chromium: `node scripts/pwa-icons.mjs` after the logo changes. The PNGs are
// committed, so a build needs no browser. "any" icons are the logo as it is; the maskable one puts
// it inside the 80 % safe zone on the logo's own colour, since a launcher may crop it to a circle.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PUBLIC = new URL('../packages/web/public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', PUBLIC), 'utf8');
const BRAND = '#4f46e5';

const ICONS = [
  { name: 'icon-192.png', size: 192, maskable: false },
  { name: 'icon-512.png', size: 512, maskable: false },
  { name: 'icon-maskable-512.png', size: 512, maskable: true },
  { name: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const inner = icon.maskable ? Math.round(icon.size * 0.8) : icon.size;
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? BRAND : 'transparent'}">
        <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
    );
    await page.screenshot({
      path: new URL(`icons/${icon.name}`, PUBLIC).pathname,
      omitBackground: !icon.maskable,
    });
  }
} finally {
  await browser.close();
}
