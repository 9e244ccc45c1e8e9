/**
 * Fixes from an accessibility review of the site of `npx for-the-king serve` (from the packed
 * tarball) in Chromium:
 *
 * - a friend who has just sat down is not announced as away, nor does the creator's seat panel
 *   open for them; once they did go away and came back, the panel no longer says they are away;
 * - at the start of a match, and of its rematch, focus goes from the page's main area (where the
 *   swap of screens put it) to the first choice, so that Enter plays it; someone writing in the
 *   chat keeps their place;
 * - in forced colours (high contrast) the invite link and the chat's line have edges;
 * - the join form's seats are radio buttons beside their names, not stretched like the invite link;
 * - moving on to the rematch does not say that the connection is closed (the host's answer to the
 *   page's vote coming after the news that everybody agreed).
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WORDS } from '../../src/ui/words.js';
import { chooser } from './browser.js';
import { inLobby, inMatch, matchOf, openTable, sitDown } from './friends-table.js';
import { killHost, newPage, packedSiteForFile } from './site.js';
import { type Choice, choicesOf, control, moved, playOn, tableState } from './table.js';

const packed = packedSiteForFile('ftkam-a11y-');

/** Waits (generously: no time is asserted) for what `read` gives to match. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** A host of its own (in memory, away time 2 s) and `n` pages (desktop, then phone), all gone when the test ends. */
async function site(n: number): Promise<{ url: string; pages: Page[]; errors: () => string[] }> {
  const host = await packed.site.start(0, ['--memory', '--away', '2s']);
  const opened = await Promise.all(
    Array.from({ length: n }, (_, i) => (i === 0 ? newPage(packed.browser, 1280, 800) : newPage(packed.browser, 390, 844))),
  );
  onTestFinished(async () => {
    await Promise.all(opened.map((p) => p.context.close().catch(() => undefined)));
    await killHost(host.child);
  });
  return { url: `http://127.0.0.1:${host.port}/`, pages: opened.map((p) => p.page), errors: () => opened.flatMap((p) => p.errors) };
}

/** The computed top border of `l`: width and style. */
const edge = (l: Locator): Promise<string> =>
  l.evaluate((e) => {
    const c = getComputedStyle(e);
    return `${c.borderTopWidth} ${c.borderTopStyle}`;
  });

/** The key (or tag) of the element with focus, through shadow roots. */
const focused = (page: Page): Promise<string | null> => page.evaluate('window.__ftk.active()');
/** Whether the focused element is one of the table's choices. */
const onChoice = (page: Page): Promise<boolean> =>
  page.evaluate(`(() => {
    const key = window.__ftk.active();
    return window.__ftk.choices().some((c) => c.key === key) || key === 'bid-amount';
  })()`);

