// Writes the installable app's icons (web/public/icons/*.png, named in web/public/manifest.webmanifest) from the
// favicon's drawing, printed by the system Chromium. Run from the repository root after changing the drawing:
//   node web/scripts/icons.mjs
// "any" icons fill the square with rounded corners; the maskable one keeps the drawing inside the central 80%
// safe zone on a full-bleed background, so launchers may cut it to any shape.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = '#3b82f6';
const mark = '<path d="M8 22V12h16v10M6 22h20M11 12V9h10v3" stroke="#fff" stroke-width="2" fill="none" stroke-linejoin="round"/>';

const svg = (maskable) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(3.2 3.2) scale(0.8)">${mark}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BLUE}"/>${mark}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(out, { recursive: true });
const browser = await puppeteer.launch({ executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewport({ width: icon.size, height: icon.size, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.maskable).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`);
    await page.screenshot({ path: join(out, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
