/**
 * Acceptance of games between friends in the UI (#30), on the site of `npx for-the-king serve`
 * from the packed tarball, by two Chromium pages clicking as people do:
 *
 * - two players finish a match, both press **Rematch**, land in the next match without a new
 *   invite, and finish it too; each page's final score equals `score` of each match's record;
 * - mid-game one player clears their storage (the seat's token is gone) and reloads; once they
 *   have been away longer than the host's `--away` time, the creator hands their seat to a bot
 *   from the seat panel, and the game finishes with the bot playing that seat; the record replays.
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createGame, currentPlayer, type GameRecord, replayRecord, score } from '../../src/index.js';
import { CHROMIUM, CHROMIUM_ARGS, chooser, requireFiles } from './browser.js';
import { killHost, newPage, PackedSite } from './site.js';
import { axeProblems, playOn, tableState } from './table.js';

let browser: Browser;
let site: PackedSite;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  site = PackedSite.install('ftkam-friends-');
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.remove();
});

const inMatch = (page: Page, selector: string) => page.locator(`ftk-match ${selector}`).first();
const inLobby = (page: Page, selector: string) => page.locator(`ftk-lobby ${selector}`).first();
const matchOf = (page: Page): Promise<string | null> => page.evaluate(`new URLSearchParams(location.search).get('match')`);

/** Its own host (in memory, a short away time) and two pages, one on a desktop and one on a phone; all closed when the test ends. */
async function table(adaOnPhone = false): Promise<{ a: Page; b: Page; bContext: BrowserContext; url: string; errors: () => string[] }> {
  const host = await site.start(0, ['--memory', '--away', '2s']);
  const contexts: BrowserContext[] = [];
  onTestFinished(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await killHost(host.child);
  });
  const a = adaOnPhone ? await newPage(browser, 390, 844) : await newPage(browser, 1280, 900);
  const b = adaOnPhone ? await newPage(browser, 1280, 900) : await newPage(browser, 390, 844);
  contexts.push(a.context, b.context);
  return { a: a.page, b: b.page, bContext: b.context, url: `http://127.0.0.1:${host.port}/`, errors: () => [...a.errors, ...b.errors] };
}

/** Ada creates a 2-seat match for a friend; Bo opens the invite link and sits down; both tables are open. */
async function sitDown(a: Page, b: Page, url: string): Promise<string> {
  await a.goto(url);
  await inLobby(a, 'select[name="players"]').selectOption('2');
  await inLobby(a, 'select[name="seat-1"]').selectOption('person');
  await inLobby(a, 'input[name="name"]').fill('Ada');
  await inLobby(a, 'button[type="submit"]').click();
  const invite = inMatch(a, 'input[data-invite="1"]');
  await invite.waitFor();
  await b.goto(await invite.inputValue());
  await inLobby(b, 'input[name="name"]').fill('Bo');
  await inLobby(b, 'button[type="submit"]').click();
  for (const p of [a, b]) await open(p);
  return (await matchOf(a)) as string;
}

/** Waits until the page's match is connected and its table drawn. */
async function open(page: Page): Promise<void> {
  await page.waitForFunction(`window.__ftk.state().online === 'open' && window.__ftk.state().moves >= 0`, null, { timeout: 60_000 });
}

/** Waits for the end and the record on the page; checks its score against the record's and returns the record. */
async function finished(page: Page): Promise<GameRecord> {
  await page.waitForFunction(`window.__ftk.state().turn === 'over' && window.__ftk.record() !== null`, null, { timeout: 60_000 });
  const record = (await page.evaluate('window.__ftk.record()')) as GameRecord;
  const final = replayRecord(record);
  expect(final.step).toBe('over');
  const rows: { total: number }[] = await page.evaluate('window.__ftk.score()');
  expect(rows.map((r) => r.total)).toEqual([...score(final).points]);
  return record;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: join('test-results', `${name}.png`), fullPage: true });
}

