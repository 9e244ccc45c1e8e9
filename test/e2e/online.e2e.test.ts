/**
 * The demo page played online in real headless Chromium: the match host runs as its own process
 * (`for-the-king serve` from dist/, embedded store, demo page as static files). Two browser
 * contexts (two players, separate storage) and one host-played bot play a 3-player match to the
 * end; in the middle the host is killed with SIGKILL and started again on the same folder and
 * port, and both pages carry on by themselves.
 *
 * At every decision of either page the test takes the page's whole DOM; at the end it replays
 * the match's record and checks that no DOM ever held a card id its seat could not see at that
 * moment (while the seat's own hand is always there, so the check is not vacuous), that nothing
 * was lost across the restart, and that both score tables match the engine's score.
 *
 * Needs `npm run demo:build` (the `test:e2e` script runs it) and /usr/bin/chromium.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameState, replayRecord, score, view } from '../../src/index.js';
import { kill9, spawnListening } from '../helpers/process.js';
import { CHROMIUM, CHROMIUM_ARGS, chooser, hiddenIds, mentions, requireFiles } from './browser.js';

interface Snapshot {
  readonly seat: number;
  readonly moves: number;
  readonly html: string;
}

let browser: Browser;
let host: ChildProcess | null = null;
let data: string;

/** Starts `for-the-king serve` on `port` (0: any); resolves with its port once it listens. */
async function startHost(port: number): Promise<number> {
  const serve = ['dist/cli.js', 'serve', '--port', String(port), '--data', data, '--static', 'docs/demo'];
  const started = await spawnListening(serve, /listening on http:\/\/127\.0\.0\.1:(\d+)/);
  host = started.child;
  return started.port;
}

/** Kills the host, if one runs, with SIGKILL. */
async function killHost(): Promise<void> {
  if (host !== null) await kill9(host);
}

beforeAll(async () => {
  requireFiles(join('docs', 'demo', 'lib', 'client.js'), 'npm run demo:build');
  data = mkdtempSync(join(tmpdir(), 'ftkam-online-e2e-'));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
});

afterAll(async () => {
  await browser?.close();
  await killHost();
  if (data) rmSync(data, { recursive: true, force: true });
});

async function pick(page: Page, rand: (n: number) => number): Promise<number | null> {
  const buttons: { index: number; kind: string }[] = await page.evaluate(
    `[...document.querySelectorAll('button[data-action]')].map((b) => ({ index: Number(b.dataset.action), kind: b.className }))`,
  );
  if (buttons.length === 0) return null;
  const pass = buttons.find((b) => b.kind.includes('pass'));
  const bids = buttons.filter((b) => b.kind.includes('bid')).slice(0, 3);
  if (pass && (bids.length === 0 || rand(10) < 6)) return pass.index;
  const pool = bids.length > 0 ? bids : buttons;
  return (pool[rand(pool.length)] ?? pool[0])?.index ?? null;
}

const moves = async (page: Page): Promise<number> => Number(await page.getAttribute('body', 'data-moves'));
const status = async (page: Page): Promise<string> => (await page.getAttribute('body', 'data-status')) ?? '';
const online = async (page: Page): Promise<string> => (await page.getAttribute('body', 'data-online')) ?? '';

