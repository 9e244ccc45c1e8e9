// biome-ignore-all lint/suspicious/noExplicitAny: the page's objects (elements, clients) are untyped in page.evaluate
/**
 * What a screen reader hears of whole online games, after a review with one (a fifth review, and
 * a sixth), on a real host on loopback with the package's elements in Chromium: an online game's
 * opening and its rematch's are said once, as a local game's is, the rematch's after "Everybody
 * agreed" (also where `<ftk-app>` puts the rematch in a new element); "Your turn: …" once a turn,
 * not again after each card the reader places; a language switch says nothing again (the
 * connection, whom the match waits for, the notice of a refused seat link), and the notice
 * follows the language.
 *
 * Needs `npm run build` (the page imports dist/) and /usr/bin/chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinMatch } from '../../src/client/index.js';
import { startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { describeEvent, labels } from '../../src/text/index.js';
import { WORDS } from '../../src/ui/words.js';
import { blankWithClient, CHROMIUM, CHROMIUM_ARGS, requireFiles } from './browser.js';

let browser: Browser;

beforeAll(async () => {
  requireFiles('dist/ui.js', 'npm run build');
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
});

afterAll(() => browser?.close());

/** A host of its own (in memory) serving the repository, and a blank page of it with the client as `window.client`. */
async function onHost(test: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const host = await startServer({ store: new MemoryStore(), port: 0, staticDir: process.cwd() });
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    const { page, errors } = await blankWithClient(context, host.url);
    await page.addScriptTag({ content: HELPERS });
    await test(page, errors);
  } finally {
    await context.close();
    await host.close();
  }
}

/**
 * In the page: `sleep`, `until(ok, ms)`, `heard(table)` (every line the table's live region says
 * from now on: not one removed in the task that added it), `spoken(root)` (the same of every live
 * region under `root`, in shadow roots too, also those of elements added later; a live region
 * shown already written is not heard, as a screen reader does not read it), `makeMatch(id, token, lang)` (an `<ftk-match>` on the page),
 * `keptSeat(options, name)` (a match created with `options`, `name` seated in it, the token kept
 * in `localStorage` as `<ftk-app>` keeps it; `{ id, invite }`), `adaWithBot(lang)` (a
 * match of Ada against a heuristic bot, created and opened in an `<ftk-match>`) and `place(m, area)`
 * (the reader places the drawn card in `area`; resolves once the view after it is drawn).
 */
const HELPERS = `
window.sleep = (ms) => new Promise((done) => setTimeout(done, ms));
window.until = async (ok, ms) => {
  for (let i = 0; i < ms / 50 && !ok(); i++) await window.sleep(50);
  if (!ok()) throw new Error('timed out: ' + ok);
};
window.heard = (table) => {
  const lines = [];
  new MutationObserver((records) => {
    // A line taken out again in the same task never reached the screen reader: not heard.
    for (const r of records) for (const n of r.addedNodes) if (n.isConnected) lines.push(n.textContent);
  }).observe(table.shadowRoot.querySelector('[part=announcer]'), { childList: true });
  return lines;
};
window.spoken = (root) => {
  const lines = [];
  const live = '[role=status], [role=alert], [aria-live]:not([aria-live=off])';
  const seen = new WeakSet();
  const watch = (r) => {
    if (seen.has(r)) return;
    seen.add(r);
    new MutationObserver((records) => {
      for (const m of records)
        for (const n of m.addedNodes) {
          // A line taken out again in the same task never reached the screen reader: not heard.
          if (!n.isConnected) continue;
          if (n.parentElement?.closest(live)) lines.push(n.textContent);
          else if (n.nodeType === 1) for (const e of [n, ...n.querySelectorAll('*')]) if (e.shadowRoot) watch(e.shadowRoot);
        }
    }).observe(r, { childList: true, subtree: true });
    for (const e of r.querySelectorAll('*')) if (e.shadowRoot) watch(e.shadowRoot);
  };
  watch(root.shadowRoot ?? root);
  return lines;
};
window.makeMatch = (id, token, lang) => {
  const m = document.createElement('ftk-match');
  m.setAttribute('match', id);
  m.setAttribute('lang', lang);
  m.token = token;
  document.body.append(m);
  return m;
};
window.keptSeat = async (options, name) => {
  const base = location.origin;
  const { match, invite } = await window.client.createMatch(base, options);
  const seat = await window.client.joinMatch(base, match.id, { name, invite });
  localStorage.setItem('ftk-token:' + match.id, seat.token);
  return { id: match.id, invite };
};
window.adaWithBot = async (lang) => {
  const base = location.origin;
  const { match, invite } = await window.client.createMatch(base, { players: 2, firstPlayer: 0, bots: [null, 'heuristic'] });
  const ada = await window.client.joinMatch(base, match.id, { name: 'Ada', invite });
  return { match, a: window.makeMatch(match.id, ada.token, lang) };
};
window.place = async (m, area) => {
  const moves = m.table.view.moveCount;
  const index = m.table.view.legal.findIndex((a) => a.type === 'place' && a.area === area);
  m.table.shadowRoot.querySelector('[data-act="' + index + '"]').click();
  await window.until(() => m.table.dataset.moves === String(moves + 1) && !m.table.waiting, 10000);
  await window.sleep(100);
};
`;

