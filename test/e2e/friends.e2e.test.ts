/**
 * Acceptance of games between friends in the UI (#30), on the site of `npx for-the-king serve`
 * from the packed tarball, by two Chromium pages clicking as people do:
 *
 * - two players finish a match, both press **Rematch**, land in the next match without a new
 *   invite, and finish it too; each page's final score equals `score` of each match's record;
 * - mid-game one player clears their storage (the seat's token is gone) and reloads; the
 *   creator's seat panel counts down to the host's `--away` time with **Hand to a bot** and
 *   **New seat link** unavailable, offers them once the host will take them, and the creator
 *   hands the seat to a bot; later **Give back to a person** opens the seat again and the friend
 *   takes it by the invite link in a new browser; the friend loses that browser too, and **New
 *   seat link** gives them the seat in yet another one, while the old seat's link is refused;
 *   the game finishes, each seat played by whoever held it, and the record replays.
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { seatLink } from '../../src/client/index.js';
import { createGame, currentPlayer, type GameRecord, replayRecord, score } from '../../src/index.js';
import { WORDS } from '../../src/ui/words.js';
import { chooser } from './browser.js';
import { inLobby, inMatch, matchOf, openTable, sitDown } from './friends-table.js';
import { killHost, newPage, packedSiteForFile } from './site.js';
import { axeProblems, playOn, tableState } from './table.js';

const packed = packedSiteForFile('ftkam-friends-');

/** A page in a browser of its own, closed when the test ends (with `more`'s errors collected in `errors`). */
type MorePage = (width?: number, height?: number) => Promise<{ page: Page; context: BrowserContext }>;

/**
 * Its own host (in memory, away time `away`) and two pages, one on a desktop and one on a phone,
 * and `more` for further browsers; all closed when the test ends.
 */