describe('games between friends on the site of `npx for-the-king serve` from the packed tarball', () => {
  it('two players finish, both press Rematch, and finish the rematch, joined without a new invite', { timeout: 1_200_000 }, async () => {
    const { a, b, url, errors } = await table();
    const first = await sitDown(a, b, url);
    const rand = chooser(7);
    await playOn([a, b], rand);
    const records = [await finished(a), await finished(b)];
    expect(records[1]).toEqual(records[0]);

    // Under the score: who is ready, and the Rematch button (nobody agreed yet).
    const ask = inMatch(a, '[data-key="rematch"]');
    await ask.waitFor();
    await shot(a, 'rematch-desktop');
    await shot(b, 'rematch-phone');
    expect(await axeProblems(a), 'the score with the rematch').toEqual([]);
    await expect.poll(() => inMatch(b, '.votes li[data-seat="0"]').getAttribute('data-vote')).toBe('deciding');
    await ask.click();
    // Bo's page hears it, and Ada's says she is waiting.
    await inMatch(b, '.votes li[data-seat="0"][data-vote="ready"]').waitFor();
    await expect.poll(() => inMatch(b, '.rematch [role="status"]').textContent()).toContain('Ada');
    await expect.poll(() => ask.getAttribute('aria-disabled')).toBe('true');
    expect(await matchOf(a)).toBe(first);
    // Bo agrees by keyboard: Tab to the button, Enter.
    for (let i = 0; i < 80 && (await b.evaluate('window.__ftk.active()')) !== 'rematch'; i++) await b.keyboard.press('Tab');
    expect(await b.evaluate('window.__ftk.active()')).toBe('rematch');
    await b.keyboard.press('Enter');

    // Both pages go to the rematch by themselves, with the seats they had.
    for (const p of [a, b]) {
      await p.waitForFunction(`new URLSearchParams(location.search).get('match') !== ${JSON.stringify(first)}`, null, { timeout: 60_000 });
      await open(p);
    }
    const second = await matchOf(a);
    expect(second).not.toBe(first);
    expect(await matchOf(b)).toBe(second);
    expect(await a.evaluate(`window.__ftk.table().shadowRoot.querySelector('.seats').innerText`)).toContain('Bo');
    expect(await b.evaluate(`window.__ftk.table().shadowRoot.querySelector('.seats').innerText`)).toContain('Ada');
    await playOn([a, b], rand);
    const rematch = [await finished(a), await finished(b)];
    expect(rematch[1]).toEqual(rematch[0]);
    const next = rematch[0] as GameRecord;
    const last = records[0] as GameRecord;
    // A new deal, the first player moved on one seat.
    expect(next.options.seed).not.toEqual(last.options.seed);
    // (The first game's first player came from its fair seed, not from its options.)
    expect(next.options.firstPlayer).toBe((createGame(last.options).firstPlayer + 1) % 2);
    await shot(a, 'rematch-over-desktop');
    expect(errors()).toEqual([]);
  });

  it('one player clears their storage mid-game; the creator hands the seat to a bot; the game finishes', {
    timeout: 1_200_000,
  }, async () => {
    const { a, b, bContext, url, errors } = await table(true);
    const match = await sitDown(a, b, url);
    const rand = chooser(11);
    await playOn([a, b], rand, (moves) => moves >= 16);
    const handedAt = (await tableState(a)).moves;
    expect((await tableState(a)).turn).not.toBe('over');

    // Bo's browser forgets everything: the seat's token is gone. Reloaded, the page offers only the (full) join form.
    await bContext.clearCookies();
    await b.evaluate('localStorage.clear(); sessionStorage.clear()');
    await b.reload();
    await inLobby(b, '[data-field="seat"]').waitFor();
    expect(await b.evaluate('window.__ftk.table()')).toBeNull();

    // Ada's seat panel opens by itself and counts how long Bo has been away; past the host's 2 s, she hands the seat to a bot.
    const row = inMatch(a, '.keeper li[data-seat="1"][data-state="away"]');
    await row.waitFor({ timeout: 60_000 });
    await expect.poll(() => inMatch(a, '.keeper [role="status"]').textContent()).toContain('Bo');
    await a.waitForFunction(
      `Number(window.__ftk.one('ftk-match').shadowRoot.querySelector('.keeper li[data-seat="1"]')?.dataset.awayMs ?? 0) > 3000`,
      null,
      { timeout: 60_000 },
    );
    await shot(a, 'seat-keeper-phone');
    expect(await axeProblems(a), 'the seat panel').toEqual([]);
    await inMatch(a, '[data-key="seat-bot:1"]').click();
    await inMatch(a, '.keeper li[data-seat="1"][data-state="bot"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => inMatch(a, '.keeper [role="status"]').textContent()).toContain('A bot now plays Bo');
    // The same panel in Ukrainian: the seat is the bot's now, and may go back to a person.
    await a.locator('ftk-app button[data-lang="uk"]').click();
    await expect.poll(() => inMatch(a, '[data-key="seat-reopen:1"]').textContent()).toContain('Повернути людині');
    await shot(a, 'seat-keeper-phone-uk');

    // Ada plays on alone; the host's bot plays seat 1.
    await playOn([a], rand);
    const record = await finished(a);
    await shot(a, 'seat-keeper-over-phone');
    expect(await matchOf(a)).toBe(match);
    // Who moved at each action: the player to move before it.
    const movers: (number | null)[] = [];
    let before = replayRecord({ ...record, actions: [] });
    replayRecord(record, (_i, _action, s) => {
      movers.push(currentPlayer(before));
      before = s;
    });
    // Seat 1 moved after the hand-over, with no page of Bo's at the table.
    expect(movers.slice(handedAt + 1).filter((p) => p === 1).length).toBeGreaterThan(3);
    expect(await b.evaluate('window.__ftk.table()')).toBeNull();
    expect(errors()).toEqual([]);
  });
});
