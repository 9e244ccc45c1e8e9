/**
 * The demo page (`docs/demo/`: `<ftk-app>` from `for-the-king-and-me/ui` with the heuristic bot)
 * in real headless Chromium: a seeded game against bots played to the end by clicking, on a
 * desktop screen (3 players, 1360×900, with animations) and on a phone (5 players, the widest
 * tables, 390×844, reduced motion). On the phone the page must never scroll sideways, nor put a
 * control beyond the screen's edges. axe-core finds no serious or critical problem on the table
 * mid-game and at the score. Screenshots go to `test-results/`.
 *
 * At every decision the test takes the page's whole DOM (every shadow root included); once the
 * game is over it replays the page's record with the engine: no DOM may hold a card id the human
 * could not see then (while the human's own hand must be there, so the check can see a leak),
 * every click played the action it showed, and the score table equals `score` of the game.
 *
 * Needs `npm run demo:build` (the `test:e2e` script runs it) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../docs/demo/serve.mjs';
import type { GameState } from '../../src/index.js';
import { checkRecord, createGame, DEFAULT_VARIANTS, score, step, view } from '../../src/index.js';
import { CHROMIUM, CHROMIUM_ARGS, chooser, requireFiles } from './browser.js';
import {
  axeProblems,
  checkSnapshots,
  choicesOf,
  clickChoice,
  deepHtml,
  expectFits,
  moved,
  pick,
  prepare,
  type Snapshot,
  tableState,
} from './table.js';

const SEED = 7;
const HUMAN = 0;

interface Screen {
  readonly name: string;
  readonly players: 2 | 3 | 4 | 5;
  readonly width: number;
  readonly height: number;
  readonly motion: boolean;
}
const SCREENS: readonly Screen[] = [
  { name: 'desktop', players: 3, width: 1360, height: 900, motion: true },
  { name: 'phone', players: 5, width: 390, height: 844, motion: false },
];

let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  requireFiles(join('docs', 'demo', 'lib', 'ui.js'), 'npm run demo:build');
  server = await startDemoServer({ port: 0 });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each(SCREENS)('demo page on a $name screen ($width×$height)', (screen) => {
  it('plays a seeded game against bots to the end by clicking, shows no hidden card, and scores like the engine', async () => {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      reducedMotion: screen.motion ? 'no-preference' : 'reduce',
    });
    await prepare(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    await page.goto(`${server.url}?local&players=${screen.players}&seed=${SEED}&delay=0`);
    await page.waitForFunction(`['mine', 'over'].includes(window.__ftk.state().turn)`);
    mkdirSync('test-results', { recursive: true });

    const rand = chooser(SEED);
    const snapshots: (Snapshot & { act: number | null })[] = [];
    let state = await tableState(page);
    let switched = false;
    while (state.turn === 'mine') {
      const text: string = await page.evaluate(`window.__ftk.table().shadowRoot.querySelector('.table').innerText`);
      expect(text).not.toMatch(/\b(null|undefined|NaN)\b|\[object /);
      if (screen.name === 'phone' && snapshots.length % 4 === 0) await expectFits(page, `after ${state.moves} moves`);
      const choice = pick(await choicesOf(page), rand);
      expect(choice).not.toBeNull();
      snapshots.push({ seat: HUMAN, moves: state.moves, html: await deepHtml(page), act: choice?.act ?? null });
      if (snapshots.length === 12 && screen.name === 'desktop') expect(await axeProblems(page), 'the table mid-game').toEqual([]);
      if (!switched && snapshots.length === 40) {
        // The language changes mid-game: the table redraws from the same view and events.
        await page.locator('ftk-app [data-lang="uk"]').click();
        await expect
          .poll(() => page.evaluate(`window.__ftk.table().shadowRoot.querySelector('.log').innerText`))
          .toMatch(/Ви |Гравець|Бот/);
        await page.screenshot({ path: join('test-results', `demo-${screen.name}-midgame-uk.png`), fullPage: true });
        if (screen.name === 'phone') await expectFits(page, 'in Ukrainian');
        await page.locator('ftk-app [data-lang="en"]').click();
        switched = true;
        // Animations were exercised; the rest of the game runs without them (quicker clicks).
        await page.emulateMedia({ reducedMotion: 'reduce' });
      }
      await clickChoice(page, choice as { key: string; act: number });
      await moved(page, state.moves);
      await page.waitForFunction(`window.__ftk.state().turn !== 'others'`, null, { timeout: 60_000 });
      state = await tableState(page);
      expect(snapshots.length).toBeLessThan(2000);
    }
    expect(state.turn).toBe('over');
    await page.waitForFunction('window.__ftk.record() !== null');
    snapshots.push({ seat: HUMAN, moves: state.moves, html: await deepHtml(page), act: null });
    await page.screenshot({ path: join('test-results', `demo-${screen.name}.png`), fullPage: true });
    if (screen.name === 'phone') await expectFits(page, 'at the end (score table)');
    expect(await axeProblems(page), 'the score').toEqual([]);

    // The page hands out its record only now; replay it with the engine.
    const record = checkRecord(await page.evaluate('window.__ftk.record()'));
    expect(record.options).toEqual({ players: screen.players, seed: SEED, variants: DEFAULT_VARIANTS });
    const states: GameState[] = [createGame({ players: screen.players, seed: SEED })];
    for (const a of record.actions) states.push(step(states[states.length - 1] as GameState, a).state);
    const final = states[states.length - 1] as GameState;
    expect(final.step).toBe('over');
    expect(state.moves).toBe(record.actions.length);
    for (const snap of snapshots) {
      // What was clicked is what the page played.
      if (snap.act !== null) expect(record.actions[snap.moves]).toEqual(view(states[snap.moves] as GameState, HUMAN).legal[snap.act]);
    }
    expect(checkSnapshots(snapshots, (m) => states[m] as GameState)).toBeGreaterThan(1000);
    const rows: { player: number; total: number; winner: boolean }[] = await page.evaluate('window.__ftk.score()');
    const expected = score(final);
    expect(rows.map((r) => r.total)).toEqual([...expected.points]);
    expect(rows.filter((r) => r.winner).map((r) => r.player)).toEqual([...expected.winners]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
