/**
 * Fixes from playing the site of `npx for-the-king serve` (from the packed tarball) in Chromium:
 * a join with a wrong invite code says so (not the spectators' sentence); a bot seat is named by
 * its kind in the page's language, never by its id; the Ukrainian lobby with its rule variants
 * open fits a 360 px phone; a key pressed on **Create and sit down** leaves focus in the page;
 * while friends are awaited the match says how many sit; the invite panel's heading follows the
 * page's h1; **Copy** works, or asks to copy by hand, without the clipboard API; a refused
 * action's error goes once the match moves on; while the page reconnects nobody is shown
 * online; a link with another seat key or invite code than the page keeps replaces neither
 * until the host takes it (a crafted or revoked seat link leaves the player at their seat); and a
 * match the host does not know has its keys removed from the browser when its link is opened (an
 * invite link's code too, and its id from the list of matches).
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch, reissueSeat, seatLink } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { WORDS } from '../../src/ui/words.js';
import { inLobby, inMatch } from './friends-table.js';
import { type Host, killHost, newPage, packedSiteForFile } from './site.js';
import { clickChoice } from './table.js';

const packed = packedSiteForFile('ftkam-review-');

/** Waits (generously: no time is asserted) for what `read` gives to match. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** The page's error lines: the lobby's and the match's, not the chat's own (its refusals of a line). */
const ERROR = '.error:not(.chat *)';
const deepText = (page: Page, selector: string): Promise<string> =>
  page.evaluate(`window.__ftk.all(${JSON.stringify(selector)}).map((e) => e.textContent).join(' | ')`);

/** A host of its own (in memory, with `args`) and a page (with `width`×`height`), both gone when the test ends. */
async function site(width = 390, height = 844, args: readonly string[] = []): Promise<{ host: Host; url: string; page: Page }> {
  const host = await packed.site.start(0, ['--memory', ...args]);
  const { context, page } = await newPage(packed.browser, width, height);
  onTestFinished(async () => {
    await context.close().catch(() => undefined);
    await killHost(host.child);
  });
  return { host, url: `http://127.0.0.1:${host.port}/`, page };
}

