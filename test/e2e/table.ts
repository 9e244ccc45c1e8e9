/**
 * What the browser tests share to drive the UI's elements: a script the pages get before they
 * load (`window.__ftk`: deep queries through open shadow roots, the table's turn and move count,
 * its choices, the whole DOM with every shadow root), choosing a move as a person would, making
 * it by mouse or by keyboard alone, checking a page for hidden cards, scanning it with axe-core.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { GameState, Viewer } from '../../src/index.js';
import { view } from '../../src/index.js';
import { hiddenIds, mentions } from './browser.js';

/**
 * A script for a page of `blank.html`: `window.show(players, seed, kind, { lang, css, names })`
 * plays heuristic moves from `seed` until seat 0's decision is `kind` (`over`: the end) and shows
 * seat 0's view in a new `<ftk-table>` (`window.table`), in `lang`, with the stylesheet `css`
 * added to its shadow root, and the seats' `names`.
 */
export const SHOW_TABLE = `window.show = async (players, seed, kind, { lang, css = '', names = [] } = {}) => {
  const { createGame, step, view } = window.lib;
  const rng = window.bots.botRandom('e2e' + seed);
  let state = createGame({ players, seed });
  const done = () => (kind === 'over' ? state.step === 'over' : window.ui.decisionOf(view(state, 0)).kind === kind);
  for (let i = 0; i < 3000 && !done(); i++) state = step(state, window.bots.heuristicBot(view(state, state.toMove), rng)).state;
  if (!done()) throw new Error('no ' + kind + ' from seed ' + seed);
  document.body.replaceChildren();
  const t = document.createElement('ftk-table');
  if (lang) t.setAttribute('lang', lang);
  t.names = names;
  document.body.append(t);
  const style = document.createElement('style');
  style.textContent = css;
  t.shadowRoot.append(style);
  t.view = view(state, 0);
  window.table = t;
  await new Promise((r) => setTimeout(r, 50));
};`;

/** Installed in every page of a context before its scripts run. */
const PAGE_SCRIPT = `
window.__ftk = {
  all(sel, root = document) {
    const out = [...root.querySelectorAll(sel)];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...this.all(sel, el.shadowRoot));
    return out;
  },
  one(sel) { return this.all(sel)[0] ?? null; },
  table() { return this.one('ftk-table'); },
  state() {
    const t = this.table();
    const m = this.one('ftk-match');
    return { turn: t?.dataset.turn ?? 'none', moves: Number(t?.dataset.moves ?? -1), online: m?.dataset.status ?? '' };
  },
  choices() {
    const t = this.table();
    if (!t || t.dataset.turn !== 'mine' || t.waiting) return [];
    return [...t.shadowRoot.querySelectorAll('[data-act]')]
      .filter((e) => !e.disabled && e.dataset.act !== '-1')
      .map((e) => ({ key: e.dataset.key, act: Number(e.dataset.act) }));
  },
  html() {
    const parts = [document.documentElement.outerHTML];
    for (const el of this.all('*')) if (el.shadowRoot) parts.push(el.shadowRoot.innerHTML);
    return parts.join('\\n');
  },
  active() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a ? (a.getAttribute('data-key') ?? a.getAttribute('name') ?? a.tagName.toLowerCase()) : null;
  },
  score() {
    const t = this.table();
    return [...(t?.shadowRoot.querySelectorAll('.score tbody tr') ?? [])].map((tr) => ({
      player: Number(tr.dataset.player),
      total: Number(tr.querySelector('td.total')?.textContent),
      winner: tr.classList.contains('winner'),
    }));
  },
  record() { return this.one('ftk-app')?.record ?? null; },
};`;

/** Gives every page of `context` the `window.__ftk` helpers. */
export async function prepare(context: BrowserContext): Promise<void> {
  await context.addInitScript(PAGE_SCRIPT);
}

/** The table's state in a page: whose turn (`mine`, `others`, `over`, `none`), the move count, the match's connection. */
export interface TableState {
  readonly turn: string;
  readonly moves: number;
  readonly online: string;
}

export const tableState = (page: Page): Promise<TableState> => page.evaluate('window.__ftk.state()');

/** The page's whole DOM, every open shadow root included. */
export const deepHtml = (page: Page): Promise<string> => page.evaluate('window.__ftk.html()');

/** A choice on the table: its control's `data-key` and the index in `view.legal` it plays. */
export interface Choice {
  readonly key: string;
  readonly act: number;
}

export const choicesOf = (page: Page): Promise<Choice[]> => page.evaluate('window.__ftk.choices()');

