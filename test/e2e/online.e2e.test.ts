/**
 * Acceptance of the UI (#29), as a new user meets it: in an empty folder,
 * `npm install <tarball> ws && npx for-the-king serve`, then two headless Chromium pages. One
 * creates a 3-seat match with one bot in the lobby, the other joins by the invite link; they
 * play the whole match (one by clicking only; in the second run the other by keyboard only);
 * mid-game the host is killed with SIGKILL and started again on the same folder and port, and
 * both pages recover by themselves and finish. At the end the score on both pages equals `score`
 * of the match's record, no page ever held a card id its seat could not see, and axe-core finds
 * no serious or critical problem in the lobby, the table mid-game or the score.
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type GameState, replayRecord, score } from '../../src/index.js';
import { chooser } from './browser.js';
import { type Host, killHost, newPage, packedSiteForFile } from './site.js';
import {
  axeProblems,
  checkSnapshots,
  choicesOf,
  clickChoice,
  deepHtml,
  keyChoice,
  moved,
  pick,
  type Snapshot,
  tableState,
} from './table.js';

const packed = packedSiteForFile('ftkam-online-');

const startHost = (port: number, data: string): Promise<Host> => packed.site.start(port, ['--data', data]);

const inLobby = (page: Page, selector: string) => page.locator(`ftk-lobby ${selector}`).first();

describe.each([
  { name: 'both by clicking', keyboard: false, seed: 13 },
  { name: 'the invited player by keyboard alone', keyboard: true, seed: 29 },
])('the site of `npx for-the-king serve` from the packed tarball: $name', ({ keyboard, seed }) => {
  // Long: about 150 decisions by two pages (by keyboard, dozens of key presses each), a restart of
  // the host, a check of every page for hidden cards. No time is asserted.
  it('a 3-seat match with one bot, joined by the invite link, played to the end across a kill -9 of the host', {
    timeout: 900_000,
  }, async ({ signal }) => {
    const data = mkdtempSync(join(packed.site.folder, 'data-'));
    let host = await startHost(0, data);
    const contexts: BrowserContext[] = [];
    // Whatever happens (a failure, the timeout), this test's pages close and its host dies with it.
    onTestFinished(async () => {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await killHost(host.child);
    });
    const port = host.port;
    const url = `http://127.0.0.1:${port}/`;
    const a = await newPage(packed.browser, 1280, 900);
    contexts.push(a.context);
    const b = await newPage(packed.browser, keyboard ? 1280 : 390, keyboard ? 900 : 844);
    contexts.push(b.context);

    // Ada creates the match in the lobby: seat 1 for a friend, seat 2 for a bot.
    await a.page.goto(url);
    await inLobby(a.page, 'select[name="players"]').waitFor();
    if (keyboard) expect(await axeProblems(a.page), 'the lobby').toEqual([]);
    await inLobby(a.page, 'select[name="players"]').selectOption('3');
    await inLobby(a.page, 'select[name="seat-1"]').selectOption('person');
    await inLobby(a.page, 'select[name="seat-2"]').selectOption('heuristic');
    await inLobby(a.page, 'input[name="name"]').fill('Ada');
    await inLobby(a.page, 'button[type="submit"]').click();
    const invite = a.page.locator('ftk-match input[data-invite="1"]');
    await invite.waitFor();
    const link = await invite.inputValue();
    // The match is unlisted: the link carries its invite code, in the fragment (never sent to a server).
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?match=[A-Za-z0-9_-]+&seat=1#invite=[A-Za-z0-9_-]{22}$`));

    // Bo opens the link in another browser and sits down at seat 1.
    await b.page.goto(link);
    await inLobby(b.page, 'input[name="name"]').waitFor();
    if (keyboard) {
      // Keyboard alone: Tab to the name, type it, Enter submits.
      for (let i = 0; i < 30 && (await b.page.evaluate('window.__ftk.active()')) !== 'name'; i++) await b.page.keyboard.press('Tab');
      await b.page.keyboard.type('Bo');
      await b.page.keyboard.press('Enter');
    } else {
      await inLobby(b.page, 'input[name="name"]').fill('Bo');
      await inLobby(b.page, 'button[type="submit"]').click();
    }
    const pages = [a.page, b.page];
    for (const p of pages) await p.waitForFunction(`window.__ftk.state().online === 'open' && window.__ftk.state().moves >= 0`);
    // The names come from the lobby: each page sees the other's.
    await expect.poll(() => a.page.evaluate(`window.__ftk.table().shadowRoot.querySelector('.seats').innerText`)).toContain('Bo');

    const seats = new Map<Page, number>([
      [a.page, 0],
      [b.page, 1],
    ]);
    const rand = chooser(seed);
    const snapshots: Snapshot[] = [];
    let restarted = false;
    let scanned = false;
    for (let guard = 0; guard < 4000; guard++) {
      signal.throwIfAborted();
      const states = await Promise.all(pages.map(tableState));
      if (states.every((s) => s.turn === 'over')) break;
      const i = states.findIndex((s) => s.turn === 'mine');
      const page = pages[i];
      const state = states[i];
      if (page === undefined || state === undefined) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const choice = pick(await choicesOf(page), rand);
      if (choice === null) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      snapshots.push({ seat: seats.get(page) as number, moves: state.moves, html: await deepHtml(page) });
      if (!scanned && state.moves >= 20 && page === a.page) {
        expect(await axeProblems(page), 'the table mid-game').toEqual([]);
        scanned = true;
      }
      if (!restarted && state.moves >= 30) {
        // The host dies mid-game, no goodbye; it comes back on the same folder and port.
        restarted = true;
        await killHost(host.child);
        for (const p of pages) await p.waitForFunction(`window.__ftk.state().online !== 'open'`);
        host = await startHost(port, data);
        for (const p of pages) await p.waitForFunction(`window.__ftk.state().online === 'open'`, null, { timeout: 60_000 });
        continue;
      }
      if (keyboard && page === b.page) await keyChoice(page, choice);
      else await clickChoice(page, choice);
      await moved(page, state.moves);
    }
    expect(restarted).toBe(true);
    expect(scanned).toBe(true);
    for (const p of pages)
      await p.waitForFunction(`window.__ftk.state().turn === 'over' && window.__ftk.record() !== null`, null, { timeout: 60_000 });
    mkdirSync('test-results', { recursive: true });
    await a.page.screenshot({ path: join('test-results', `online-${keyboard ? 'keyboard' : 'click'}-a.png`), fullPage: true });
    await b.page.screenshot({ path: join('test-results', `online-${keyboard ? 'keyboard' : 'click'}-b.png`), fullPage: true });
    expect(await axeProblems(b.page), 'the score').toEqual([]);

    // The match's record, from the host, replayed by the engine.
    const record = await a.page.evaluate('window.__ftk.record()');
    const states: GameState[] = [];
    const final = replayRecord(record, (_i, _a, s) => states.push(s));
    const at = (m: number): GameState => (m === 0 ? replayRecord({ ...(record as object), actions: [] }) : (states[m - 1] as GameState));
    expect(final.step).toBe('over');
    for (const p of pages) {
      snapshots.push({ seat: seats.get(p) as number, moves: (await tableState(p)).moves, html: await deepHtml(p) });
      // Nothing lost across the restart: both pages end at the record's last move.
      expect((await tableState(p)).moves).toBe(states.length);
      const rows: { total: number }[] = await p.evaluate('window.__ftk.score()');
      expect(rows.map((r) => r.total)).toEqual([...score(final).points]);
    }
    expect(new Set(snapshots.map((s) => s.seat))).toEqual(new Set([0, 1]));
    expect(checkSnapshots(snapshots, at)).toBeGreaterThan(500);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
