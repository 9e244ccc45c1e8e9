#!/usr/bin/env node
// `npm run docs:screenshots`: the pictures of the guides (docs/images/), taken in headless
// Chromium at phone and desktop sizes: the table mid-game, the auction, the score, the lobby,
// and a themed table. Needs `npm run build` first. Not run by CI: look at the pictures after a
// change of the UI, then commit them.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startDemoServer } from '../../docs/demo/serve.mjs';

const OUT = join('docs', 'images');
mkdirSync(OUT, { recursive: true });
const files = await startDemoServer({ port: 0, dir: process.cwd() });
const host = spawn(process.execPath, ['dist/cli.js', 'serve', '--memory', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((ok) => host.stdout.on('data', (d) => ok(/127\.0\.0\.1:(\d+)/.exec(String(d))?.[1])));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});

async function shot(name, url, width, height, ready = 'window.__ready === true') {
  const page = await browser.newPage({ viewport: { width, height }, reducedMotion: 'reduce' });
  await page.goto(url);
  await page.waitForFunction(ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
  await page.close();
  console.log(`${OUT}/${name}.png`);
}

const table = (q) => `${files.url}test/e2e/fixtures/table.html?${q}`;
await shot('table-desktop', table('players=4&seed=5&moves=41'), 1280, 800);
await shot('auction-desktop', table('players=3&seed=5&moves=150'), 1280, 800);
await shot('table-phone', table('players=4&seed=5&moves=41'), 390, 844);
await shot('auction-phone-uk', table('players=3&seed=5&moves=150&lang=uk'), 390, 844);
await shot('score-desktop', table('players=4&seed=5&moves=2000'), 1280, 800);
await shot('themed-desktop', table('players=3&seed=5&moves=150&theme'), 1280, 800);
await shot(
  'lobby-desktop',
  `http://127.0.0.1:${port}/`,
  1280,
  800,
  `!!document.querySelector('ftk-app')?.shadowRoot?.querySelector('ftk-lobby')`,
);
await shot(
  'lobby-phone',
  `http://127.0.0.1:${port}/`,
  390,
  844,
  `!!document.querySelector('ftk-app')?.shadowRoot?.querySelector('ftk-lobby')`,
);
await browser.close();
await files.close();
host.kill();
