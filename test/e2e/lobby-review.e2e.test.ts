/**
 * Fixes from a review of the lobby and the replay in Chromium, on the site of
 * `npx for-the-king serve` (from the packed tarball): the open matches beyond the first 30 are
 * shown with **Show more** and a line says how many are shown; the list refreshes by itself and
 * an error goes once the host answers again; a row's **Join the match** goes through the address
 * (the browser's Back returns to the list) and the join form has a way back, even for a match the
 * host no longer has (whose error the lobby tells the page too, as `ftk-error`); names are
 * isolated from each other's direction; the row's buttons are described by their row; switching
 * the language keeps the create form's values; and `<ftk-replay>` draws its first/last buttons
 * without an emoji font, names bots apart in its own language and refuses a record with an
 * illegal action as `INVALID_RECORD` naming the action.
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { type Action, createGame, makeRecord, step, view } from '../../src/index.js';
import { WORDS } from '../../src/ui/words.js';
import { inLobby } from './friends-table.js';
import { type Host, killHost, newPage, packedSiteForFile } from './site.js';

const packed = packedSiteForFile('ftkam-lobby-');
const SHOTS = process.env.FTK_SHOTS;

/** Waits (generously: no time is asserted) for what `read` gives to match. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

async function site(width = 390, height = 844): Promise<{ host: Host; url: string; page: Page }> {
  // Dozens of matches from one address: more than a host lets one address create by default.
  const host = await packed.site.start(0, ['--memory', '--matches-per-address', '100']);
  const { context, page } = await newPage(packed.browser, width, height);
  onTestFinished(async () => {
    await context.close().catch(() => undefined);
    await killHost(host.child);
  });
  return { host, url: `http://127.0.0.1:${host.port}/`, page };
}

const rows = (page: Page): Promise<number> => page.locator('ftk-lobby li[data-match]').count();
const lobbyText = (page: Page, selector: string): Promise<string> =>
  page.locator('ftk-lobby').evaluate((el, s) => el.shadowRoot?.querySelector(s)?.textContent ?? '', selector);

describe('the lobby, after a review in Chromium', () => {
  it('shows 30 open matches, then 30 more with Show more, and says how many are shown', { timeout: 180_000 }, async () => {
    const { url, page } = await site();
    for (let i = 0; i < 60; i++) await createMatch(url, { players: 3, visibility: 'public', spectators: i % 2 ? 'public' : 'none' });
    for (const lang of ['en', 'uk'] as const) {
      const w = WORDS[lang].lobby;
      await page.goto(`${url}?lang=${lang}`);
      await poll(() => rows(page)).toBe(30);
      expect(await lobbyText(page, '[part="shown"]')).toBe(w.shown(30, true));
      await inLobby(page, '[data-field="more"]').click();
      await poll(() => rows(page)).toBe(60);
      expect(await lobbyText(page, '[part="shown"]')).toBe(w.shown(60, false));
      expect(await page.locator('ftk-lobby [data-field="more"]').count()).toBe(0);
      if (SHOTS)
        for (const [size, vp] of [
          ['phone', { width: 375, height: 740 }],
          ['desktop', { width: 1280, height: 800 }],
        ] as const) {
          await page.setViewportSize(vp);
          await page.screenshot({ path: `${SHOTS}/lobby-60-${size}-${lang}.png`, fullPage: true });
        }
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    }
  });

  it('refreshes by itself while shown; once the host answers again, its error goes', { timeout: 180_000 }, async () => {
    let { host, url, page } = await site();
    await page.clock.install();
    await page.goto(`${url}?lang=en`);
    await poll(() => lobbyText(page, '[part="matches"]')).toBe(WORDS.en.lobby.none);
    const { match } = await createMatch(url, { players: 2, visibility: 'public' });
    await page.clock.runFor(31_000);
    await poll(() => page.locator(`ftk-lobby li[data-match="${match.id}"]`).count()).toBe(1);
    // The host goes away: Refresh says so; back on the same port, Refresh lists again and the error goes.
    const port = host.port;
    await killHost(host.child);
    await inLobby(page, 'button[data-field="refresh"]').click();
    await poll(() => lobbyText(page, '[part="error"]')).toBe(WORDS.en.errors.NETWORK);
    host = await packed.site.start(port, ['--memory']);
    onTestFinished(() => killHost(host.child));
    await inLobby(page, 'button[data-field="refresh"]').click();
    await poll(() => lobbyText(page, '[part="matches"]')).toBe(WORDS.en.lobby.none);
    expect(await lobbyText(page, '[part="error"]')).toBe('');
    url = `http://127.0.0.1:${host.port}/`;
  });

  it("a row's Join goes through the address: Back returns to the list, so does the join form's Back; a gone match's join has a way back", async () => {
    const { url, page } = await site();
    const { match, invite } = await createMatch(url, { players: 3, visibility: 'public' });
    await joinMatch(url, match.id, { name: 'Ada', invite });
    await page.goto(`${url}?lang=en`);
    await inLobby(page, `li[data-match="${match.id}"] button`).click();
    await inLobby(page, 'form[part="join"]').waitFor();
    expect(new URL(page.url()).searchParams.get('match')).toBe(match.id);
    await page.goBack();
    await poll(() => rows(page)).toBe(1);
    expect(new URL(page.url()).searchParams.get('match')).toBe(null);
    await inLobby(page, `li[data-match="${match.id}"] button`).click();
    await inLobby(page, 'form[part="join"]').waitFor();
    await page.locator('ftk-lobby').getByRole('button', { name: WORDS.en.lobby.back }).click();
    await poll(() => rows(page)).toBe(1);
    // A match the host does not have: the error (told to the page too, as `ftk-error`), and a way back.
    await page.addInitScript(`addEventListener('ftk-error', (e) => (window.__errors ??= []).push(e.detail))`);
    await page.goto(`${url}?lang=uk&match=nosuchmatch1`);
    await poll(() => lobbyText(page, '[part="error"]')).toBe(WORDS.uk.errors.NOT_FOUND);
    expect(await page.evaluate('window.__errors')).toEqual([{ code: 'NOT_FOUND', message: WORDS.uk.errors.NOT_FOUND }]);
    await page.locator('ftk-lobby').getByRole('button', { name: WORDS.uk.lobby.back }).click();
    await poll(() => rows(page)).toBe(1);
  });

  it('a join from /?lang=uk keeps the language in the address (a reload stays in Ukrainian)', async () => {
    const { url, page } = await site();
    const { match, invite } = await createMatch(url, { players: 3, visibility: 'public' });
    await joinMatch(url, match.id, { name: 'Ada', invite });
    await page.goto(`${url}?lang=uk`);
    await inLobby(page, `li[data-match="${match.id}"] button`).click();
    await inLobby(page, 'form[part="join"]').waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('uk');
    await page.reload();
    await page.locator('ftk-lobby').getByRole('button', { name: WORDS.uk.lobby.back }).waitFor();
  });

  it('Show more clicked while a slow refresh is on its way shows more once it is in', { timeout: 180_000 }, async () => {
    const { url, page } = await site();
    for (let i = 0; i < 45; i++) await createMatch(url, { players: 3, visibility: 'public' });
    await page.goto(`${url}?lang=en`);
    await poll(() => rows(page)).toBe(30);
    let slow = true;
    await page.route('**/api/matches?*', async (route) => {
      if (slow) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await inLobby(page, '[data-field="refresh"]').click();
    await inLobby(page, '[data-field="more"]').click();
    slow = false;
    // Sooner than the list's own refresh (every 20 s), which would show them anyway.
    await expect.poll(() => rows(page), { timeout: 12_000 }).toBe(45);
  });

  it("isolates each name's direction, describes each row's buttons by the row, keeps the create form across a language switch", async () => {
    const { url, page } = await site(1280, 800);
    const { match, invite } = await createMatch(url, { players: 4, visibility: 'public', spectators: 'public' });
    for (const [seat, name] of [
      [0, 'Ada'],
      [1, 'אבג'],
      [2, 'דהו'],
    ] as const)
      await joinMatch(url, match.id, { name, seat, invite });
    await page.goto(`${url}?lang=en`);
    const row = page.locator(`ftk-lobby li[data-match="${match.id}"]`);
    await row.waitFor();
    expect(await row.locator('bdi').allTextContents()).toEqual(['Ada', 'אבג', 'דהו', '—']);
    const x = (name: string) => row.locator('bdi', { hasText: name }).evaluate((e) => e.getBoundingClientRect().left);
    expect(await x('אבג')).toBeLessThan(await x('דהו'));
    for (const label of [WORDS.en.lobby.join, WORDS.en.lobby.watch]) {
      const b = row.getByRole('button', { name: label });
      await expect.poll(() => b.evaluate((e) => e.getAttribute('aria-describedby'))).toBeTruthy();
      const described = await b.evaluate((e) => {
        const id = e.getAttribute('aria-describedby') as string;
        return (e.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? null;
      });
      expect(described).toContain('אבג');
    }
    await inLobby(page, 'input[name="name"]').fill('Oksana');
    await inLobby(page, 'select[name="players"]').selectOption('5');
    await inLobby(page, 'select[name="seat-4"]').selectOption('random');
    await page.locator('ftk-app').getByRole('button', { name: 'УК' }).click();
    await poll(() => lobbyText(page, 'h2')).toBe(WORDS.uk.lobby.newMatch);
    expect(await inLobby(page, 'input[name="name"]').inputValue()).toBe('Oksana');
    expect(await inLobby(page, 'select[name="players"]').inputValue()).toBe('5');
    expect(await inLobby(page, 'select[name="seat-4"]').inputValue()).toBe('random');
  });
});