/** The first line of a game's opening, as a local game says it: "Phase: Share Influence". */
const phase = (lang: 'en' | 'uk'): string => describeEvent({ type: 'phase', phase: 'influence' }, lang);

describe('an online game as a screen reader says it (a fifth review)', () => {
  it('says the opening once, as a local game does, to the creator waiting and to the friend who sat last, in English and Ukrainian', async () => {
    await onHost(async (page, errors) => {
      const out = await page.evaluate(async () => {
        const w = window as any;
        const base = location.origin;
        const { match, invite } = await w.client.createMatch(base, { players: 2, firstPlayer: 0 });
        const ada = await w.client.joinMatch(base, match.id, { name: 'Ada', invite });
        const a = w.makeMatch(match.id, ada.token, 'en');
        const heardA = w.heard(a.table);
        await w.until(() => a.status === 'open', 5000);
        // Bo sits down (the deal is made) and opens the match after it.
        const bo = await w.client.joinMatch(base, match.id, { name: 'Bo', invite });
        await w.until(() => a.table.view !== null, 5000);
        const b = w.makeMatch(match.id, bo.token, 'uk');
        const heardB = w.heard(b.table);
        await w.until(() => b.table.view !== null, 5000);
        await w.sleep(200);
        // Ada plays on: the opening is not said again.
        await w.place(a, 'middle');
        return { a: [...heardA], b: [...heardB] };
      });
      const [a, b] = [out.a, out.b];
      expect(a.filter((l) => l === phase('en'))).toHaveLength(1);
      expect(a[a.indexOf(phase('en')) + 1]).toBe('You are now the Advisor');
      expect(a[a.indexOf(phase('en')) + 2]).toMatch(/^You drew /);
      expect(a, "Bo's first arrival is not a coming back").not.toContain(WORDS.en.presence('Bo', true));
      expect(b.filter((l) => l === phase('uk'))).toHaveLength(1);
      expect(b[b.indexOf(phase('uk')) + 1]).toMatch(/Радник/);
      expect(errors).toEqual([]);
    });
  });

  it('says a rematch\'s opening, after "Everybody agreed" once', { timeout: 120_000 }, async () => {
    await onHost(async (page, errors) => {
      const out = await page.evaluate(async () => {
        const w = window as any;
        const { match, a } = await w.adaWithBot('en');
        const heard = w.heard(a.table);
        const spoken = w.spoken(a);
        await w.until(() => a.client?.view != null, 5000);
        // Ada plays the game out (the first choice each time).
        for (let i = 0; i < 2000 && a.client.view.currentPlayer !== null; i++) {
          const v = a.client.view;
          if (v.currentPlayer === a.client.seat) await a.client.send(v.legal[0]);
          else await w.sleep(20);
        }
        await w.until(() => a.dataset.over !== undefined, 10_000);
        const first = [...heard];
        // (Its answer may come after the element moved on: the client it was asked of is closed then.)
        a.client.agreeToRematch().catch(() => undefined);
        await w.until(() => a.getAttribute('match') !== match.id, 20_000);
        await w.until(() => a.table.view !== null, 10_000);
        await w.sleep(300);
        return { first, rematch: heard.slice(first.length) as string[], spoken: [...spoken] as string[] };
      });
      expect(out.first.filter((l) => l === phase('en'))).toHaveLength(1);
      expect(out.first.filter((l) => l.startsWith('Game over') || l === 'The game is over')).toHaveLength(1);
      // The rematch's first Advisor is the bot, which may have moved before the page came: its opening comes first all the same.
      expect(out.rematch.filter((l) => l === phase('en'))).toHaveLength(1);
      expect(out.rematch.slice(0, 2)).toEqual([phase('en'), `${WORDS.en.botName('heuristic', 1)} is now the Advisor`]);
      // The panel that said everybody agreed goes with the old match: said all the same, once, before the rematch's opening.
      expect(out.spoken.filter((l) => l === WORDS.en.rematch.starting)).toHaveLength(1);
      expect(out.spoken.indexOf(WORDS.en.rematch.starting)).toBeLessThan(out.spoken.lastIndexOf(phase('en')));
      expect(errors).toEqual([]);
    });
  });

  it('in <ftk-app>, which puts the rematch in a new element: "Everybody agreed" said once, in its language, before the opening', {
    timeout: 120_000,
  }, async () => {
    await onHost(async (page, errors) => {
      const id: string = await page.evaluate(
        async (name) => (await (window as any).keptSeat({ players: 2, firstPlayer: 0, bots: [null, 'heuristic'] }, name)).id,
        'Ада',
      );
      await page.goto(`${new URL(page.url()).origin}/test/e2e/fixtures/blank.html?lang=uk&match=${id}`);
      await page.waitForFunction('window.__ready === true');
      await page.addScriptTag({ content: HELPERS });
      const out = await page.evaluate(async (first: string) => {
        const w = window as any;
        const spoken = w.spoken(document);
        const app = document.createElement('ftk-app');
        document.body.append(app);
        const m = (): any => app.shadowRoot?.querySelector('ftk-match');
        await w.until(() => m()?.client?.view != null, 10_000);
        const a = m();
        for (let i = 0; i < 2000 && a.client.view.currentPlayer !== null; i++) {
          const v = a.client.view;
          if (v.currentPlayer === a.client.seat) await a.client.send(v.legal[0]);
          else await w.sleep(20);
        }
        await w.until(() => a.dataset.over !== undefined, 10_000);
        const over = spoken.length;
        a.client.agreeToRematch().catch(() => undefined);
        await w.until(() => m() !== a && m()?.getAttribute('match') !== first, 20_000);
        await w.until(() => m().table.view !== null, 10_000);
        await w.sleep(300);
        return { over, spoken: [...spoken] as string[] };
      }, id);
      const after = out.spoken.slice(out.over);
      expect(out.spoken.filter((l) => l === WORDS.uk.rematch.starting)).toHaveLength(1);
      expect(after.indexOf(WORDS.uk.rematch.starting)).toBeGreaterThanOrEqual(0);
      expect(after.indexOf(WORDS.uk.rematch.starting)).toBeLessThan(after.indexOf(phase('uk')));
      expect(after.filter((l) => l === phase('uk'))).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  });

  it('says "Your turn" once a turn, not again after each card the reader places', async () => {
    await onHost(async (page, errors) => {
      const lines = await page.evaluate(async () => {
        const w = window as any;
        const { a } = await w.adaWithBot('en');
        const heard = w.heard(a.table);
        await w.until(() => a.table.dataset.turn === 'mine', 5000);
        await w.sleep(200);
        // The Advisor places two cards in the middle: the same turn, the same decision.
        await w.place(a, 'middle');
        await w.place(a, 'middle');
        return [...heard];
      });
      expect(lines.filter((l) => l.startsWith(`${labels.en.ui.yourTurn}:`))).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('You placed'))).toHaveLength(2);
      expect(errors).toEqual([]);
    });
  });
});