describe('the site, after a review in Chromium', () => {
  it('a join with a wrong invite code says the link is not complete, in English and Ukrainian', async () => {
    const { url, page } = await site();
    const { match } = await createMatch(url, { players: 2 });
    for (const lang of ['en', 'uk'] as const) {
      await page.goto(`${url}?lang=${lang}&match=${match.id}&seat=1#invite=WRONGCODE123`);
      await inLobby(page, 'input[name="name"]').fill('Bo');
      await inLobby(page, 'button[type="submit"]').click();
      await poll(() => deepText(page, ERROR)).toBe(WORDS[lang].lobby.badInvite);
    }
    // Watching a match closed to spectators keeps its own sentence.
    await page.goto(`${url}?lang=en&watch=${match.id}`);
    await poll(() => deepText(page, ERROR)).toBe(WORDS.en.errors.FORBIDDEN);
  });

  it("names a bot's seat by its kind in the page's language, never by the bot's id", async () => {
    const { url, page } = await site();
    const { match, invite } = await createMatch(url, { players: 2, bots: [null, 'ismcts:300'] });
    const { token } = await joinMatch(url, match.id, { name: 'Ада', seat: 0, invite });
    await page.goto(`${url}?lang=uk`);
    await page.evaluate(`localStorage.setItem('ftk-token:${match.id}', ${JSON.stringify(token)})`);
    await page.goto(`${url}?lang=uk&match=${match.id}`);
    await page.waitForFunction(`window.__ftk.state().moves >= 0`, null, { timeout: 60_000 });
    await poll(() => deepText(page, '.seats .seat-name')).toBe('Бот 1 (сильний)');
    expect(WORDS.en.botName('ismcts:300', 1)).toBe('Bot 1 (strong)');
    expect(WORDS.uk.botName('some-new-bot:5', 2)).toBe('Бот 2');
  });

  it('the Ukrainian lobby with its rule variants open does not scroll sideways on a 360 px phone', async () => {
    const { url, page } = await site(360, 740);
    await page.goto(`${url}?lang=uk`);
    await inLobby(page, 'details summary').click();
    await inLobby(page, 'select[name="payment"]').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });

  it('keyboard, waiting for a friend: focus stays in the page, the table says who is seated, the invite heading is an h2, Copy works without a clipboard API', async () => {
    const { url, page } = await site(1366, 900);
    // A page served over plain http on a LAN address has no clipboard API.
    await page.addInitScript(`Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true })`);
    await page.goto(url);
    await inLobby(page, 'select[name="players"]').selectOption('3');
    await inLobby(page, 'select[name="seat-1"]').selectOption('person');
    await inLobby(page, 'input[name="name"]').fill('Ada');
    await inLobby(page, 'button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(`window.__ftk.state().online === 'open'`, null, { timeout: 60_000 });
    // Focus moved to the new screen, not back to the page's body.
    expect(await page.evaluate('window.__ftk.active()')).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('window.__ftk.active()')).not.toBe('body');
    // Seat 1 waits for a friend, seat 2 is a bot's.
    await poll(() => deepText(page, '.strip .muted')).toBe(WORDS.en.waitingFor(2, 3));
    expect(await page.evaluate(`window.__ftk.all('h1, h2, h3').map((e) => e.tagName).join(',')`)).toBe('H1,H2');
    const copy = inMatch(page, '.links .link button');
    await copy.click();
    await poll(() => copy.textContent()).toBe(WORDS.en.lobby.copied);
    // Where the old way is refused too, the reader is asked to copy the (selected) link.
    await page.evaluate('document.execCommand = () => false');
    await copy.click();
    await poll(() => deepText(page, '.links [role="status"]')).toBe(WORDS.en.lobby.copyYourself);
  });

  it("a refused action's error goes once the match moves on; while the page reconnects nobody is shown online", async () => {
    const { host, url, page } = await site(1366, 900);
    const { match, invite } = await createMatch(url, { players: 2, firstPlayer: 1 });
    const ada = await joinMatch(url, match.id, { name: 'Ada', seat: 0, invite });
    const boSeat = await joinMatch(url, match.id, { name: 'Bo', seat: 1, invite });
    const bo = connectMatch({ url: `${url.replace('http', 'ws')}ws`, match: match.id, token: boSeat.token, WebSocket: WebSocket as never });
    onTestFinished(() => bo.close());
    await page.goto(url);
    await page.evaluate(`localStorage.setItem('ftk-token:${match.id}', ${JSON.stringify(ada.token)})`);
    await page.goto(`${url}?match=${match.id}`);
    await page.waitForFunction(`window.__ftk.state().online === 'open' && window.__ftk.state().moves === 0`, null, { timeout: 60_000 });
    await poll(() => page.evaluate(`window.__ftk.table().shadowRoot.querySelectorAll('.presence').length`)).toBe(2);
    // Ada's page sends a move out of turn (Bo's): the host refuses it, and the page says so.
    await poll(() => bo.view !== null).toBe(true);
    const action = bo.view?.legal[0] as Action;
    await page.evaluate(
      `window.__ftk.table().dispatchEvent(new CustomEvent('ftk-action', { detail: { action: ${JSON.stringify(action)} } }))`,
    );
    await poll(() => deepText(page, ERROR)).not.toBe('');
    // Bo moves: the error is old news.
    await bo.send(action);
    await page.waitForFunction(`window.__ftk.state().moves === 1`, null, { timeout: 60_000 });
    await poll(() => deepText(page, ERROR)).toBe('');
    // The host goes away: while the page reconnects, nobody's presence is known.
    await killHost(host.child);
    await page.waitForFunction(`window.__ftk.state().online === 'reconnecting'`, null, { timeout: 60_000 });
    await poll(() => page.evaluate(`window.__ftk.table().shadowRoot.querySelectorAll('.presence').length`)).toBe(0);
  });

  it('a seat link or invite code that differs from the kept one replaces it only once the host takes it', async () => {
    const { url, page } = await site(1366, 900, ['--away', '1s']);
    const { match, invite, creatorToken } = await createMatch(url, { players: 3, bots: [null, null, 'heuristic'], firstPlayer: 0 });
    const ada = await joinMatch(url, match.id, { name: 'Ada', seat: 0, invite });
    const kept = (key: string): Promise<string | null> => page.evaluate(`localStorage.getItem(${JSON.stringify(`${key}:${match.id}`)})`);
    // Ada created the match on this page: her seat's key, the creator token and the invite code are kept.
    await page.goto(url);
    await page.evaluate(
      `localStorage.setItem('ftk-token:${match.id}', ${JSON.stringify(ada.token)});` +
        `localStorage.setItem('ftk-creator:${match.id}', ${JSON.stringify(creatorToken)});` +
        `localStorage.setItem('ftk-invite:${match.id}', ${JSON.stringify(invite)})`,
    );
    // An invite link with another code: the creator's own code stays, and so do the links the panel hands out.
    await page.goto(`${url}?match=${match.id}#invite=WRONGCODE123`);
    await page.waitForFunction(`window.__ftk.state().online === 'open'`, null, { timeout: 60_000 });
    await poll(() => inMatch(page, 'input[data-invite="1"]').inputValue()).toMatch(new RegExp(`#invite=${invite}$`));
    expect(await kept('ftk-invite')).toBe(invite);
    // Bo sits down; it is Ada's turn. A crafted seat link: the host refuses its key, and Ada is back at her seat with hers.
    await joinMatch(url, match.id, { name: 'Bo', seat: 1, invite });
    for (const lang of ['en', 'uk'] as const) {
      await page.goto(`${url}?lang=${lang}#match=${match.id}&seat=not-your-key`);
      await page.waitForFunction(`window.__ftk.state().online === 'open' && window.__ftk.state().turn === 'mine'`, null, {
        timeout: 60_000,
      });
      await poll(() => deepText(page, '.main > p')).toBe(WORDS[lang].app.seatLinkRefused);
      expect(await kept('ftk-token')).toBe(ada.token);
      expect(await page.evaluate('location.hash')).toBe('');
    }
    const choice = (await page.evaluate('window.__ftk.choices()')) as { key: string; act: number }[];
    expect(choice.length).toBeGreaterThan(0);
    await clickChoice(page, choice[0] as { key: string; act: number });
    await page.waitForFunction(`window.__ftk.state().moves >= 1`, null, { timeout: 60_000 });
    // A new seat link from the creator (Ada away past the host's away time): its key replaces the old one.
    await page.goto(url);
    let fresh = '';
    await poll(async () => {
      fresh = await reissueSeat(url, match.id, creatorToken, 0).then(
        (r) => r.token,
        () => '',
      );
      return fresh;
    }).not.toBe('');
    await page.goto(seatLink(url, match.id, fresh));
    await page.waitForFunction(`window.__ftk.state().online === 'open' && window.__ftk.state().moves >= 1`, null, { timeout: 60_000 });
    await poll(() => kept('ftk-token')).toBe(fresh);
    expect(await deepText(page, '.main > p')).toBe('');
  });

  it("removes an unknown match's keys when its link (an invite link too) is opened, and keeps those of a match kept before the list of matches", async () => {
    const { url, page } = await site();
    const { match, invite } = await createMatch(url, { players: 2, bots: [null, 'heuristic'] });
    const ada = await joinMatch(url, match.id, { name: 'Ada', seat: 0, invite });
    const gone = 'NoSuchMatch0123456789';
    const keys = (id: string): Promise<unknown> =>
      page.evaluate(`['token', 'creator', 'invite'].map((k) => localStorage.getItem('ftk-' + k + ':' + ${JSON.stringify(id)}))`);
    // Ada's seat was kept before the site kept a list of its matches (and that list was edited by hand).
    await page.goto(url);
    await page.evaluate(
      `localStorage.setItem('ftk-token:${match.id}', ${JSON.stringify(ada.token)});` +
        `localStorage.setItem('ftk-matches', '{not a list');` +
        ['token', 'creator', 'invite'].map((k) => `localStorage.setItem('ftk-${k}:${gone}', 'old-${k}-key-0123456789')`).join(';'),
    );
    await page.goto(`${url}?match=${gone}`);
    await poll(() => deepText(page, ERROR)).toBe(WORDS.en.errors.NOT_FOUND);
    await poll(() => keys(gone)).toEqual([null, null, null]);
    // An invite link to a match the host does not know: its join form says so, and the code the link brought goes too.
    const unknown = 'NoSuchMatchEither0123';
    await page.goto(`${url}?match=${unknown}&seat=1#invite=SOMECODE0123`);
    await poll(() => deepText(page, ERROR)).toBe(WORDS.en.errors.NOT_FOUND);
    await poll(() => keys(unknown)).toEqual([null, null, null]);
    expect(await page.evaluate(`JSON.parse(localStorage.getItem('ftk-matches'))`)).toEqual([]);
    // Ada's match opens with her kept key; the invite code its link brings is kept, and the list starts again.
    await page.goto(`${url}?match=${match.id}#invite=${invite}`);
    await page.waitForFunction(`window.__ftk.state().online === 'open'`, null, { timeout: 60_000 });
    expect(await keys(match.id)).toEqual([ada.token, null, invite]);
    expect(await page.evaluate(`JSON.parse(localStorage.getItem('ftk-matches'))`)).toEqual([match.id]);
  });
});
