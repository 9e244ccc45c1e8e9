// biome-ignore-all lint/suspicious/noExplicitAny: the page's objects (elements, views, the engine on window) are untyped in page.evaluate
/**
 * The elements' behaviour in headless Chromium where a review found it wrong, each on an empty
 * page with the package loaded (`test/e2e/fixtures/blank.html`): what a new reader of
 * `<ftk-match>` still sees, typing a bid, a view that is not one, the accessible names and
 * landmarks axe-core checks, focus in the log and on the language buttons of `<ftk-app>`, a local
 * game's names after a change of language and across a move in the page.
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, requireFiles } from './browser.js';

let pages: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  pages = await openBrowser(process.cwd());
});

afterAll(() => pages?.close());

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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

/** In the page: heuristic moves from `seed` until `until(view of seat 0)`; the state is `window.state`. */
const PLAY = `window.playUntil = (players, seed, until) => {
  const { createGameWithEvents, step, view, eventsFor } = window.lib;
  const rng = window.bots.botRandom('e2e' + seed);
  let { state, events } = createGameWithEvents({ players, seed });
  let seen = eventsFor(events, 0);
  for (let i = 0; i < 3000 && !until(view(state, 0), state); i++) {
    const r = step(state, window.bots.heuristicBot(view(state, state.toMove), rng));
    state = r.state;
    seen = seen.concat(eventsFor(r.events, 0));
  }
  window.state = state;
  return { view: view(state, 0), events: seen };
};`;

/** The element with focus, through shadow roots: its tag and `part` or `data-lang`. */
const FOCUSED = `(() => {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el ? (el.tagName.toLowerCase() + ' ' + (el.getAttribute('part') ?? el.getAttribute('data-lang') ?? '')).trim() : null;
})()`;