describe('<ftk-app> switching language (a fifth review, and a sixth)', () => {
  /** Opens `<ftk-app>` at `address` (on this host) with every line its live regions say from then on in `window.live`. */
  async function openApp(page: Page, address: string): Promise<void> {
    await page.goto(`${new URL(page.url()).origin}/test/e2e/fixtures/blank.html${address}`);
    await page.waitForFunction('window.__ready === true');
    await page.addScriptTag({ content: HELPERS });
    await page.evaluate(() => {
      const w = window as any;
      w.live = w.spoken(document);
      document.body.append(document.createElement('ftk-app'));
    });
  }
  const live = (page: Page): Promise<string[]> => page.evaluate('[...window.live]');
  /** Switches to Ukrainian with the header's button; resolves a moment after the match was worded anew. */
  async function toUkrainian(page: Page): Promise<void> {
    await page.locator('ftk-app [data-lang="uk"]').click();
    await page.waitForFunction(`document.querySelector('ftk-app').shadowRoot.querySelector('ftk-match').lang === 'uk'`);
    await page.waitForTimeout(300);
  }

  it("says nothing of the connection, nor the refused seat link's notice again, which it words in the new language", async () => {
    await onHost(async (page, errors) => {
      const id: string = await page.evaluate(
        async (name) => (await (window as any).keptSeat({ players: 2, firstPlayer: 0, bots: [null, 'heuristic'] }, name)).id,
        'Ada',
      );
      // A seat link whose key the host refuses: Ada is back at her seat, and a notice says so.
      await openApp(page, `?lang=en#match=${id}&seat=not-your-key`);
      const notice = page.locator('ftk-app .main > p');
      await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toBe(WORDS.en.app.seatLinkRefused);
      await page.waitForFunction(`document.querySelector('ftk-app').shadowRoot.querySelector('ftk-match')?.status === 'open'`);
      await page.waitForFunction(`document.querySelector('ftk-app').shadowRoot.querySelector('ftk-match').table.dataset.turn === 'mine'`);
      await page.waitForTimeout(300);
      const before = await live(page);
      expect(before.filter((l) => l === WORDS.en.app.seatLinkRefused)).toHaveLength(1);
      await toUkrainian(page);
      // Not a line more: neither the connection nor the notice, worded anew, is said again.
      expect((await live(page)).slice(before.length)).toEqual([]);
      expect(await notice.textContent()).toBe(WORDS.uk.app.seatLinkRefused);
      expect(errors).toEqual([]);
    });
  });

  it('says whom the match waits for when it changes, not again when only the language does', async () => {
    await onHost(async (page, errors) => {
      const { id, invite }: { id: string; invite: string } = await page.evaluate(() =>
        (window as any).keptSeat({ players: 3, firstPlayer: 0 }, 'Ada'),
      );
      await openApp(page, `?lang=en&match=${id}`);
      const waiting = page.locator('ftk-app .strip .muted');
      await expect.poll(() => waiting.textContent(), { timeout: 30_000 }).toBe(WORDS.en.waitingFor(1, 3));
      // Bo sits down: said.
      await joinMatch(new URL(page.url()).origin, id, { name: 'Bo', invite });
      await expect.poll(() => waiting.textContent(), { timeout: 30_000 }).toBe(WORDS.en.waitingFor(2, 3));
      await page.waitForTimeout(300);
      const before = await live(page);
      expect(before.filter((l) => l === WORDS.en.waitingFor(1, 3))).toHaveLength(1);
      expect(before.filter((l) => l === WORDS.en.waitingFor(2, 3))).toHaveLength(1);
      await toUkrainian(page);
      expect(await waiting.textContent()).toBe(WORDS.uk.waitingFor(2, 3));
      expect((await live(page)).slice(before.length)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
