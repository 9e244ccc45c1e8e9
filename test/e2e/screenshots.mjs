#!/usr/bin/env node
// `npm run docs:screenshots`: the pictures of the guides (docs/images/), taken in headless
// Chromium at phone and desktop sizes: the table mid-game, the auction, the score, the lobby,
// a themed table, and games between friends on the host of `serve` (the rematch panel under a
// final score, the creator's seat panel counting down for a friend who is away). Needs
// `npm run build` first. Not run by CI: look at the pictures after a change of the UI, then
// commit them.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch } from '../../dist/client.js';
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

/** `window.__ftkDeep(selector)`: the first match in the page, open shadow roots included. */
const DEEP = `window.__ftkDeep = (sel, root = document) => {
  const hit = root.querySelector(sel);
  if (hit) return hit;
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const x = window.__ftkDeep(sel, el.shadowRoot); if (x) return x; }
  return null;
};`;

async function shot(name, url, width, height, ready = 'window.__ready === true', storage = null) {
  // The site's content security policy refuses the string predicates this script waits on: bypassed, as the site's tests do.
  const page = await browser.newPage({ viewport: { width, height }, reducedMotion: 'reduce', bypassCSP: true });
  await page.addInitScript(DEEP);
  // A seat's page: its tokens in the site's storage before it loads, as the lobby would have left them.
  if (storage !== null)
    await page.addInitScript((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
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

// Games between friends: Ada creates a 2-seat match and Bo joins; both play from here (passes
// first, so it ends soon) until `enough`; then Ada's page is opened with her seat and creator tokens.
const base = `http://127.0.0.1:${port}`;
async function friends(seed, enough) {
  const { match, creatorToken, invite } = await createMatch(base, { players: 2, seed, firstPlayer: 0 });
  const seats = [await joinMatch(base, match.id, { name: 'Ada', invite }), await joinMatch(base, match.id, { name: 'Bo', invite })];
  const clients = seats.map(({ token }) => connectMatch({ url: `${base.replace('http', 'ws')}/ws`, match: match.id, token, WebSocket }));
  for (let guard = 0; guard < 20000; guard++) {
    const views = clients.map((c) => c.view);
    if (views.every((v) => v !== null) && enough(clients[0])) break;
    const i = views.findIndex((v) => v !== null && v.legal.length > 0);
    const client = clients[i];
    if (client === undefined) {
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    const legal = client.view.legal;
    // Refused (the host's rate limit, or a move the view had not caught up with): a little later.
    await client.send(legal.find((a) => a.type === 'pass') ?? legal[0]).catch(() => new Promise((r) => setTimeout(r, 100)));
  }
  for (const c of clients) c.close();
  const storage = {
    [`ftk-token:${match.id}`]: seats[0].token,
    [`ftk-creator:${match.id}`]: creatorToken,
    [`ftk-invite:${match.id}`]: invite,
  };
  return { url: `${base}/?match=${match.id}`, storage };
}
const rematch = await friends('docs-rematch', (c) => c.view.currentPlayer === null);
await shot('rematch-desktop', rematch.url, 1280, 800, `!!window.__ftkDeep?.('[data-key="rematch"]')`, rematch.storage);
// Bo's page is gone a few moves in: Ada's seat panel counts down to the host's away time (60 s).
const away = await friends('docs-away', (c) => c.seq >= 12 && c.view.legal.length > 0);
await shot(
  'seat-keeper-phone',
  away.url,
  390,
  844,
  `!!window.__ftkDeep?.('.keeper li[data-state="away"] .wait')?.textContent`,
  away.storage,
);
await browser.close();
await files.close();
host.kill();
