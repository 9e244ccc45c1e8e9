/**
 * The demo page in real headless Chromium: a seeded game played to the end by clicking, on a
 * desktop screen (3 players, 1360×900) and on a phone (5 players, the widest tables, 390×844 as
 * an iPhone 12–15 in portrait). On the phone, at every decision and at the end, the page must not
 * scroll sideways (nothing wider than the screen) and every control must lie inside the screen's
 * width. A full-page screenshot of each viewport goes to `test-results/`.
 *
 * At every decision of the human seat the test takes the page's whole DOM and, once the game is
 * over, replays the page's actions with the engine to compute, for that moment, the card ids the
 * human could not see: none of them may appear in the DOM (while the ids of the human's own hand
 * must, so the check is not vacuous). The final score table must match `score` of the replayed game.
 *
 * Needs `npm run demo:build` (the `test:e2e` script runs it) and /usr/bin/chromium.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../docs/demo/serve.mjs';
import type { Action, GameState } from '../../src/index.js';
import { checkRecord, createGame, DEFAULT_VARIANTS, replayRecord, score, step, view } from '../../src/index.js';
import { CHROMIUM, CHROMIUM_ARGS, chooser, hiddenIds, mentions, requireFiles } from './browser.js';

const SEED = 7;
const HUMAN = 0;

/** A screen to test the page on. */
interface Screen {
  readonly name: string;
  readonly players: 2 | 3 | 4 | 5;
  readonly width: number;
  readonly height: number;
}
const SCREENS: readonly Screen[] = [
  { name: 'desktop', players: 3, width: 1360, height: 900 },
  { name: 'phone', players: 5, width: 390, height: 844 },
];

/** What the page showed at one decision of the human, and what was clicked. */
interface Snapshot {
  readonly moves: number;
  readonly html: string;
  readonly clicked: number | null;
}

