// biome-ignore-all lint/suspicious/noExplicitAny: the page's objects (elements, views, the engine on window) are untyped in page.evaluate
/**
 * Fixes from a visual-accessibility review (WCAG 2.2 AA) of `<ftk-table>` in headless Chromium,
 * each on an empty page with the package loaded (`test/e2e/fixtures/blank.html`): a seat away
 * differs from one here by shape, not only by colour; a big card's name never runs into its
 * upside-down value, with the text spacing of 1.4.12 too; in forced colours a Gold card's coins
 * stay visible; with 200% text the bid tray (320 and 360 px) and the score (640 px) do not make
 * the page scroll sideways; a focused card stands out from the other choosable cards.
 * Screenshots go to test-results/look-*.png.
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, requireFiles } from './browser.js';
import { SHOW_TABLE } from './table.js';

let pages: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  pages = await openBrowser(process.cwd());
  mkdirSync('test-results', { recursive: true });
});

afterAll(() => pages?.close());

/** WCAG 2.2's text spacing (1.4.12), as a reader's style sheet would set it. */
const SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** A page of `blank.html` at `width`, its errors collected, with `window.show` ({@link SHOW_TABLE}). */
async function open(
  width: number,
  options: { forcedColors?: 'active'; text?: string } = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await pages.browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${pages.url}test/e2e/fixtures/blank.html`);
  await page.waitForFunction('window.__ready === true');
  if (options.forcedColors !== undefined) await page.emulateMedia({ forcedColors: options.forcedColors });
  if (options.text !== undefined) await page.evaluate((size) => (document.documentElement.style.fontSize = size), options.text);
  await page.addScriptTag({ content: SHOW_TABLE });
  return { page, errors, close: () => context.close() };
}

/** Whether the page scrolls sideways, by how many pixels. */
const sideways = (page: Page): Promise<number> =>
  page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/** WCAG's contrast ratio of two `rgb(…)` colours, in the page. */
const CONTRAST = `window.contrast = (a, b) => {
  const lum = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
};`;

describe("the table's look, after a visual-accessibility review in Chromium", () => {
  it('shows a seat away as a hollow ring and a seat here as a filled dot (not by colour alone)', async () => {
    const { page, errors, close } = await open(1280);
    try {
      await page.evaluate('window.show(3, 5, "bid")');
      await page.evaluate('window.table.connected = [true, true, false]');
      await page.waitForFunction(`window.table.shadowRoot.querySelectorAll('.seat .presence').length === 2`);
      const look = (seat: number) =>
        page.evaluate((p) => {
          const dot = (window as any).table.shadowRoot.querySelector(`.seat[data-seat="${p}"] .presence`);
          const c = getComputedStyle(dot);
          return { label: dot.getAttribute('aria-label'), fill: c.backgroundColor, edge: `${c.borderTopWidth} ${c.borderTopStyle}` };
        }, seat);
      const [here, away] = [await look(1), await look(2)];
      expect([here.label, away.label]).toEqual(['online', 'offline']);
      expect(here.fill).not.toBe('rgba(0, 0, 0, 0)');
      expect(away.fill, 'hollow').toBe('rgba(0, 0, 0, 0)');
      expect(away.edge, 'a ring').toMatch(/^[1-9][\d.]*px solid$/);
      await page.locator('ftk-table .seats').screenshot({ path: join('test-results', 'look-presence.png') });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps a big card's name clear of its upside-down value, at 320 px and with text spacing at 1280 px", async () => {
    for (const [width, css] of [
      [320, ''],
      [1280, SPACING],
    ] as const) {
      const { page, errors, close } = await open(width);
      try {
        await page.evaluate(`window.show(3, 5, "bid", { css: ${JSON.stringify(css)} })`);
        // Each office's longest name on the lot (the names are on every card of the office).
        for (const office of ['entertainment', 'architecture', 'diplomacy']) {
          const where = `${width} px${css === '' ? '' : ' with text spacing'}, ${office}`;
          const gap: number = await page.evaluate(async (o) => {
            const t = (window as any).table;
            const lot = (window as any).lib.CARDS.find((c: any) => c.kind === 'government' && c.office === o && c.value >= 10);
            t.view = { ...t.view, lot: lot ?? (window as any).lib.CARDS.find((c: any) => c.office === o) };
            await new Promise((r) => setTimeout(r, 50));
            const card = t.shadowRoot.querySelector('.card.big[data-kind="government"]');
            const name = card.querySelector('.name').getBoundingClientRect();
            const pip = card.querySelector('.br').getBoundingClientRect();
            return pip.top - name.bottom;
          }, office);
          expect(gap, where).toBeGreaterThanOrEqual(-0.5);
        }
        await page.locator('ftk-table .card.big').screenshot({ path: join('test-results', `look-big-${width}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it("keeps a Gold card's coins visible in forced colours", async () => {
    const { page, errors, close } = await open(1280, { forcedColors: 'active' });
    try {
      expect(await page.evaluate(`matchMedia('(forced-colors: active)').matches`)).toBe(true);
      await page.evaluate('window.show(3, 6, "over")');
      const coins: { edge: string; image: string; adjust: string }[] = await page.evaluate(() =>
        [...(window as any).table.shadowRoot.querySelectorAll('.final-hands .card[data-kind="gold"] .coin')].map((coin) => {
          const c = getComputedStyle(coin);
          return { edge: `${c.borderTopWidth} ${c.borderTopStyle}`, image: c.backgroundImage, adjust: c.forcedColorAdjust };
        }),
      );
      expect(coins.length).toBeGreaterThan(0);
      for (const coin of coins) {
        const drawn = /^[1-9][\d.]*px solid$/.test(coin.edge) || (coin.adjust === 'none' && coin.image !== 'none');
        expect(drawn, JSON.stringify(coin)).toBe(true);
      }
      await page.locator('ftk-table .score').screenshot({ path: join('test-results', 'look-forced-score.png') });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('with 200% text, neither the bid tray (320 and 360 px) nor the score (640 px) makes the page scroll sideways', async () => {
    for (const [width, kind] of [
      [320, 'bid'],
      [360, 'bid'],
      [640, 'over'],
    ] as const) {
      const { page, errors, close } = await open(width, { text: '200%' });
      try {
        // The score of five players with a bot's long names has the most columns and the widest.
        const names = ['Olena', 'Bot 1 (heuristic)', 'Bot 2 (heuristic)', 'Bot 3 (heuristic)', 'Bot 4 (heuristic)'];
        await page.evaluate(kind === 'bid' ? 'window.show(3, 5, "bid")' : `window.show(5, 6, "over", { names: ${JSON.stringify(names)} })`);
        await page.locator(`ftk-table ${kind === 'bid' ? '.tray' : '.score'}`).screenshot({
          path: join('test-results', `look-200-${kind}-${width}.png`),
        });
        expect(await sideways(page), `${width} px, ${kind}`).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('rings a focused card in a second, contrasting colour beyond the outline all choosable cards have', async () => {
    const { page, errors, close } = await open(1280);
    try {
      await page.addScriptTag({ content: CONTRAST });
      await page.evaluate('window.show(3, 5, "pay")');
      const cards = page.locator('ftk-table .card.playable');
      expect(await cards.count()).toBeGreaterThan(1);
      await page.keyboard.press('Tab');
      await cards.first().focus();
      const out = await page.evaluate(() => {
        const root = (window as any).table.shadowRoot;
        const [focused, other] = root.querySelectorAll('.card.playable');
        const look = (el: Element) => {
          const c = getComputedStyle(el);
          return {
            outline: c.outlineColor,
            width: Number.parseFloat(c.outlineWidth),
            offset: Number.parseFloat(c.outlineOffset),
            shadow: c.boxShadow,
          };
        };
        const felt = getComputedStyle(root.querySelector('.table')).getPropertyValue('--_felt-dark').trim();
        const probe = document.createElement('i');
        probe.style.color = felt;
        document.body.append(probe);
        return {
          visible: focused.matches(':focus-visible'),
          focused: look(focused),
          other: look(other),
          felt: getComputedStyle(probe).color,
        };
      });
      expect(out.visible).toBe(true);
      const contrast = (a: string, b: string): Promise<number> => page.evaluate(([x, y]) => (window as any).contrast(x, y), [a, b]);
      const apart = await contrast(out.focused.outline, out.other.outline);
      // Or a ring (no offset, no blur) reaching beyond the outline, in a colour that stands out on the felt.
      const rings = [...out.focused.shadow.matchAll(/(rgba?\([^)]*\)) 0px 0px 0px ([\d.]+)px/g)]
        .filter((m) => Number(m[2]) > out.focused.width + out.focused.offset)
        .map((m) => m[1] ?? '');
      const standing = await Promise.all(rings.map((c) => contrast(c, out.felt)));
      expect(apart >= 3 || standing.some((r) => r >= 3), JSON.stringify({ out, apart, standing })).toBe(true);
      await page.locator('ftk-table .mine-seat').screenshot({ path: join('test-results', 'look-focus.png') });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the theming contract (docs/theming.md), after a review of it', () => {
  it('a theme reaches the marks on cards, the low clock, the glows of whose turn it is, and the table stays left to right on an rtl page', async () => {
    const { page, errors, close } = await open(1280);
    try {
      await page.evaluate('document.documentElement.dir = "rtl"');
      await page.evaluate('window.show(3, 5, "bid")');
      const look = () =>
        page.evaluate(() => {
          const t = (window as any).table;
          const root = t.shadowRoot;
          const style = (sel: string) => getComputedStyle(root.querySelector(sel));
          return {
            direction: getComputedStyle(t).direction,
            mark: style('.card[data-office] .pip').color,
            clock: style('.bar .clock.low').color,
            glow: style('.seat.to-move, .tray.mine').boxShadow,
          };
        });
      await page.evaluate('window.table.deadline = Date.now() + 5000');
      await page.waitForFunction(`window.table.shadowRoot.querySelector('.bar .clock.low') !== null`);
      const before = await look();
      await page.evaluate(`{
        const s = window.table.style;
        s.setProperty('--ftk-card-ink', 'rgb(255, 255, 255)');
        s.setProperty('--ftk-danger-ink', 'rgb(1, 2, 3)');
        s.setProperty('--ftk-accent', 'rgb(0, 0, 255)');
      }`);
      const after = await look();
      expect(before.direction).toBe('ltr');
      expect(after.mark).not.toBe(before.mark);
      expect(before.clock).toBe('rgb(43, 0, 0)');
      expect(after.clock).toBe('rgb(1, 2, 3)');
      expect(before.glow).toMatch(/242, 193, 78|0\.949/);
      expect(after.glow).not.toMatch(/242, 193, 78|0\.949/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("<ftk-app> passes on the lobby's parts and the replay's controls", async () => {
    const { page, errors, close } = await open(1280);
    try {
      const parts = await page.evaluate(async () => {
        const w = window as any;
        const app = document.createElement('ftk-app');
        document.body.append(app);
        await new Promise((r) => setTimeout(r, 50));
        const lobby = app.shadowRoot?.querySelector('ftk-lobby')?.getAttribute('exportparts') ?? '';
        const record = w.lib.makeRecord({ players: 3, seed: 1 }, []);
        app.shadowRoot
          ?.querySelector('ftk-lobby')
          ?.dispatchEvent(new CustomEvent('ftk-replay', { bubbles: true, composed: true, detail: { record } }));
        await new Promise((r) => setTimeout(r, 50));
        const replay = app.shadowRoot?.querySelector('ftk-replay')?.getAttribute('exportparts') ?? '';
        app.remove();
        return { lobby, replay };
      });
      expect(parts.lobby.split(', ')).toEqual(expect.arrayContaining(['create', 'join', 'open-matches', 'error']));
      expect(parts.replay.split(', ')).toEqual(expect.arrayContaining(['controls', 'card']));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