describe('demo page online', () => {
  it('two browsers and a bot play to the end across a kill -9 of the host; no DOM shows a card its seat may not see', async () => {
    let port = await startHost(0);
    const url = `http://127.0.0.1:${port}/`;
    const errors: string[] = [];
    const pages: Page[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await (await browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      pages.push(page);
    }
    const [a, b] = pages as [Page, Page];

    // Ada creates a 3-player match: seat 1 for a person, seat 2 for a bot.
    await a.goto(`${url}?online`);
    await a.waitForSelector('#online-create');
    await a.selectOption('#online-players', '3');
    await a.selectOption('#seat-1', 'person');
    await a.fill('#online-name', 'Ada');
    await a.click('#online-go');
    await a.waitForSelector('#share-link');
    const link = await a.inputValue('#share-link');
    expect(link).toMatch(/\?online&match=[A-Za-z0-9_-]{22}$/);
    // Bo opens the shared link in another browser and sits down.
    await b.goto(link);
    await b.waitForSelector('#online-join');
    await b.fill('#online-name', 'Bo');
    await b.click('#online-sit');
    for (const p of pages) await p.waitForFunction(`document.body.dataset.online === 'open' && Number(document.body.dataset.moves) >= 0`);

    const seats = new Map<Page, number>([
      [a, 0],
      [b, 1],
    ]);
    const rand = chooser(13);
    const snapshots: Snapshot[] = [];
    let restarted = false;
    for (let guard = 0; guard < 3000; guard++) {
      const st = await Promise.all(pages.map(status));
      if (st.every((s) => s === 'over')) break;
      const mover = pages.find((_, i) => st[i] === 'human');
      if (mover === undefined) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const before = await moves(mover);
      snapshots.push({ seat: seats.get(mover) as number, moves: before, html: await mover.evaluate('document.documentElement.outerHTML') });
      if (!restarted && before >= 30) {
        // The host dies mid-game, no goodbye; it comes back on the same folder and port.
        restarted = true;
        await killHost();
        for (const p of pages) await p.waitForFunction(`document.body.dataset.online !== 'open'`);
        port = await startHost(port);
        for (const p of pages) await p.waitForFunction(`document.body.dataset.online === 'open'`, null, { timeout: 60_000 });
        continue;
      }
      const index = await pick(mover, rand);
      if (index === null) continue;
      await mover.click(`button[data-action="${index}"]`).catch(() => undefined);
      await mover
        .waitForFunction(`Number(document.body.dataset.moves) > ${before} || document.body.dataset.status === 'over'`, null, {
          timeout: 20_000,
        })
        .catch(() => undefined);
    }
    expect(restarted).toBe(true);
    for (const p of pages)
      await p.waitForFunction(`document.body.dataset.status === 'over' && window.__demo?.record != null`, null, { timeout: 60_000 });
    mkdirSync('test-results', { recursive: true });
    await a.screenshot({ path: join('test-results', 'online-a.png'), fullPage: true });
    for (const p of pages)
      snapshots.push({ seat: seats.get(p) as number, moves: await moves(p), html: await p.evaluate('document.documentElement.outerHTML') });

    // The record of the match, from the host, replayed by the engine.
    const record = await a.evaluate('window.__demo.record');
    const states: GameState[] = [];
    const final = replayRecord(record, (_i, _a, s) => states.push(s));
    const at = (m: number): GameState => (m === 0 ? replayRecord({ ...(record as object), actions: [] }) : (states[m - 1] as GameState));
    expect(final.step).toBe('over');
    // Nothing lost across the restart: both pages end at the record's last move.
    for (const p of pages) expect(await moves(p)).toBe(states.length);
    expect(await online(a)).toBe('open');

    let checkedIds = 0;
    for (const snap of snapshots) {
      const state = at(snap.moves);
      for (const id of hiddenIds(state, snap.seat)) {
        checkedIds++;
        if (mentions(snap.html, id)) throw new Error(`seat ${snap.seat}: hidden card ${id} in the DOM after ${snap.moves} moves`);
      }
      for (const c of view(state, snap.seat).hand) expect(mentions(snap.html, c.id)).toBe(true);
    }
    expect(checkedIds).toBeGreaterThan(500);
    expect(new Set(snapshots.map((s) => s.seat))).toEqual(new Set([0, 1]));

    const expected = score(final);
    for (const p of pages) {
      const totals: number[] = await p.evaluate(
        `[...document.querySelectorAll('#score tbody tr')].map((tr) => Number(tr.querySelector('td.total')?.textContent))`,
      );
      expect(totals).toEqual([...expected.points]);
    }
    expect(errors).toEqual([]);
  });
});