describe('<ftk-replay>, after a review in Chromium', () => {
  it('draws first and last as icons, names bots apart in its language, refuses an illegal action as INVALID_RECORD', async () => {
    const { url, page } = await site(1280, 800);
    let state = createGame({ players: 3, seed: 11 });
    const actions: Action[] = [];
    while (state.step !== 'over' && actions.length < 60) {
      const a = view(state, state.toMove as number).legal[0] as Action;
      actions.push(a);
      state = step(state, a).state;
    }
    const record = makeRecord({ players: 3, seed: 11 }, actions, {
      names: ['Ada', 'Bot (random)', 'Bot (random)'],
      meta: { bots: ',random,random' },
    });
    const dup = makeRecord({ players: 3, seed: 11 }, actions, { names: ['Ann', 'Ann', 'Bo'] });
    await page.route(`${url}t.html`, (r) =>
      r.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="uk"><body><ftk-replay id=r></ftk-replay><script type=module>import '/lib/ui.js'; window.ready = true;</script></body></html>`,
      }),
    );
    await page.goto(`${url}t.html`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready && customElements.get('ftk-replay'));
    const options = () => page.locator('ftk-replay select option').allTextContents();
    const set = (rec: unknown) =>
      page.evaluate((rec) => {
        const r = document.getElementById('r') as HTMLElement & { record: unknown; position: number };
        try {
          r.record = rec;
          return 'ok';
        } catch (e) {
          return `${(e as { code?: string }).code}: ${(e as Error).message}`;
        }
      }, rec);
    expect(await set(record)).toBe('ok');
    expect(await options()).toEqual([WORDS.uk.replay.spectator, 'Ada', 'Бот 1 (випадковий)', 'Бот 2 (випадковий)']);
    expect(await set(dup)).toBe('ok');
    const names = (await options()).slice(1);
    expect(new Set(names).size).toBe(3);
    expect(names[2]).toBe('Bo');
    // Without an emoji font the symbols were empty boxes: icons, like the other buttons.
    const glyphs = await page
      .locator('ftk-replay [part="controls"] button')
      .evaluateAll((bs) => bs.map((b) => [b.textContent, b.querySelector('svg') !== null]));
    expect(glyphs.map((g) => g[0])).toEqual(['', '', '', '']);
    expect(glyphs.every((g) => g[1])).toBe(true);
    // An illegal action: INVALID_RECORD naming it; the game shown stays.
    await page.evaluate(() => {
      (document.getElementById('r') as HTMLElement & { position: number }).position = 20;
    });
    const bad = { ...dup, actions: [...dup.actions.slice(0, 40), { type: 'bid', player: 0, amount: 999 }, ...dup.actions.slice(41)] };
    expect(await set(bad)).toMatch(/^INVALID_RECORD: action 40: /);
    expect(await page.evaluate(() => (document.getElementById('r') as HTMLElement & { position: number }).position)).toBe(20);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/replay-uk.png` });
  });
});
