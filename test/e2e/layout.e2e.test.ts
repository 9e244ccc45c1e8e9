/**
 * The table's layouts from the smallest phone to a wide desktop (#29 item 3): a 5-player table
 * (the widest, its other seats named as the site names its bots) early, late and at the score, in English and Ukrainian (longer words),
 * at 320×568, 360×640, 390×844, 768×1024, 1280×800 and 1920×1080. The page must never scroll sideways
 * nor put a control beyond the screen's edges. The page is `test/e2e/fixtures/table.html` (the
 * guides' screenshots use it too).
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { WORDS } from '../../src/ui/words.js';
import { openBrowser, requireFiles } from './browser.js';
import { expectFits, prepare } from './table.js';

let pages: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  pages = await openBrowser(process.cwd());
});

afterAll(() => pages?.close());

const SCREENS = [
  [320, 568],
  [360, 640],
  [390, 844],
  [768, 1024],
  [1280, 800],
  [1920, 1080],
] as const;

// At the start, early, late and at the score (the fixture plays that many heuristic moves from seed 5).
const MOMENTS = [
  ['at the start (the advisor holds the card drawn)', 0],
  ['after 41 moves', 41],
  ['after 150 moves', 150],
  ['at the score', 2000],
] as const;

describe('<ftk-table> fits the screen', () => {
  it.each(SCREENS)('%i×%i: 5 players, early, late and at the score, in English and Ukrainian', async (width, height) => {
    const context = await pages.browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    try {
      await prepare(context);
      const page = await context.newPage();
      for (const lang of ['en', 'uk'] as const) {
        for (const [moment, moves] of MOMENTS) {
          const names = ['Ada', 1, 2, 3, 4].map((x) => (typeof x === 'string' ? x : WORDS[lang].botName('heuristic', x))).join(',');
          await page.goto(
            `${pages.url}test/e2e/fixtures/table.html?players=5&seed=5&moves=${moves}&seat=0&lang=${lang}&names=${encodeURIComponent(names)}`,
          );
          await page.waitForFunction('window.__ready === true');
          await expectFits(page, `${width}×${height} ${lang} ${moment}`);
        }
      }
    } finally {
      await context.close();
    }
  });
});