describe('the site, after an accessibility review in Chromium', () => {
  it("does not call a friend who just sat down away; once back after going away, the creator's panel stops saying so", async () => {
    const { url, pages, errors } = await site(2);
    const [a, b] = pages as [Page, Page];
    await sitDown(a, b, url);
    const status = inMatch(a, '.keeper [role="status"]');
    const panel = inMatch(a, 'details.keeper');
    await inMatch(a, '.keeper li[data-seat="1"][data-state="online"]').waitFor({ state: 'attached', timeout: 30_000 });
    // Bo was awaited while his page connected: never gone away.
    expect(await status.textContent()).toBe('');
    expect(await panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

    // Bo's page goes: he is away, the panel opens and says so.
    const back = b.url();
    await b.goto('about:blank');
    await poll(() => status.textContent()).toBe(WORDS.en.seats.goneAway(1, 'Bo'));
    expect(await panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // He comes back: the line goes.
    await b.goto(back);
    await openTable(b);
    await inMatch(a, '.keeper li[data-seat="1"][data-state="online"]').waitFor({ state: 'attached', timeout: 30_000 });
    await poll(() => status.textContent()).toBe('');
    expect(errors()).toEqual([]);
  });

  it('puts focus on the first choice at the start of a match and of its rematch, and never says the connection closed on the way', {
    timeout: 600_000,
  }, async () => {
    const { url, pages, errors } = await site(1);
    const [a] = pages as [Page];
    // The host's answer to the page's vote comes late, after the news that everybody agreed (as it may):
    // the page has moved on to the rematch, and closed the connection the answer was due on.
    await a.routeWebSocket(/\/ws/, (ws) => {
      const host = ws.connectToServer();
      const votes = new Set<number>();
      ws.onMessage((m) => {
        const said = JSON.parse(String(m)) as { type: string; id: number };
        if (said.type === 'rematch') votes.add(said.id);
        host.send(m);
      });
      host.onMessage((m) => {
        const said = JSON.parse(String(m)) as { type: string; id?: number };
        if (said.type !== 'ok' || !votes.has(said.id as number)) ws.send(m);
        else setTimeout(() => ws.send(m), 2000);
      });
    });
    await a.goto(`${url}?lang=en`);
    await inLobby(a, 'select[name="players"]').selectOption('2');
    await inLobby(a, 'select[name="seat-1"]').selectOption('heuristic');
    await inLobby(a, 'input[name="name"]').fill('Ada');
    // By keyboard: the button has focus when the screen changes.
    await inLobby(a, 'button[type="submit"]').focus();
    await a.keyboard.press('Enter');
    await openTable(a);
    await a.waitForFunction(`window.__ftk.state().turn === 'mine' && window.__ftk.choices().length > 0`, null, { timeout: 60_000 });
    await poll(() => onChoice(a)).toBe(true);
    const first = await matchOf(a);
    // Someone writing in the chat keeps their place when their turn comes.
    const chat = inMatch(a, 'input[name="chat"]');
    await chat.focus();
    await a.keyboard.type('hi');
    const moves = (await tableState(a)).moves;
    const choice = (await choicesOf(a))[0] as Choice;
    // (Played without moving focus, as another device would.)
    await control(a, choice.key).evaluate((e) => (e as HTMLElement).click());
    await moved(a, moves);
    await a.waitForFunction(`window.__ftk.state().turn === 'mine' && window.__ftk.choices().length > 0`, null, { timeout: 60_000 });
    expect(await focused(a)).toBe('chat');
    expect(await chat.inputValue()).toBe('hi');

    await playOn([a], chooser(3));
    expect((await tableState(a)).turn).toBe('over');
    const ask = inMatch(a, '[data-key="rematch"]');
    await ask.waitFor();
    // Every line the rematch panel's status says, from now on.
    await a.evaluate(`(() => {
      window.__said = [];
      const status = window.__ftk.one('.rematch [role="status"]');
      // Each text written (several may be written before the observer hears of them).
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) window.__said.push(n.textContent);
      }).observe(status, { childList: true });
    })()`);
    await ask.focus();
    await a.keyboard.press('Enter');
    await a.waitForFunction(`new URLSearchParams(location.search).get('match') !== ${JSON.stringify(first)}`, null, { timeout: 60_000 });
    await openTable(a);
    await a.waitForFunction(`window.__ftk.state().turn === 'mine' && window.__ftk.choices().length > 0`, null, { timeout: 60_000 });
    await poll(() => onChoice(a)).toBe(true);
    expect(await focused(a)).not.toBe('main');
    const said: string[] = await a.evaluate('window.__said');
    expect(said).toContain(WORDS.en.rematch.starting);
    expect(said).not.toContain(WORDS.en.errors.CLOSED);
    expect(errors()).toEqual([]);
  });

  it("in forced colours, draws the edges of the invite link and the chat's line; the join form's seats are plain radio buttons", async () => {
    const { url, pages, errors } = await site(2);
    const [a, b] = pages as [Page, Page];
    await a.emulateMedia({ forcedColors: 'active' });
    await a.goto(`${url}?lang=en`);
    await inLobby(a, 'select[name="players"]').selectOption('2');
    await inLobby(a, 'input[name="name"]').fill('Ada');
    expect(await edge(inLobby(a, 'button[type="submit"]'))).toBe('1px solid');
    await inLobby(a, 'button[type="submit"]').click();
    const invite = inMatch(a, 'input[data-invite="1"]');
    await invite.waitFor();
    expect(await edge(invite)).toBe('1px solid');

    // Bo's join form, on a phone and on a desktop: each seat's radio button is a radio button's size.
    const link = await invite.inputValue();
    mkdirSync('test-results', { recursive: true });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await b.setViewportSize({ width, height });
      await b.goto(link);
      const radios = inLobby(b, 'input[type="radio"]');
      await radios.waitFor();
      const boxes = await b.locator('ftk-lobby input[type="radio"]').evaluateAll((all) => all.map((r) => r.getBoundingClientRect().width));
      expect(boxes).toHaveLength(2);
      for (const w of boxes) expect(w, `${width} px`).toBeLessThan(32);
      await b.screenshot({ path: `test-results/a11y-join-${width}.png`, fullPage: true });
    }
    await inLobby(b, 'input[name="name"]').fill('Bo');
    await inLobby(b, 'button[type="submit"]').click();
    for (const p of [a, b]) await openTable(p);
    const chat = inMatch(a, 'input[name="chat"]');
    await chat.waitFor();
    expect(await edge(chat)).toBe('1px solid');
    expect(errors()).toEqual([]);
  });
});