/** Chooses as a cautious player: mostly pass in auctions (lots sell cheaply), else one of the first choices. */
export function pick(choices: readonly Choice[], rand: (n: number) => number): Choice | null {
  if (choices.length === 0) return null;
  const pass = choices.find((c) => c.key === 'pass');
  const bids = choices.filter((c) => c.key.startsWith('bid-quick:'));
  if (pass !== undefined && (bids.length === 0 || rand(10) < 6)) return pass;
  const pool = bids.length > 0 ? bids.slice(0, 2) : choices.slice(0, 3);
  return pool[rand(pool.length)] ?? pool[0] ?? null;
}

/** The control of a choice, inside the page's table. */
export const control = (page: Page, key: string) => page.locator(`ftk-table [data-key="${key}"]`).first();

/** Makes a choice with the mouse. */
export async function clickChoice(page: Page, choice: Choice): Promise<void> {
  await control(page, choice.key).click({ timeout: 10_000 });
}

/**
 * Makes a choice with the keyboard alone: Tab (Shift+Tab after a while) until the control has
 * focus, then Enter. Fails if it cannot be reached.
 */
export async function keyChoice(page: Page, choice: Choice): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await page.evaluate('window.__ftk.active()')) === choice.key) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press(i < 200 ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`the keyboard could not reach ${choice.key}`);
}

/** Waits until the table has moved past `moves` or the game is over. */
export async function moved(page: Page, moves: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(`(() => { const s = window.__ftk.state(); return s.moves > ${moves} || s.turn === 'over'; })()`, null, {
    timeout,
  });
}

/** What a page showed at one moment, for the hidden-card check. */
export interface Snapshot {
  readonly seat: Viewer;
  readonly moves: number;
  readonly html: string;
}

/**
 * Checks that no snapshot holds a card id its seat could not see at that moment, while each
 * holds the seat's own hand (so the check can see a leak). Returns how many ids were checked.
 */
export function checkSnapshots(snapshots: readonly Snapshot[], stateAt: (moves: number) => GameState): number {
  let checked = 0;
  for (const snap of snapshots) {
    const state = stateAt(snap.moves);
    for (const id of hiddenIds(state, snap.seat)) {
      checked++;
      if (mentions(snap.html, id)) throw new Error(`seat ${snap.seat}: hidden card ${id} in the DOM after ${snap.moves} moves`);
    }
    for (const c of view(state, snap.seat).hand) expect(mentions(snap.html, c.id), `seat ${snap.seat} own ${c.id}`).toBe(true);
  }
  return checked;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations on the page, by axe-core (injected), as readable lines. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE });
  const violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] = await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) })))`,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** What sticks out sideways: the page's scroll width against its width, and controls beyond its edges. */
export async function overflow(page: Page): Promise<{ scrollWidth: number; width: number; outside: string[] }> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const outside = [];
    for (const el of window.__ftk.all('button, select, input, a[href], summary, table, [role="button"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > width + 0.5) outside.push(el.outerHTML.slice(0, 80) + ' ' + Math.round(r.left) + '–' + Math.round(r.right));
    }
    // A seat's badges stay inside its panel.
    for (const el of window.__ftk.all('.seat .badge')) {
      const r = el.getBoundingClientRect();
      const seat = el.closest('.seat').getBoundingClientRect();
      if (r.right > seat.right + 0.5) outside.push(el.outerHTML.slice(0, 80) + ' ' + Math.round(r.right) + ' beyond its seat at ' + Math.round(seat.right));
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  })()`);
}

/** Fails when the page scrolls sideways or a control lies beyond the screen's edges. */
export async function expectFits(page: Page, where: string): Promise<void> {
  const o = await overflow(page);
  expect(o.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(o.width);
  expect(o.outside, `${where}: controls outside the screen`).toEqual([]);
}

/**
 * Plays on the pages, each choosing with `rand` by the mouse when it is its turn (the others,
 * bots included, play on the host), until every page shows the game over or `enough` says so
 * (given the most moves any page shows). No sleeps beyond short polls while nobody's turn shows.
 */
export async function playOn(
  pages: readonly Page[],
  rand: (n: number) => number,
  enough: (moves: number) => boolean = () => false,
): Promise<void> {
  for (let guard = 0; guard < 6000; guard++) {
    const states = await Promise.all(pages.map(tableState));
    if (states.every((s) => s.turn === 'over')) return;
    if (enough(Math.max(...states.map((s) => s.moves)))) return;
    const i = states.findIndex((s) => s.turn === 'mine');
    const page = pages[i];
    const state = states[i];
    const choice = page === undefined ? null : pick(await choicesOf(page), rand);
    if (page === undefined || state === undefined || choice === null) {
      await new Promise((r) => setTimeout(r, 25));
      continue;
    }
    await clickChoice(page, choice);
    await moved(page, state.moves);
  }
  throw new Error('the game did not end within 6000 turns of the loop');
}