describe('<ftk-match> when its reader changes', () => {
  it('keeps nothing the last reader saw: no log, no announcement, no card of the last view', async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: PLAY });
      const out = await page.evaluate(async () => {
        const w = window as unknown as Record<string, any>;
        // Seat 0's table, as a match element draws it, with what seat 0 saw: then the token changes.
        const { view, events } = w.playUntil(3, 4, (v: any) => v.hand.length >= 3 && v.moveCount > 20);
        const m = document.createElement('ftk-match') as any;
        m.setAttribute('server', 'http://127.0.0.1:9');
        m.setAttribute('match', 'm1');
        document.body.append(m);
        m.table.update(view, events);
        await new Promise((r) => setTimeout(r, 50));
        const root = m.table.shadowRoot;
        const before = { log: root.querySelectorAll('[part=log-list] li').length, hand: view.hand.map((c: any) => c.id) };
        m.token = null; // now a spectator
        await new Promise((r) => setTimeout(r, 50));
        const html = root.innerHTML as string;
        return {
          before,
          log: root.querySelectorAll('[part=log-list] li').length,
          spoken: root.querySelector('[part=announcer]').textContent,
          handShown: before.hand.filter((id: string) => html.includes(`"${id}"`)),
          view: m.table.view,
        };
      });
      expect(out.before.log).toBeGreaterThan(10);
      expect(out.before.hand.length).toBeGreaterThan(2);
      expect(out).toMatchObject({ log: 0, spoken: '', handShown: [], view: null });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('<ftk-table>', () => {
  it('lets a bid amount be typed digit by digit; the button and Enter send the amount shown, clamped', async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: PLAY });
      const d = await page.evaluate(() => {
        const w = window as unknown as Record<string, any>;
        const { view } = w.playUntil(3, 5, (v: any) => v.legal.length > 0 && v.minBid >= 2 && v.minBid <= 9 && v.maxBid >= 15);
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        t.view = view;
        w.table = t;
        w.sent = [];
        t.addEventListener('ftk-action', (e: any) => w.sent.push(e.detail.action));
        return { min: view.minBid, max: view.maxBid };
      });
      const input = page.locator('ftk-table input[type=number]');
      const go = page.locator('ftk-table button[data-key="bid"]');
      await input.fill('');
      await input.press('1');
      // Below the least bid: the field keeps what was typed, the button says what it would send.
      expect(await input.inputValue()).toBe('1');
      expect(await go.textContent()).toContain(String(d.min));
      await input.press('1');
      expect(await input.inputValue()).toBe('11');
      expect(await go.textContent()).toContain('11');
      await input.press('Enter');
      expect(await page.evaluate('window.sent')).toEqual([{ type: 'bid', player: 0, amount: 11 }]);
      // Too high: clamped when the field is left, and the button said so already.
      await page.evaluate('window.table.view = window.lib.view(window.state, 0)');
      await input.fill('999');
      expect(await go.textContent()).toContain(String(d.max));
      await input.blur();
      expect(await input.inputValue()).toBe(String(d.max));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses what is not a view with RulesError INVALID_VIEW, keeping the view it had, and nothing is thrown into the page', async () => {
    const { page, errors, close } = await blank();
    try {
      const out = await page.evaluate(async () => {
        const { createGame, view } = (window as any).lib;
        const good = view(createGame({ players: 3, seed: 1 }), 0);
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        t.view = good;
        await new Promise((r) => setTimeout(r, 50));
        const drawn = t.shadowRoot.innerHTML;
        const refused: string[] = [];
        for (const bad of [{}, 'garbage', 7, [], { ...good, legal: null }, { ...good, players: 5 }, { ...good, viewer: 3 }]) {
          try {
            t.view = bad;
          } catch (e: any) {
            refused.push(`${e.name} ${e.code}`);
          }
        }
        await new Promise((r) => setTimeout(r, 50));
        return { refused, kept: t.view === good, same: t.shadowRoot.innerHTML === drawn };
      });
      expect(out.refused).toEqual(Array(7).fill('RulesError INVALID_VIEW'));
      expect(out.kept).toBe(true);
      expect(out.same).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('has no label that is not in its accessible name and no banner landmark, in English and Ukrainian, phone and desktop', async () => {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const { page, close } = await blank('', width, height);
      try {
        await page.addScriptTag({ content: PLAY });
        await page.addScriptTag({ content: AXE });
        const found = await page.evaluate(async () => {
          const w = window as unknown as Record<string, any>;
          const out: string[] = [];
          const kinds = new Set<string>();
          for (const lang of ['en', 'uk']) {
            for (const [players, seed] of [
              [3, 6],
              [5, 8],
            ]) {
              for (const kind of ['place', 'take', 'king', 'bid', 'pay', 'none', 'over']) {
                const { view } = w.playUntil(players, seed, (v: any, s: any) =>
                  kind === 'over' ? s.step === 'over' : w.ui.decisionOf(v).kind === kind,
                );
                if ((kind === 'over') !== (view.currentPlayer === null) || (kind !== 'over' && w.ui.decisionOf(view).kind !== kind))
                  continue;
                kinds.add(kind);
                document.body.replaceChildren();
                const t = document.createElement('ftk-table') as any;
                t.setAttribute('lang', lang);
                document.body.append(t);
                t.view = view;
                await new Promise((r) => setTimeout(r, 30));
                const r = await w.axe.run(document.body, {
                  runOnly: ['label-content-name-mismatch', 'landmark-banner-is-top-level', 'landmark-no-duplicate-banner'],
                });
                for (const v of r.violations) out.push(`${lang} ${players}p ${kind}: ${v.id} ${v.nodes[0]?.html}`);
              }
            }
          }
          return { out, kinds: [...kinds].sort() };
        });
        expect(found.kinds).toEqual(['bid', 'king', 'none', 'over', 'pay', 'place', 'take']);
        expect(found.out, `${width}×${height}`).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('keeps focus in the log (its list or its summary) when another player moves', async () => {
    const { page, close } = await blank();
    try {
      await page.addScriptTag({ content: PLAY });
      await page.evaluate(async () => {
        const w = window as unknown as Record<string, any>;
        const { view } = w.playUntil(3, 9, (_v: any, s: any) => s.toMove !== 0 && s.moveCount > 5);
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        t.view = view;
        w.table = t;
        w.other = () => {
          const { step, view, eventsFor } = w.lib;
          const r = step(w.state, w.bots.heuristicBot(view(w.state, w.state.toMove), w.bots.botRandom('o')));
          w.state = r.state;
          t.update(view(w.state, 0), eventsFor(r.events, 0));
        };
        await new Promise((r) => setTimeout(r, 30));
      });
      for (const [selector, key] of [
        ['[part=log-list]', 'ol log-list'],
        ['details.log summary', 'summary'],
      ]) {
        await page.evaluate((sel) => (window as any).table.shadowRoot.querySelector(sel).focus(), selector);
        expect(await page.evaluate(FOCUSED)).toBe(key);
        await page.evaluate('window.other()');
        await page.waitForTimeout(50);
        expect(await page.evaluate(FOCUSED), selector).toBe(key);
      }
    } finally {
      await close();
    }
  });
});

describe('<ftk-app> playing locally', () => {
  const app = async (page: Page): Promise<void> => {
    await page.evaluate(() => {
      const w = window as any;
      const el = document.createElement('ftk-app') as any;
      el.setAttribute('local', '');
      el.setAttribute('online', 'false');
      el.bots = (_seat: number, seed: string) => {
        const rng = w.bots.botRandom(seed);
        return (view: unknown) => w.bots.heuristicBot(view, rng);
      };
      document.body.append(el);
    });
  };
  const names = (page: Page): Promise<string[]> =>
    page.evaluate(() => {
      const t = (document.querySelector('ftk-app') as any).shadowRoot.querySelector('ftk-table');
      return [...t.shadowRoot.querySelectorAll('.seat-name')].map((e: Element) => e.textContent ?? '');
    });

  it('keeps focus on the language button pressed', async () => {
    const { page, errors, close } = await blank('?local&players=3&seed=7&delay=50');
    try {
      await app(page);
      await page.waitForTimeout(200);
      await page.locator('ftk-app button[data-lang="uk"]').focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(100);
      expect(await page.evaluate('document.documentElement.lang')).toBe('uk');
      expect(await page.evaluate(FOCUSED)).toBe('button uk');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      await page.waitForTimeout(100);
      expect(await page.evaluate('document.documentElement.lang')).toBe('en');
      expect(await page.evaluate(FOCUSED)).toBe('button en');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('names its bots in the new language when the language changes', async () => {
    const { page, errors, close } = await blank('?local&players=3&seed=7&delay=50');
    try {
      await app(page);
      await page.waitForTimeout(200);
      expect((await names(page)).filter((n) => n.startsWith('Bot '))).toHaveLength(2);
      await page.locator('ftk-app button[data-lang="uk"]').click();
      await page.waitForTimeout(100);
      expect((await names(page)).filter((n) => n.startsWith('Бот '))).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('goes on with the same game when it is moved in the page', async () => {
    const { page, errors, close } = await blank('?local&players=3&seed=7&delay=20');
    try {
      await app(page);
      await page.waitForTimeout(300);
      const out = await page.evaluate(async () => {
        const el = document.querySelector('ftk-app') as any;
        const game = el.game;
        // The reader moves until the bots are to move; then the app is moved.
        const table = el.shadowRoot.querySelector('ftk-table');
        for (let i = 0; i < 20 && game.view().currentPlayer === 0; i++) {
          table.shadowRoot.querySelector('.tray [data-act]:not([disabled]), .playable').click();
          await new Promise((r) => setTimeout(r, 0));
        }
        const moves = game.view().moveCount;
        const box = document.createElement('div');
        document.body.append(box);
        box.append(el);
        const table2 = () => el.shadowRoot.querySelector('ftk-table');
        for (let i = 0; i < 100 && (game.view().moveCount === moves || !['mine', 'over'].includes(table2().dataset.turn)); i++)
          await new Promise((r) => setTimeout(r, 50));
        return { same: el.game === game, moves, after: game.view().moveCount, turn: table2().dataset.turn };
      });
      expect(out.same).toBe(true);
      // The bots still play: the game has come back to the reader's turn (or the end).
      expect(out.after).toBeGreaterThan(out.moves);
      expect(['mine', 'over']).toContain(out.turn);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