async function table(
  adaOnPhone = false,
  away = '2s',
): Promise<{ a: Page; b: Page; bContext: BrowserContext; url: string; more: MorePage; errors: () => string[] }> {
  const host = await packed.site.start(0, ['--memory', '--away', away]);
  const contexts: BrowserContext[] = [];
  const errors: string[][] = [];
  onTestFinished(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await killHost(host.child);
  });
  const more: MorePage = async (width = 1280, height = 900) => {
    const p = await newPage(packed.browser, width, height);
    contexts.push(p.context);
    errors.push(p.errors);
    return p;
  };
  const a = await more(...(adaOnPhone ? [390, 844] : [1280, 900]));
  const b = await more(...(adaOnPhone ? [1280, 900] : [390, 844]));
  return { a: a.page, b: b.page, bContext: b.context, url: `http://127.0.0.1:${host.port}/`, more, errors: () => errors.flat() };
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
      await openTable(p);
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

  it('one player clears their storage mid-game; the creator hands the seat to a bot, gives it back, makes a new seat link; the game finishes', {
    timeout: 1_200_000,
  }, async () => {
    // An away time long enough that the countdown is surely seen before it ends.
    const { a, b, bContext, url, more, errors } = await table(true, '10s');
    const match = await sitDown(a, b, url);
    // The creator's own page never says she is away (Bo may have been, between his join and his connection).
    expect(await inMatch(a, '.keeper [role="status"]').textContent()).not.toContain('Ada');
    const rand = chooser(11);
    await playOn([a, b], rand, (moves) => moves >= 16);
    expect((await tableState(a)).turn).not.toBe('over');

    // Bo's browser forgets everything: the seat's token is gone. Reloaded, the page offers only the (full) join form.
    await bContext.clearCookies();
    await b.evaluate('localStorage.clear(); sessionStorage.clear()');
    await b.reload();
    await inLobby(b, '[data-field="seat"]').waitFor();
    expect(await b.evaluate('window.__ftk.table()')).toBeNull();

    // Ada's seat panel opens by itself and counts how long Bo has been away, and down to the
    // host's away time: until then neither hand-over is offered, and pressing does nothing.
    const row = inMatch(a, '.keeper li[data-seat="1"][data-state="away"]');
    await row.waitFor({ timeout: 60_000 });
    await expect.poll(() => inMatch(a, '.keeper [role="status"]').textContent()).toContain('Bo');
    const toBot = inMatch(a, '[data-key="seat-bot:1"]');
    const relink = inMatch(a, '[data-key="seat-reissue:1"]');
    await expect.poll(() => inMatch(a, '.keeper li[data-seat="1"] .wait').textContent()).toMatch(/can hand to a bot in 0:(10|0\d)/);
    expect(await toBot.getAttribute('aria-disabled')).toBe('true');
    expect(await relink.getAttribute('aria-disabled')).toBe('true');
    expect(await toBot.getAttribute('aria-describedby')).toBe('wait-1');
    await shot(a, 'seat-keeper-countdown-phone');
    expect(await axeProblems(a), 'the seat panel counting down').toEqual([]);
    // (Forced: Playwright itself would wait for an aria-disabled button to be enabled.)
    await toBot.click({ force: true });
    expect(await inMatch(a, '.keeper [role="status"]').textContent()).not.toContain('long enough');
    expect(await row.count()).toBe(1);
    // The host's time is up: both are offered, and the status line says so.
    await expect.poll(() => toBot.getAttribute('aria-disabled'), { timeout: 60_000 }).toBeNull();
    expect(await relink.getAttribute('aria-disabled')).toBeNull();
    expect(await inMatch(a, '.keeper li[data-seat="1"] .wait').count()).toBe(0);
    await expect.poll(() => inMatch(a, '.keeper [role="status"]').textContent()).toContain(WORDS.en.seats.canHand(1, 'Bo'));
    await shot(a, 'seat-keeper-phone');
    expect(await axeProblems(a), 'the seat panel').toEqual([]);
    await toBot.click();
    await inMatch(a, '.keeper li[data-seat="1"][data-state="bot"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => inMatch(a, '.keeper [role="status"]').textContent()).toContain(WORDS.en.seats.handed(1, 'Bo'));
    const handedAt = (await tableState(a)).moves;
    // The same panel in Ukrainian: the seat is the bot's now, and may go back to a person.
    await a.locator('ftk-app button[data-lang="uk"]').click();
    await expect.poll(() => inMatch(a, '[data-key="seat-reopen:1"]').textContent()).toContain('Повернути людині');
    await shot(a, 'seat-keeper-phone-uk');

    // Ada plays on; the host's bot plays seat 1.
    await playOn([a], rand, (moves) => moves >= handedAt + 12);
    const reopenedAt = (await tableState(a)).moves;

    // Give back to a person: the seat is open again, and Bo takes it by the invite link in a new browser.
    await inMatch(a, '[data-key="seat-reopen:1"]').click();
    await inMatch(a, '.keeper li[data-seat="1"][data-state="open"]').waitFor({ timeout: 60_000 });
    // (A bot's seat: said by its number alone, never with the bot's name.)
    await expect.poll(() => inMatch(a, '.keeper [role="status"]').textContent()).toBe(WORDS.uk.seats.reopened(1, null));
    const invite = inMatch(a, 'input[data-invite="1"]');
    await invite.waitFor({ timeout: 60_000 });
    const c = await more();
    await c.page.goto(await invite.inputValue());
    await inLobby(c.page, 'input[name="name"]').fill('Bo');
    await inLobby(c.page, 'button[type="submit"]').click();
    await openTable(c.page);
    await inMatch(a, '.keeper li[data-seat="1"][data-state="online"]').waitFor({ timeout: 60_000 });
    await playOn([a, c.page], rand, (moves) => moves >= reopenedAt + 4);
    const cMoves = (await tableState(c.page)).moves;
    expect(cMoves).toBeGreaterThanOrEqual(reopenedAt + 4);

    // Bo loses that browser too. Past the away time, the creator makes him a new seat link.
    const oldToken = (await c.page.evaluate(`localStorage.getItem(${JSON.stringify(`ftk-token:${match}`)})`)) as string;
    expect(oldToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await c.context.close();
    await inMatch(a, '.keeper li[data-seat="1"][data-state="away"]').waitFor({ timeout: 60_000 });
    expect(await relink.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => relink.getAttribute('aria-disabled'), { timeout: 60_000 }).toBeNull();
    await relink.click();
    const link = inMatch(a, 'input[data-seat-link="1"]');
    await link.waitFor({ timeout: 60_000 });
    const fresh = await link.inputValue();
    expect(fresh).toMatch(new RegExp(`^${url.replace(/[.]/g, '\\.')}.*#match=${match}&seat=[A-Za-z0-9_-]+$`));
    // The new link seats a new browser at seat 1, where the game stands.
    const d = await more(390, 844);
    await d.page.goto(fresh);
    await openTable(d.page);
    await inMatch(a, '.keeper li[data-seat="1"][data-state="online"]').waitFor({ timeout: 60_000 });
    expect((await tableState(d.page)).moves).toBe((await tableState(a)).moves);
    // The old seat's link is refused: the key does not work, and no table is dealt.
    const e = await more();
    await e.page.goto(seatLink(url, match, oldToken));
    await e.page.waitForFunction(`window.__ftk.one('ftk-match')?.dataset.status === 'closed'`, null, { timeout: 60_000 });
    await expect.poll(() => inMatch(e.page, '.error').textContent()).toBe(WORDS.en.errors.UNAUTHORIZED);
    expect((await tableState(e.page)).moves).toBe(-1);

    // Ada and Bo's new browser finish the game.
    await playOn([a, d.page], rand);
    const record = await finished(a);
    expect(await finished(d.page)).toEqual(record);
    await shot(a, 'seat-keeper-over-phone');
    expect(await matchOf(a)).toBe(match);
    // Who moved at each action: the player to move before it.
    const movers: (number | null)[] = [];
    let before = replayRecord({ ...record, actions: [] });
    replayRecord(record, (_i, _action, s) => {
      movers.push(currentPlayer(before));
      before = s;
    });
    // Seat 1 moved while the bot held it, with no page of Bo's at the table; and after, in Bo's new browsers.
    expect(movers.slice(handedAt, reopenedAt).filter((p) => p === 1).length).toBeGreaterThan(2);
    expect(movers.slice(reopenedAt).filter((p) => p === 1).length).toBeGreaterThan(2);
    expect(await b.evaluate('window.__ftk.table()')).toBeNull();
    expect(errors()).toEqual([]);
  });
});
