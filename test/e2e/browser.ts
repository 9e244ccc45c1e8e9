/**
 * What the browser tests share: Debian's Chromium, the flags it runs with here, a small seeded
 * generator for the tests' own clicks, and the card ids a page must not show.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startDemoServer } from '../../docs/demo/serve.mjs';
import { usedCards } from '../../src/data/cards.js';
import { CARDS, type GameState, type Viewer, view } from '../../src/index.js';

/** Debian's Chromium (`apt-get install -y chromium`); never a downloaded browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, no sandbox (CI runs as root), no GPU, and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails with the command that fixes it when Chromium or a built file is missing. */
export function requireFiles(built: string, build: string): void {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  if (!existsSync(built)) throw new Error(`${built} is missing: run ${build}`);
}

/** Chromium and a static server of `dir` on loopback (`url` ends with `/`), for a test file's pages; `close` ends both. */
export async function openBrowser(dir: string): Promise<{ browser: Browser; url: string; close: () => Promise<void> }> {
  const server = await startDemoServer({ port: 0, dir });
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
    return {
      browser,
      url: server.url,
      close: async () => {
        await browser.close();
        await server.close();
      },
    };
  } catch (e) {
    await server.close();
    throw e;
  }
}

/** A small seeded generator for the test's own choices: `n` → an integer in `[0, n)`. */
export function chooser(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n) => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return x % n;
  };
}

/** Card ids of the game that are not in `viewer`'s view (a seat or a spectator): hidden from them at this moment. */
export function hiddenIds(state: GameState, viewer: Viewer): string[] {
  const visible = JSON.stringify(view(state, viewer));
  return usedCards(state.players)
    .map((i) => CARDS[i]?.id ?? '')
    .filter((id) => !visible.includes(`"${id}"`));
}

/** Whether `id` occurs in `html` as a whole id (so `gold-1-1` does not match inside `gold-1-10`). */
export function mentions(html: string, id: string): boolean {
  return new RegExp(`(^|[^\\w-])${id}(?![\\w-])`).test(html);
}

/**
 * A blank page of `context` served by a host at `url` (the host serves the repository, so the
 * page imports `dist/`), with the package's client as `window.client`; `errors` collects the
 * page's uncaught errors.
 */
export async function blankWithClient(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${url}/test/e2e/fixtures/blank.html`);
  await page.waitForFunction('window.__ready === true');
  await page.addScriptTag({ type: 'module', content: "import * as client from '/dist/client.js'; window.client = client;" });
  await page.waitForFunction('window.client !== undefined');
  return { page, errors };
}
