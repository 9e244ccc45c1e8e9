// biome-ignore-all lint/suspicious/noExplicitAny: the page's objects (elements, views, the engine on window) are untyped in page.evaluate
/**
 * The elements' behaviour in headless Chromium where a review found it wrong, each on an empty
 * page with the package loaded (`test/e2e/fixtures/blank.html`): what a new reader of
 * `<ftk-match>` still sees, typing a bid, a view that is not one, the accessible names and
 * landmarks axe-core checks, focus in the log and on the language buttons of `<ftk-app>`, a local
 * game's names after a change of language and across a move in the page. From a second review, of
 * embedding them: properties set before the elements are defined, a view that fails to draw, an
 * action or event of a type this build does not know, a refused update's events, `<html lang>`
 * changing, a replay's record set to `null`, a local game's bot seeds, and `<ftk-match>` taken out
 * of the page or moved in it (on a real host on loopback) and given a view that is not one (by a
 * host of the test's own). From a third review: `<ftk-match>`'s invite links as docs/embedding.md
 * sets it up (none without `invite` for an unlisted match, and with it links that seat a friend).
 * From a review of long sessions: `<ftk-table>`'s clock stops once the game is over.
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createGameWithEvents, eventsFor, step, view } from '../../src/index.js';
import { startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { WORDS } from '../../src/ui/words.js';
import { blankWithClient, openBrowser, requireFiles } from './browser.js';

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

it('stops its turn clock once the game is over, with the deadline still set (a page that never clears it)', async () => {
  const { page, errors, close } = await blank();
  try {
    await page.addScriptTag({ content: PLAY });
    const out = await page.evaluate(async () => {
      const w = window as unknown as Record<string, any>;
      const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
      // The table's timers: the live intervals, counted as the page starts and clears them.
      const live = new Set<unknown>();
      const set = window.setInterval.bind(window);
      const clear = window.clearInterval.bind(window);
      (window as any).setInterval = (f: () => void, ms: number) => {
        const id = set(f, ms);
        live.add(id);
        return id;
      };
      (window as any).clearInterval = (id: number) => {
        live.delete(id);
        clear(id);
      };
      const t = document.createElement('ftk-table') as any;
      document.body.append(t);
      t.view = w.playUntil(3, 11, (v: any) => v.moveCount > 5).view;
      t.deadline = Date.now() + 60_000;
      await wait(50);
      const during = live.size;
      t.view = w.playUntil(3, 11, (v: any) => v.phase === 'over').view;
      await wait(50); // drawn
      const clock = t.shadowRoot.querySelector('[part~=clock]');
      let changes = 0;
      new MutationObserver((m) => {
        changes += m.length;
      }).observe(clock, { subtree: true, childList: true, characterData: true, attributes: true });
      await wait(2300);
      const over = { intervals: live.size, changes, hidden: clock.hidden };
      // A new game's view with the deadline still set: the clock ticks again.
      t.view = w.playUntil(3, 12, (v: any) => v.moveCount > 5).view;
      await wait(50);
      return { during, over, again: { intervals: live.size, hidden: clock.hidden } };
    });
    expect(out.during).toBe(1);
    expect(out.over).toEqual({ intervals: 0, changes: 0, hidden: true });
    expect(out.again).toEqual({ intervals: 1, hidden: false });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
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
      const spoken = () =>
        page.evaluate(() => {
          const t = (document.querySelector('ftk-app') as any).shadowRoot.querySelector('ftk-table');
          return t.shadowRoot.querySelector('[part=announcer]').textContent as string;
        });
      expect(await spoken()).toMatch(/[A-Za-z]/);
      await page.locator('ftk-app button[data-lang="uk"]').click();
      await page.waitForTimeout(100);
      expect((await names(page)).filter((n) => n.startsWith('Бот '))).toHaveLength(2);
      // Nothing said in English stays in the live region for a screen reader to come upon.
      expect(await spoken()).not.toMatch(/[A-Za-z]/);
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

  it("records the bots in meta.bots, so that its replay names the reader and the bots in the page's language", async () => {
    const { page, errors, close } = await blank('?local&players=3&seed=7&delay=0');
    try {
      await app(page);
      const record = await page.evaluate(async () => {
        const el = document.querySelector('ftk-app') as any;
        const table = el.shadowRoot.querySelector('ftk-table');
        for (let i = 0; i < 5000 && el.record === null; i++) {
          const v = el.game.view();
          if (v.currentPlayer === 0) table.dispatchEvent(new CustomEvent('ftk-action', { detail: { action: v.legal[0] } }));
          await new Promise((r) => setTimeout(r, 0));
        }
        return el.record;
      });
      expect(record.meta.bots).toBe(',heuristic,heuristic');
      expect(record.names).toEqual(['', 'Bot 1 (heuristic)', 'Bot 2 (heuristic)']);
      // The game's end buttons follow the language, there and back.
      const strip = page.locator('ftk-app .strip button');
      await expect.poll(() => strip.allTextContents()).toEqual(['Watch the replay', 'Play again']);
      await page.locator('ftk-app button[data-lang="uk"]').click();
      await expect.poll(() => strip.allTextContents()).toEqual(['Переглянути повтор', 'Зіграти ще']);
      await page.locator('ftk-app button[data-lang="en"]').click();
      await expect.poll(() => strip.allTextContents()).toEqual(['Watch the replay', 'Play again']);
      await page.locator('ftk-app .strip button', { hasText: 'Watch the replay' }).click();
      const options = page.locator('ftk-app ftk-replay select option');
      await expect.poll(() => options.allTextContents()).toEqual(['Spectator', 'You', 'Bot 1 (heuristic)', 'Bot 2 (heuristic)']);
      await page.locator('ftk-app button[data-lang="uk"]').click();
      await expect.poll(() => options.allTextContents()).toEqual(['Глядач', 'Ви', 'Бот 1 (евристичний)', 'Бот 2 (евристичний)']);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('embedding the elements (a second review)', () => {
  /** The enabled choices of a table: the `data-act` of each button or card that plays an action. */
  const CHOICES = `window.choices = (t) => [...t.shadowRoot.querySelectorAll('[data-act]')]
    .filter((el) => !el.disabled && !el.closest('[aria-busy="true"]'))
    .map((el) => ({ act: Number(el.getAttribute('data-act')), label: el.getAttribute('aria-label') ?? el.textContent }));`;

  it('applies properties set before the element was defined (a framework that renders before the module loads)', async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: CHOICES });
      const out = await page.evaluate(async () => {
        const w = window as any;
        const { createGameWithEvents, view, eventsFor, makeRecord } = w.lib;
        const { state, events } = createGameWithEvents({ players: 3, seed: 7 });
        const v = view(state, 1);
        // Tags defined only after the page set their properties: the same as the package's own
        // elements when `for-the-king-and-me/ui` is imported late.
        const t = document.createElement('late-table') as any;
        const quiet = document.createElement('late-table') as any;
        const r = document.createElement('late-replay') as any;
        const m = document.createElement('late-match') as any;
        const app = document.createElement('late-app') as any;
        m.setAttribute('server', 'http://127.0.0.1:9');
        m.setAttribute('match', 'm1');
        document.body.append(t, quiet, r, m);
        t.names = ['Ada', 'Bo', 'Cy'];
        t.events = eventsFor(events, 1);
        t.view = v;
        t.deadline = Date.now() + 60_000;
        quiet.view = v;
        quiet.disabled = true;
        r.record = makeRecord({ players: 3, seed: 7 }, v.legal.slice(0, 1));
        r.position = 1;
        m.creatorToken = 'creator';
        m.token = 'seat';
        const bots = () => () => null;
        app.bots = bots;
        customElements.define('late-table', class extends w.ui.TableElement {});
        customElements.define('late-replay', class extends w.ui.ReplayElement {});
        customElements.define('late-match', class extends w.ui.MatchElement {});
        customElements.define('late-app', class extends w.ui.AppElement {});
        customElements.upgrade(app); // not in the page: it would take over its address
        await new Promise((done) => setTimeout(done, 100));
        const own = (el: object, names: string[]) => names.filter((n) => Object.hasOwn(el, n));
        const out = {
          own: [
            ...own(t, ['view', 'events', 'names', 'deadline']),
            ...own(quiet, ['view', 'disabled']),
            ...own(r, ['record', 'position']),
            ...own(m, ['token', 'creatorToken']),
            ...own(app, ['bots']),
          ],
          table: {
            moves: t.dataset.moves,
            names: [...t.shadowRoot.querySelectorAll('[part~=seat-name]')].map((e: Element) => e.textContent),
            choices: w.choices(t).length,
            log: t.shadowRoot.querySelectorAll('[part=log-list] li').length,
            clock: t.shadowRoot.querySelector('[part~=clock]')?.textContent ?? '',
          },
          quiet: { disabled: quiet.hasAttribute('disabled'), moves: quiet.dataset.moves, choices: w.choices(quiet).length },
          replay: { length: r.length, position: r.position, moves: r.shadowRoot.querySelector('ftk-table').dataset.moves },
          match: { token: m.token, creator: m.creatorToken, client: m.client !== null },
          app: app.bots === bots,
        };
        m.remove();
        return out;
      });
      expect(out.own).toEqual([]);
      expect(out.table.moves).toBe('0');
      expect(out.table.names).toEqual(expect.arrayContaining(['Ada', 'Cy']));
      expect(out.table.choices).toBeGreaterThan(0);
      expect(out.table.log).toBeGreaterThan(0);
      expect(out.table.clock).toMatch(/\d:\d\d/);
      expect(out.quiet).toEqual({ disabled: true, moves: '0', choices: 0 });
      expect(out.replay).toEqual({ length: 1, position: 1, moves: '1' });
      expect(out.match).toEqual({ token: 'seat', creator: 'creator', client: true });
      expect(out.app).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows no choice of the last view when it cannot draw the new one, and says so with ftk-error', async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: CHOICES });
      const out = await page.evaluate(async () => {
        const w = window as any;
        const { createGame, view } = w.lib;
        const a = view(createGame({ players: 3, seed: 7 }), 1);
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        const reported: unknown[] = [];
        t.addEventListener('ftk-error', (e: CustomEvent) => reported.push(e.detail));
        t.view = a;
        await new Promise((done) => setTimeout(done, 50));
        const before = w.choices(t).length;
        // A view of the right shape that fails to draw (here: a field that throws when read).
        const b = { ...a, legal: a.legal.slice().reverse(), moveCount: a.moveCount + 1 };
        Object.defineProperty(b, 'deckSize', {
          enumerable: true,
          get: () => {
            throw new Error('unreadable');
          },
        });
        t.view = b;
        await new Promise((done) => setTimeout(done, 50));
        const after = { choices: w.choices(t), turn: t.dataset.turn, reported: reported.map((d: any) => d.code) };
        t.view = a;
        await new Promise((done) => setTimeout(done, 50));
        return { before, after, again: w.choices(t).length, turn: t.dataset.turn };
      });
      expect(out.before).toBeGreaterThan(0);
      expect(out.after).toEqual({ choices: [], turn: 'none', reported: ['INVALID_VIEW'] });
      expect(out.again).toBe(out.before);
      expect(out.turn).toBe('mine');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('logs an event of a type it does not know as a neutral line; its choices are those of the new view, in any language', async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: CHOICES });
      const out = await page.evaluate(async () => {
        const w = window as any;
        // Two views of the reader in a row whose first choice differs.
        const rng = w.bots.botRandom('x');
        const game = w.ui.createLocalGame({ players: 3, seed: 7, bots: (v: any) => w.bots.heuristicBot(v, rng) });
        game.playBots();
        let a = game.view();
        let b = null;
        let events = null;
        for (let i = 0; i < 200 && b === null; i++) {
          const e = game.play(a.legal[0]);
          const n = game.view();
          if (n.legal.length > 0 && JSON.stringify(n.legal[0]) !== JSON.stringify(a.legal[0])) [b, events] = [n, e];
          else a = n;
        }
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        t.update(a, []);
        await new Promise((done) => setTimeout(done, 50));
        // A newer host's event, with the events that led to `b`.
        t.update(b, [...events, { type: 'tax-collected', player: 0, amount: 2 }]);
        await new Promise((done) => setTimeout(done, 50));
        const log = () => [...t.shadowRoot.querySelectorAll('[part=log-list] li')].map((li: Element) => li.textContent);
        const choices = w.choices(t);
        const sent: unknown[] = [];
        t.addEventListener('ftk-action', (e: CustomEvent) => sent.push(e.detail));
        t.shadowRoot.querySelector(`[data-act="${choices[0].act}"]`).click();
        const en = log();
        t.setAttribute('lang', 'uk');
        await new Promise((done) => setTimeout(done, 50));
        return {
          moves: t.dataset.moves,
          bMoves: b.moveCount,
          choices: choices.length,
          sent: sent.map((d: any) => JSON.stringify(d.action) === JSON.stringify(b.legal[d.index]) && d.moveCount === b.moveCount),
          last: en.at(-1),
          lines: [en.length, log().length],
          ukLast: log().at(-1),
        };
      });
      expect(out.moves).toBe(String(out.bMoves));
      expect(out.choices).toBeGreaterThan(0);
      expect(out.sent).toEqual([true]);
      expect(out.last).toMatch(/\S/);
      expect(out.last).not.toContain('tax');
      expect(out.lines[1]).toBe(out.lines[0]);
      expect(out.ukLast).not.toBe(out.last);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("draws an action of a type it does not know ('other') as a numbered button that sends it", async () => {
    const { page, errors, close } = await blank();
    try {
      await page.addScriptTag({ content: CHOICES });
      const out = await page.evaluate(async () => {
        const w = window as any;
        const { createGame, view } = w.lib;
        const v = { ...view(createGame({ players: 3, seed: 7 }), 1), legal: [{ type: 'mulligan', player: 1 }] };
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        t.view = v;
        await new Promise((done) => setTimeout(done, 50));
        const sent: unknown[] = [];
        t.addEventListener('ftk-action', (e: CustomEvent) => sent.push(e.detail.action));
        const choices = w.choices(t);
        const button = t.shadowRoot.querySelector('[data-act="0"]');
        const shown = button?.textContent;
        button?.click();
        t.setAttribute('lang', 'uk');
        t.view = v;
        await new Promise((done) => setTimeout(done, 50));
        return { decision: w.ui.decisionOf(v).kind, choices, shown, sent, uk: t.shadowRoot.querySelector('[data-act="0"]')?.textContent };
      });
      expect(out).toEqual({
        decision: 'other',
        choices: [{ act: 0, label: 'Action 1' }],
        shown: 'Action 1',
        sent: [{ type: 'mulligan', player: 1 }],
        uk: 'Дія 1',
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('logs nothing of an update whose view it refuses', async () => {
    const { page, errors, close } = await blank();
    try {
      const out = await page.evaluate(async () => {
        const { createGameWithEvents, view, eventsFor, step } = (window as any).lib;
        const { state, events } = createGameWithEvents({ players: 3, seed: 7 });
        const t = document.createElement('ftk-table') as any;
        document.body.append(t);
        t.update(view(state, 0), eventsFor(events, 0));
        await new Promise((done) => setTimeout(done, 50));
        const log = () => t.shadowRoot.querySelectorAll('[part=log-list] li').length;
        const before = log();
        const later = step(state, view(state, 1).legal[0]);
        let code = null;
        try {
          t.update({ not: 'a view' }, eventsFor(later.events, 0));
        } catch (e: any) {
          code = e.code;
        }
        t.view = view(state, 0);
        await new Promise((done) => setTimeout(done, 50));
        return { code, before, after: log() };
      });
      expect(out.code).toBe('INVALID_VIEW');
      expect(out.before).toBeGreaterThan(0);
      expect(out.after).toBe(out.before);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("follows a change of the page's language (<html lang>) at once, table and replay", async () => {
    const { page, errors, close } = await blank();
    try {
      const out = await page.evaluate(async () => {
        const w = window as any;
        const { createGame, view, makeRecord } = w.lib;
        const t = document.createElement('ftk-table') as any;
        const r = document.createElement('ftk-replay') as any;
        document.body.append(t, r);
        t.view = view(createGame({ players: 3, seed: 7 }), 1);
        r.record = makeRecord({ players: 3, seed: 7 }, []);
        await new Promise((done) => setTimeout(done, 50));
        const words = () => ({
          table: t.shadowRoot.querySelector('[part=log] summary').textContent,
          replay: r.shadowRoot.querySelector('[part=controls] button').getAttribute('aria-label'),
        });
        const en = words();
        document.documentElement.lang = 'uk';
        await new Promise((done) => setTimeout(done, 50));
        return { en, uk: words() };
      });
      expect(out.en).toEqual({ table: 'Log', replay: expect.any(String) });
      expect(out.uk.table).not.toBe(out.en.table);
      expect(out.uk.replay).not.toBe(out.en.replay);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('empties the replay when its record is set to null', async () => {
    const { page, errors, close } = await blank();
    try {
      const out = await page.evaluate(async () => {
        const { createGame, view, makeRecord } = (window as any).lib;
        const v = view(createGame({ players: 3, seed: 7 }), 1);
        const r = document.createElement('ftk-replay') as any;
        document.body.append(r);
        r.record = makeRecord({ players: 3, seed: 7 }, v.legal.slice(0, 1));
        r.position = 1;
        await new Promise((done) => setTimeout(done, 50));
        const inner = r.shadowRoot.querySelector('ftk-table');
        const cards = () => inner.shadowRoot.querySelectorAll('[data-seat], [data-card]').length;
        const before = { turn: inner.dataset.turn, cards: cards() };
        r.record = null;
        await new Promise((done) => setTimeout(done, 50));
        return {
          before,
          after: {
            turn: inner.dataset.turn,
            cards: cards(),
            log: inner.shadowRoot.querySelectorAll('[part=log-list] li').length,
            view: inner.view,
          },
        };
      });
      expect(out.before.turn).toBe('others');
      expect(out.before.cards).toBeGreaterThan(0);
      expect(out.after).toEqual({ turn: 'none', cards: 0, log: 0, view: null });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("gives a local game's bots seeds of their own, not the game's (which tells every hidden card)", async () => {
    for (const search of ['?local&players=3&delay=0', '?local&players=3&seed=7&delay=0']) {
      const { page, errors, close } = await blank(search);
      try {
        const out = await page.evaluate(async () => {
          const w = window as any;
          const seeds: string[] = [];
          const el = document.createElement('ftk-app') as any;
          el.setAttribute('local', '');
          el.setAttribute('online', 'false');
          el.bots = (_seat: number, seed: string) => {
            seeds.push(seed);
            const rng = w.bots.botRandom(seed);
            return (view: unknown) => w.bots.heuristicBot(view, rng);
          };
          document.body.append(el);
          await new Promise((done) => setTimeout(done, 50));
          const game = el.game;
          for (let i = 0; i < 500 && game.view().currentPlayer !== null; i++) {
            if (game.view().currentPlayer === 0) game.act(game.view().legal[0]);
            game.playBots();
          }
          return { seeds, seed: String(game.record().options.seed) };
        });
        expect(out.seeds).toHaveLength(2);
        const bases = out.seeds.map((s) => s.split('/')[0]);
        if (search.includes('seed=7')) expect(bases).toEqual(['7', '7']);
        else {
          expect(bases).not.toContain(out.seed);
          expect(Number(out.seed)).toBeGreaterThan(1e9);
        }
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

/** Runs `test` on the blank page with the client, served by a real host on loopback (the same origin: no CORS to allow); both end with it. */
async function onHostPage(test: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const host = await startServer({ store: new MemoryStore(), port: 0, staticDir: process.cwd() });
  const context = await pages.browser.newContext({ reducedMotion: 'reduce' });
  try {
    const { page, errors } = await blankWithClient(context, host.url);
    await test(page, errors);
  } finally {
    await context.close();
    await host.close();
  }
}

describe('<ftk-match> in and out of the page (a second review)', () => {
  it('says "closed" once taken out of the page, and keeps its connection when moved in it', async () => {
    await onHostPage(async (page, errors) => {
      const out = await page.evaluate(async () => {
        const { createMatch, joinMatch } = (window as any).client;
        const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
        const base = location.origin;
        const { match, invite } = await createMatch(base, { players: 2, bots: [null, 'heuristic'] });
        const seat = await joinMatch(base, match.id, { name: 'Ada', invite });
        const a = document.createElement('div');
        const b = document.createElement('div');
        document.body.append(a, b);
        const m = document.createElement('ftk-match') as any;
        m.setAttribute('match', match.id);
        m.token = seat.token;
        const statuses: string[] = [];
        m.addEventListener('ftk-status', (e: CustomEvent) => statuses.push(e.detail.status));
        a.append(m);
        for (let i = 0; i < 100 && m.status !== 'open'; i++) await sleep(50);
        const first = m.client;
        statuses.length = 0;
        b.append(m); // moved: out of the page and back in one task
        await sleep(300);
        const moved = { statuses: [...statuses], same: m.client === first, status: m.status };
        statuses.length = 0;
        m.remove();
        await sleep(100);
        return { moved, removed: { statuses: [...statuses], status: m.status, data: m.dataset.status, client: m.client } };
      });
      expect(out.moved).toEqual({ statuses: [], same: true, status: 'open' });
      expect(out.removed).toEqual({ statuses: ['closed'], status: 'closed', data: 'closed', client: null });
      expect(errors).toEqual([]);
    });
  });
});

describe("<ftk-match>'s announcer for a blind player (a fourth review)", () => {
  it('warns once at 10 seconds, says when the host played for the reader, and says who left the table and came back', {
    timeout: 60_000,
  }, async () => {
    await onHostPage(async (page, errors) => {
      const out = await page.evaluate(async () => {
        const { createMatch, joinMatch } = (window as any).client;
        const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
        const base = location.origin;
        const { match, invite } = await createMatch(base, { players: 2, firstPlayer: 0, turnTimeMs: 12_000 });
        const ada = await joinMatch(base, match.id, { name: 'Ada', invite });
        const bo = await joinMatch(base, match.id, { name: 'Bo', invite });
        const make = (token: string): any => {
          const m = document.createElement('ftk-match') as any;
          m.setAttribute('match', match.id);
          m.setAttribute('lang', 'en');
          m.token = token;
          document.body.append(m);
          return m;
        };
        const a = make(ada.token);
        const b = make(bo.token);
        const lines = (): string[] =>
          [...a.table.shadowRoot.querySelectorAll('[part=announcer] p')].map((p: Element) => p.textContent as string);
        const until = async (ok: () => boolean, ms: number): Promise<void> => {
          for (let i = 0; i < ms / 100 && !ok(); i++) await sleep(100);
        };
        await until(() => a.status === 'open' && b.status === 'open' && a.client?.view !== null, 5000);
        await until(() => lines().some((l) => l.startsWith('Your time ran out')), 15_000);
        const timer = lines();
        b.remove();
        await until(() => lines().includes('Bo left the table.'), 5000);
        document.body.append(b);
        await until(() => lines().includes('Bo is back.'), 5000);
        await sleep(300);
        return { timer, presence: lines() };
      });
      expect(out.timer.filter((l) => l === '10 seconds left')).toHaveLength(1);
      const ranOut = out.timer.indexOf('Your time ran out: the host played for you.');
      expect(ranOut).toBeGreaterThan(out.timer.indexOf('10 seconds left'));
      // Said before the move the host played for the reader.
      expect(out.timer[ranOut + 1]).toMatch(/^You /);
      expect(out.presence.filter((l) => l === 'Bo left the table.')).toHaveLength(1);
      expect(out.presence.filter((l) => l === 'Bo is back.')).toHaveLength(1);
      expect(out.presence.indexOf('Bo is back.')).toBeGreaterThan(out.presence.indexOf('Bo left the table.'));
      expect(errors).toEqual([]);
    });
  });
});

describe('<ftk-match> and a view it refuses (a second review)', () => {
  it('logs nothing of the update whose view is not one, and says BAD_MESSAGE', async () => {
    // A host that welcomes seat 1, then sends an update whose events are real and whose view is not one.
    const { state } = createGameWithEvents({ players: 3, seed: 7 });
    const first = view(state, 1);
    const next = step(state, first.legal[0] as (typeof first.legal)[number]);
    const server = createServer();
    const sockets = new WebSocketServer({ server, path: '/ws' });
    sockets.on('connection', (ws) => {
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as { type: string; id?: unknown };
        if (m.type === 'hello') {
          ws.send(
            JSON.stringify({
              type: 'welcome',
              v: 1,
              match: 'm1',
              seat: 1,
              seq: 0,
              updates: [],
              view: first,
            }),
          );
          setTimeout(
            () => ws.send(JSON.stringify({ type: 'update', seq: 1, events: eventsFor(next.events, 1), view: { players: 9, legal: [] } })),
            200,
          );
        } else if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong', id: m.id }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    const { page, errors, close } = await blank();
    try {
      const out = await page.evaluate(async (base) => {
        const m = document.createElement('ftk-match') as any;
        const reported: string[] = [];
        m.addEventListener('ftk-error', (e: CustomEvent) => reported.push(e.detail.code));
        m.setAttribute('server', base);
        m.setAttribute('match', 'm1');
        document.body.append(m);
        m.token = 'seat-1';
        const log = () => m.table.shadowRoot.querySelectorAll('[part=log-list] li').length;
        for (let i = 0; i < 100 && m.table.dataset.moves !== '0'; i++) await new Promise((done) => setTimeout(done, 20));
        const before = log();
        for (let i = 0; i < 100 && reported.length === 0; i++) await new Promise((done) => setTimeout(done, 20));
        await new Promise((done) => setTimeout(done, 50));
        const out = { before, after: log(), moves: m.table.dataset.moves, reported };
        m.remove();
        return out;
      }, `http://127.0.0.1:${port}`);
      expect(out).toEqual({ before: out.before, after: out.before, moves: '0', reported: ['BAD_MESSAGE'] });
      expect(errors).toEqual([]);
    } finally {
      await close();
      sockets.close();
      server.close();
    }
  });
});

describe("<ftk-match>'s invite links, set up as docs/embedding.md says (a third review)", () => {
  it('gives no link that cannot seat anyone without `invite`, and with it links that seat a friend in <ftk-app>', async () => {
    const host = await startServer({ store: new MemoryStore(), port: 0, staticDir: process.cwd() });
    const ada = await pages.browser.newContext({ reducedMotion: 'reduce' });
    const bo = await pages.browser.newContext({ reducedMotion: 'reduce' });
    try {
      const { page, errors } = await blankWithClient(ada, host.url);
      // createMatch and joinMatch (an unlisted match), then the element with `match` and `token` only.
      await page.evaluate(async () => {
        const { createMatch, joinMatch } = (window as any).client;
        const base = location.origin;
        const { match, invite } = await createMatch(base, { players: 2, bots: [null, null] });
        const seat = await joinMatch(base, match.id, { name: 'Ada', invite });
        (window as any).invite = invite;
        const m = document.createElement('ftk-match') as any;
        m.setAttribute('match', match.id);
        m.setAttribute('invite-base', `${location.origin}/test/e2e/fixtures/blank.html`);
        m.token = seat.token;
        document.body.append(m);
      });
      const invites = page.locator('ftk-match [part="invites"]');
      await invites.getByText(WORDS.en.lobby.noInvite).waitFor();
      expect(await invites.locator('input').count()).toBe(0);

      // With the match's invite code, as embedding.md now says: a link per open seat that works.
      await page.evaluate(() => document.querySelector('ftk-match')?.setAttribute('invite', (window as any).invite));
      const link = await invites.locator('input[data-invite="1"]').inputValue();
      expect(link).toContain('#invite=');
      const friend = await bo.newPage();
      friend.on('pageerror', (e) => errors.push(String(e)));
      await friend.goto(link);
      await friend.waitForFunction('window.__ready === true');
      await friend.evaluate(() => document.body.append(document.createElement('ftk-app')));
      await friend.locator('ftk-app ftk-lobby input[data-field="name"]').fill('Bo');
      await friend.locator('ftk-app ftk-lobby button[data-field="sit"]').click();
      await friend.waitForFunction(`document.querySelector('ftk-app').shadowRoot.querySelector('ftk-match')?.status === 'open'`);
      await page.waitForFunction(`document.querySelector('ftk-match').table.view !== null`);
      expect(errors).toEqual([]);
    } finally {
      await ada.close();
      await bo.close();
      await host.close();
    }
  });
});
