/**
 * `<ftk-replay>` in headless Chromium: a whole game of heuristic bots, made into a `GameRecord`
 * by the page (`test/e2e/fixtures/replay.html`), stepped forward and back by mouse and by
 * keyboard, seen by a spectator and then by a seat. At every position the table shows exactly
 * the engine's view of the record's state for that viewer (the record replayed here with
 * `replayRecord`), no card id the viewer could not see then is in the DOM, and the counter says
 * where it is, and the log holds what the viewer saw until then (nothing later, after a step back
 * or a change of viewer). At the end the score shown is `score` of the record.
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Action,
  createGameWithEvents,
  eventsFor,
  type GameEvent,
  type GameRecord,
  type GameState,
  replayRecord,
  score,
  step,
  type Viewer,
  view,
} from '../../src/index.js';
import { openBrowser, requireFiles } from './browser.js';
import { checkSnapshots, deepHtml, prepare, type Snapshot } from './table.js';

let pages: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  pages = await openBrowser(process.cwd());
});

afterAll(() => pages?.close());

/** What the replay shows: its position and length, the counter's words, and the table's view. */
interface Shown {
  readonly position: number;
  readonly length: number;
  readonly where: string;
  readonly view: unknown;
  readonly moves: number;
  readonly logged: number;
}

const shown = (page: Page): Promise<Shown> =>
  page.evaluate(`(() => {
    const r = document.querySelector('ftk-replay');
    const t = r.shadowRoot.querySelector('ftk-table');
    return {
      position: r.position,
      length: r.length,
      where: r.shadowRoot.querySelector('.pill').textContent,
      view: JSON.parse(JSON.stringify(t.view)),
      moves: Number(t.dataset.moves),
      logged: t.shadowRoot.querySelectorAll('.log li').length,
    };
  })()`);

const button = (page: Page, label: string) => page.locator(`ftk-replay button[aria-label="${label}"]`);

describe('<ftk-replay>', () => {
  it('steps forward and back through a GameRecord as a spectator and as a seat, by mouse and keyboard', async () => {
    const context = await pages.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    try {
      await prepare(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${pages.url}test/e2e/fixtures/replay.html?players=3&seed=11`);
      await page.waitForFunction('window.__ready === true');

      const record = (await page.evaluate('window.__record')) as GameRecord;
      const states: GameState[] = [replayRecord({ ...record, actions: [] })];
      const final = replayRecord(record, (_i, _a, s) => states.push(s));
      const at = (m: number): GameState => states[m] as GameState;
      // The events of each position (the opening's, then each action's), for the log's length.
      const opening = createGameWithEvents(record.options);
      const events: (readonly GameEvent[])[] = [opening.events];
      for (let m = 1, s = opening.state; m < states.length; m++) {
        const next = step(s, record.actions[m - 1] as Action);
        events.push(next.events);
        s = next.state;
      }
      const logged = (m: number, viewer: Viewer): number =>
        Math.min(
          300,
          events.slice(0, m + 1).reduce((n, e) => n + eventsFor(e, viewer).length, 0),
        );
      const snapshots: Snapshot[] = [];

      /** The page shows position `m` as `viewer`: the engine's view, the counter, a snapshot for the hidden-card check. */
      async function expectAt(m: number, viewer: Viewer): Promise<void> {
        const s = await shown(page);
        expect(s.position, `position for ${viewer}`).toBe(m);
        expect(s.moves).toBe(m);
        expect(s.where).toBe(`Move ${m} of ${states.length - 1}`);
        expect(s.view).toEqual(JSON.parse(JSON.stringify(view(at(m), viewer))));
        // The log tells what this viewer saw until this position, and nothing later.
        expect(s.logged, `log at ${m} for ${viewer}`).toBe(logged(m, viewer));
        snapshots.push({ seat: viewer, moves: m, html: await deepHtml(page) });
      }

      expect((await shown(page)).length).toBe(record.actions.length);
      expect(record.actions.length).toBeGreaterThan(60);
      // A spectator at the start: nothing to go back to.
      await expectAt(0, 'spectator');
      expect(await button(page, 'One move back').isDisabled()).toBe(true);
      expect(await button(page, 'To the start').isDisabled()).toBe(true);

      // Forward and back by mouse.
      for (let m = 1; m <= 12; m++) {
        await button(page, 'One move forward').click();
        await expectAt(m, 'spectator');
      }
      for (let m = 11; m >= 8; m--) {
        await button(page, 'One move back').click();
        await expectAt(m, 'spectator');
      }

      // By keyboard: arrows step, End and Home jump (focus on a control inside the element).
      await button(page, 'One move forward').focus();
      await page.keyboard.press('ArrowRight');
      await expectAt(9, 'spectator');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expectAt(7, 'spectator');
      await page.keyboard.press('End');
      await expectAt(states.length - 1, 'spectator');
      expect(await button(page, 'One move forward').isDisabled()).toBe(true);
      await page.keyboard.press('Home');
      await expectAt(0, 'spectator');

      // Seen by seat 1 (by name in the picker): the same position, that seat's view with its hand.
      const picker = page.locator('ftk-replay select[data-key="seat"]');
      expect(await picker.locator('option').allTextContents()).toEqual(['Spectator', 'Ada', 'Bo', 'Cy']);
      await picker.selectOption('1');
      await expectAt(0, 1);
      await button(page, 'One move forward').focus();
      for (let m = 1; m <= 30; m++) {
        await page.keyboard.press('ArrowRight');
        await expectAt(m, 1);
      }
      for (let m = 29; m >= 25; m--) {
        await button(page, 'One move back').click();
        await expectAt(m, 1);
      }

      // The end as seat 1: the score shown is the record's.
      await button(page, 'To the end').click();
      await expectAt(states.length - 1, 1);
      const totals: number[] = await page.evaluate(
        `[...document.querySelector('ftk-replay').shadowRoot.querySelector('ftk-table').shadowRoot.querySelectorAll('.score tbody td.total')].map((td) => Number(td.textContent))`,
      );
      expect(totals).toEqual([...score(final).points]);

      expect(new Set(snapshots.map((s) => s.seat))).toEqual(new Set(['spectator', 1]));
      expect(checkSnapshots(snapshots, at)).toBeGreaterThan(500);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