let server: { url: string; close: () => Promise<void> };
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  requireFiles(join('docs', 'demo', 'lib', 'index.js'), 'npm run demo:build');
  server = await startDemoServer({ port: 0 });
  profile = mkdtempSync(join(tmpdir(), 'ftkam-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The page's whole DOM as HTML. (Browser code is passed as strings: the tests have no DOM types.) */
async function outerHtml(page: Page): Promise<string> {
  return page.evaluate('document.documentElement.outerHTML');
}

async function moves(page: Page): Promise<number> {
  return Number(await page.getAttribute('body', 'data-moves'));
}

/** Waits until the bots are done: the human is to move or the game is over. */
async function settle(page: Page, after: number): Promise<string> {
  await page.waitForFunction(`Number(document.body.dataset.moves) > ${after} && document.body.dataset.status !== 'bots'`, null, {
    timeout: 60_000,
  });
  return (await page.getAttribute('body', 'data-status')) ?? '';
}

/** Picks a button: mostly passes in the auction (so lots get sold cheaply), otherwise any. */
async function pick(page: Page, rand: (n: number) => number): Promise<number> {
  const buttons: { index: number; kind: string }[] = await page.evaluate(
    `[...document.querySelectorAll('button[data-action]')].map((b) => ({ index: Number(b.dataset.action), kind: b.className }))`,
  );
  expect(buttons.length).toBeGreaterThan(0);
  const pass = buttons.find((b) => b.kind.includes('pass'));
  const bids = buttons.filter((b) => b.kind.includes('bid')).slice(0, 3);
  if (pass && (bids.length === 0 || rand(10) < 6)) return pass.index;
  const pool = bids.length > 0 ? bids : buttons;
  return (pool[rand(pool.length)] ?? pool[0])?.index ?? 0;
}

/** What sticks out sideways: the page's scroll width, and controls not inside the screen's width. */
async function overflow(page: Page): Promise<{ scrollWidth: number; width: number; outside: string[] }> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const outside = [];
    for (const el of document.querySelectorAll('button, select, input, a[href], summary, table, .panel')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > width + 0.5) outside.push(el.outerHTML.slice(0, 80) + ' ' + Math.round(r.left) + '–' + Math.round(r.right));
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  })()`);
}

async function expectFits(page: Page, where: string): Promise<void> {
  const o = await overflow(page);
  expect(o.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(o.width);
  expect(o.outside, `${where}: controls outside the screen`).toEqual([]);
}

describe.each(SCREENS)('demo page on a $name screen ($width×$height)', (screen) => {
  const PLAYERS = screen.players;
  it('plays a seeded game to the end by clicking, shows no hidden card, and scores like the engine', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${server.url}?players=${PLAYERS}&seed=${SEED}&delay=0`);
    await page.waitForFunction(`['human', 'over'].includes(document.body.dataset.status)`);

    mkdirSync('test-results', { recursive: true });
    const rand = chooser(SEED);
    const snapshots: Snapshot[] = [];
    let status = (await page.getAttribute('body', 'data-status')) ?? '';
    let switched = false;
    while (status === 'human') {
      const before = await moves(page);
      const html = await outerHtml(page);
      // Nothing half-drawn: no "null", "undefined", "NaN" or "[object …]" in the visible text.
      expect(await page.evaluate('document.body.innerText')).not.toMatch(/\b(null|undefined|NaN)\b|\[object /);
      if (screen.name === 'phone') await expectFits(page, `after ${before} moves`);
      const index = await pick(page, rand);
      snapshots.push({ moves: before, html, clicked: index });
      if (!switched && snapshots.length === 40) {
        // Switch the language mid-game: the page redraws from the same view and events.
        await page.click('[data-lang="uk"]');
        await expect.poll(() => page.textContent('#log')).toMatch(/Гравець|Ви /);
        await page.screenshot({ path: join('test-results', `demo-${screen.name}-midgame-uk.png`), fullPage: true });
        if (screen.name === 'phone') await expectFits(page, 'in Ukrainian');
        await page.click('[data-lang="en"]');
        switched = true;
      }
      await page.click(`button[data-action="${index}"]`);
      status = await settle(page, before);
      expect(snapshots.length).toBeLessThan(2000);
    }
    expect(status).toBe('over');
    snapshots.push({ moves: await moves(page), html: await outerHtml(page), clicked: null });

    await page.screenshot({ path: join('test-results', `demo-${screen.name}.png`), fullPage: true });
    if (screen.name === 'phone') await expectFits(page, 'at the end (score table)');

    // The page hands out its game record only now, at the end; replay its actions with the engine.
    const record = checkRecord(await page.evaluate('window.__demo?.record ?? null'));
    expect(record.options).toEqual({ players: PLAYERS, seed: SEED, variants: DEFAULT_VARIANTS });
    expect(record.names?.[HUMAN]).toBe('You');
    const actions: readonly Action[] = record.actions;
    // The download link offers the same record as a file.
    const downloaded = await page.evaluate(`fetch(document.getElementById('download-record').href).then((r) => r.text())`);
    expect(checkRecord(downloaded)).toEqual(record);
    const states: GameState[] = [createGame({ players: PLAYERS, seed: SEED })];
    for (const a of actions ?? []) states.push(step(states[states.length - 1] as GameState, a).state);
    const final = states[states.length - 1] as GameState;
    expect(final.step).toBe('over');
    expect(replayRecord(record)).toEqual(final);
    expect(snapshots[snapshots.length - 1]?.moves).toBe(actions?.length);

    let checkedIds = 0;
    for (const snap of snapshots) {
      const state = states[snap.moves] as GameState;
      // What was clicked is what the page applied.
      if (snap.clicked !== null) expect(actions?.[snap.moves]).toEqual(view(state, HUMAN).legal[snap.clicked]);
      for (const id of hiddenIds(state, HUMAN)) {
        checkedIds++;
        if (mentions(snap.html, id)) throw new Error(`hidden card ${id} appears in the DOM after ${snap.moves} moves`);
      }
      // Positive control: the human's own cards are in the DOM, so the id check can see leaks.
      for (const c of view(state, HUMAN).hand) expect(mentions(snap.html, c.id)).toBe(true);
    }
    expect(checkedIds).toBeGreaterThan(1000);

    // The score table matches the engine's score of the same game.
    const expected = score(final);
    const rows: { player: number; total: number; winner: boolean }[] = await page.evaluate(
      `[...document.querySelectorAll('#score tbody tr')].map((tr) => ({
        player: Number(tr.dataset.player),
        total: Number(tr.querySelector('td.total')?.textContent),
        winner: tr.classList.contains('winner'),
      }))`,
    );
    expect(rows.map((r) => r.total)).toEqual([...expected.points]);
    expect(rows.filter((r) => r.winner).map((r) => r.player)).toEqual([...expected.winners]);
    expect(errors).toEqual([]);
  });
});
