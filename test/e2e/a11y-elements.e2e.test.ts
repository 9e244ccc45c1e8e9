// biome-ignore-all lint/suspicious/noExplicitAny: the page's objects (elements, views, the engine on window) are untyped in page.evaluate
/**
 * Fixes from an accessibility review of `<ftk-table>` and `<ftk-app>` in headless Chromium, each
 * on an empty page with the package loaded (`test/e2e/fixtures/blank.html`): in forced colours
 * (high contrast) buttons and the bid amount have edges and the pressed language button stands
 * out; on a phone the score's column headers keep their full names for screen readers; the
 * reader's own King is said in the second person; long names in the phone's score break between
 * words, and the winner's crown keeps its size. On a white page (a host on loopback serving it),
 * `<ftk-match>`'s status line, `<ftk-app>`'s header and `<ftk-lobby>`'s way back keep their contrast.
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { labels } from '../../src/text/index.js';
import { WORDS } from '../../src/ui/words.js';
import { blankWithClient, openBrowser, requireFiles } from './browser.js';
import { axeProblems, SHOW_TABLE } from './table.js';

let pages: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  pages = await openBrowser(process.cwd());
});

afterAll(() => pages?.close());

/** A page of `blank.html` (with `search`), its errors collected. */
async function blank(search = '', width = 1280, height = 800): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await pages.browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${pages.url}test/e2e/fixtures/blank.html${search}`);
  await page.waitForFunction('window.__ready === true');
  return { page, errors, close: () => context.close() };
}

/** The computed top border of the first element matching `selector` in the table: width and style. */
const edge = (page: Page, selector: string): Promise<string> =>
  page.evaluate((sel) => {
    const c = getComputedStyle((window as any).table.shadowRoot.querySelector(sel));
    return `${c.borderTopWidth} ${c.borderTopStyle}`;
  }, selector);

describe('the elements, after an accessibility review in Chromium', () => {
  it('in forced colours, draws the edges of buttons and of the bid amount, and marks the pressed language button', async () => {
    const { page, errors, close } = await blank('?local&players=3&seed=7&delay=50');
    try {
      await page.emulateMedia({ forcedColors: 'active' });
      expect(await page.evaluate(`matchMedia('(forced-colors: active)').matches`)).toBe(true);
      await page.addScriptTag({ content: SHOW_TABLE });
      await page.evaluate('window.show(3, 5, "bid", { lang: "en" })');
      expect(await edge(page, '.tray .btn[data-key="pass"]')).toBe('1px solid');
      expect(await edge(page, '.stepper input')).toBe('1px solid');

      // The app's language buttons: the pressed one looks otherwise.
      await page.evaluate(() => {
        const el = document.createElement('ftk-app');
        el.setAttribute('local', '');
        el.setAttribute('online', 'false');
        document.body.replaceChildren(el);
      });
      const look = (lang: string) =>
        page.locator(`ftk-app button[data-lang="${lang}"]`).evaluate((b) => {
          const c = getComputedStyle(b);
          return {
            pressed: b.getAttribute('aria-pressed'),
            edge: `${c.borderTopWidth} ${c.borderTopStyle}`,
            background: c.backgroundColor,
          };
        });
      const [en, uk] = [await look('en'), await look('uk')];
      expect([en.pressed, uk.pressed]).toEqual(['true', 'false']);
      expect(en.edge).toBe('1px solid');
      expect(en.background).not.toBe(uk.background);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("names the score's columns in full for screen readers on a phone, in English and Ukrainian", async () => {
    const { page, errors, close } = await blank('', 390, 844);
    try {
      await page.addScriptTag({ content: SHOW_TABLE });
      for (const lang of ['en', 'uk'] as const) {
        await page.evaluate(`window.show(3, 6, "over", { lang: "${lang}" })`);
        const l = labels[lang];
        const shown: string[] = await page.evaluate(
          `[...window.table.shadowRoot.querySelectorAll('.score thead th')].map((th) => th.innerText)`,
        );
        // The eye sees abbreviations…
        expect(shown.join(' ')).toContain(`${l.offices.diplomacy.slice(0, 3)}.`);
        // …and a screen reader hears the names.
        const heard = await page.locator('ftk-table table').ariaSnapshot();
        for (const name of [
          l.offices.diplomacy,
          l.offices.military,
          l.offices.architecture,
          l.offices.entertainment,
          l.offices.provisions,
          l.ui.gold,
        ])
          expect(heard, `${lang}: ${name}`).toContain(`columnheader "${name}"`);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("says the reader's own King in the second person", async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: SHOW_TABLE });
      for (const lang of ['en', 'uk'] as const) {
        await page.evaluate(`window.show(3, 6, "king", { lang: "${lang}" })`);
        const said = await page.evaluate(`window.table.shadowRoot.querySelector('.king-zone .row > span').textContent`);
        expect(said).toBe(WORDS[lang].busy(labels[lang].ui.you, WORDS[lang].myKing));
      }
      expect(WORDS.uk.myKing).not.toBe(WORDS.uk.steps.king);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("breaks long names in the phone's score between words where they fit, and keeps the winner's crown whole", async () => {
    mkdirSync('test-results', { recursive: true });
    for (const [width, players] of [
      [390, 3],
      [390, 5],
      [320, 3],
      [320, 5],
    ] as const) {
      const where = `${width} px, ${players} players`;
      const { page, errors, close } = await blank('', width, 700);
      try {
        await page.addScriptTag({ content: SHOW_TABLE });
        const names = ['Оксана', ...Array.from({ length: players - 1 }, (_, i) => `Бот ${i + 1} (евристичний)`)];
        await page.evaluate(`window.show(${players}, 6, "over", { lang: "uk", names: ${JSON.stringify(names)} })`);
        await page.locator('ftk-table .score').screenshot({ path: join('test-results', `a11y-score-uk-${width}-${players}.png`) });
        // On a 390 px phone each word of each name is on one line (at 320 px the longest cannot be).
        const split: string[] = await page.evaluate(`(() => {
          const out = [];
          for (const th of window.table.shadowRoot.querySelectorAll('.score tbody th')) {
            const node = th.firstChild;
            let at = 0;
            for (const word of node.textContent.split(' ')) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + word.length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) out.push(word);
              at += word.length + 1;
            }
          }
          return out;
        })()`);
        if (width === 390) expect(split, where).toEqual([]);
        const crown: number = await page.evaluate(
          `window.table.shadowRoot.querySelector('.winner-line .crown').getBoundingClientRect().width`,
        );
        expect(crown, where).toBeGreaterThanOrEqual(27);
        const sideways = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        expect(sideways, where).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe('the elements on a white page (the page sets no background)', () => {
  it("keeps <ftk-match>'s status, <ftk-app>'s header and <ftk-lobby>'s way back readable: axe-core finds no contrast problem", async () => {
    // A real host on loopback that also serves the page (the same origin: no CORS to allow).
    const host = await startServer({ store: new MemoryStore(), port: 0, staticDir: process.cwd() });
    mkdirSync('test-results', { recursive: true });
    try {
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        const context = await pages.browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
        try {
          const { page, errors } = await blankWithClient(context, host.url);
          expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgba(0, 0, 0, 0)');
          // As docs/embedding.md shows it: a match created and joined by the page, one seat still open.
          await page.evaluate(async () => {
            const { createMatch, joinMatch } = (window as any).client;
            const base = location.origin;
            const { match, invite, creatorToken } = await createMatch(base, { players: 3, bots: [null, null, 'heuristic'] });
            const seat = await joinMatch(base, match.id, { name: 'Ada', invite });
            const m = document.createElement('ftk-match') as any;
            m.setAttribute('match', match.id);
            m.setAttribute('invite', invite);
            m.creatorToken = creatorToken;
            m.token = seat.token;
            document.body.append(m);
          });
          await page.waitForFunction(
            `document.querySelector('ftk-match').status === 'open' && document.querySelector('ftk-match').shadowRoot.querySelector('.match > .strip .muted').textContent !== ''`,
          );
          await page.screenshot({ path: join('test-results', `white-match-${width}.png`), fullPage: true });
          expect(await axeProblems(page), `<ftk-match> ${width}`).toEqual([]);

          // The whole site: its header (the title, the language pressed and the other) and the lobby.
          await page.evaluate(() => {
            const app = document.createElement('ftk-app');
            document.body.replaceChildren(app);
          });
          await page.waitForFunction(`document.querySelector('ftk-app').shadowRoot.querySelector('ftk-lobby') !== null`);
          await page.waitForTimeout(300);
          await page.screenshot({ path: join('test-results', `white-app-${width}.png`), fullPage: true });
          expect(await axeProblems(page), `<ftk-app> ${width}`).toEqual([]);

          // The lobby alone, with a match it cannot find: its error and **Back to the lobby**.
          await page.evaluate(() => {
            const lobby = document.createElement('ftk-lobby');
            lobby.setAttribute('match', 'nope');
            document.body.replaceChildren(lobby);
          });
          await page.waitForFunction(`document.querySelector('ftk-lobby').shadowRoot.querySelector('[data-field="back"]') !== null`);
          await page.screenshot({ path: join('test-results', `white-lobby-${width}.png`), fullPage: true });
          expect(await axeProblems(page), `<ftk-lobby> ${width}`).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    } finally {
      await host.close();
    }
  });
});
