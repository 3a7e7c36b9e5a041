// Renders the app's PNG icons from its SVGs with Debian's Chromium (no image library): Android and
// the install prompt want PNGs in the manifest, iOS an apple-touch-icon. Run once when an SVG
// changes, and commit the PNGs (ADR 010 §1):
//
//   node apps/web/scripts/render-icons.mjs
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './lib/browser.mjs';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

const ICONS = [
  { from: 'icon-192.svg', to: 'icon-192.png', size: 192 },
  { from: 'icon-512.svg', to: 'icon-512.png', size: 512 },
  { from: 'icon-maskable.svg', to: 'icon-maskable-512.png', size: 512 },
  // iOS rounds the icon itself and shows transparent corners black: the square one.
  { from: 'icon-512.svg', to: 'apple-touch-icon.png', size: 180 },
];

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { from, to, size } of ICONS) {
    const svg = await readFile(path.join(PUBLIC, from), 'utf8');
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: true,
    });
    await writeFile(path.join(PUBLIC, to), png);
    console.log(`${to}: ${size}×${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
