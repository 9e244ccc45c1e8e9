/**
 * The match chat in `<ftk-match>`, on the site of `npx for-the-king serve` from the packed
 * tarball: two friends at a table, Ada on a desktop (the chat open beside the table) and Bo on a
 * phone (the chat closed above it, counting what he has not read). Ada writes a line with markup
 * in it; Bo sees it under her name, as text; he opens the chat and answers by keyboard alone; Ada
 * writes too fast and is told to slow down, in English and then in Ukrainian; axe-core finds no
 * serious or critical problem. Screenshots of both pages, in both languages, go to test-results/.
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MAX_CHAT_LENGTH } from '../../src/protocol/lobby.js';
import { WORDS } from '../../src/ui/words.js';
import { inMatch, sitDown } from './friends-table.js';
import { killHost, newPage, packedSiteForFile } from './site.js';
import { axeProblems, expectFits } from './table.js';

const packed = packedSiteForFile('ftkam-chat-');

const active = (page: Page): Promise<string | null> => page.evaluate('window.__ftk.active()');

/** The chat's lines on a page, as read. */
const lines = (page: Page): Promise<string[]> =>
  inMatch(page, '.chat ol').evaluate((ol) => Array.from(ol.children, (li) => li.textContent ?? ''));

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: join('test-results', `${name}.png`), fullPage: false });
}

describe('the match chat on the site of `npx for-the-king serve`', () => {
  it('Ada writes, Bo reads her line under her name and answers by keyboard alone; too fast is refused in words', {
    timeout: 600_000,
  }, async () => {
    const host = await packed.site.start(0, ['--memory']);
    const a = await newPage(packed.browser, 1366, 900);
    const b = await newPage(packed.browser, 390, 844);
    onTestFinished(async () => {
      await Promise.all([a.context.close(), b.context.close()]);
      await killHost(host.child);
    });
    await sitDown(a.page, b.page, `http://127.0.0.1:${host.port}/`);

    // Ada's desktop: the chat open beside the table. Bo's phone: closed, one line above the table.
    const chatA = inMatch(a.page, '[part="chat"]');
    const chatB = inMatch(b.page, '[part="chat"]');
    await chatA.waitFor();
    await chatB.waitFor();
    expect(await chatA.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await chatB.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    const boxA = await chatA.boundingBox();
    const tableA = await inMatch(a.page, 'ftk-table').boundingBox();
    expect(boxA !== null && tableA !== null && boxA.x >= tableA.x + tableA.width, 'beside the table').toBe(true);
    expect((await chatB.boundingBox())?.height ?? 999, 'one line high on the phone').toBeLessThan(80);
    expect(await inMatch(a.page, '.chat input').getAttribute('maxlength')).toBe(String(MAX_CHAT_LENGTH));
    await expect.poll(() => inMatch(a.page, '.chat ol').getAttribute('aria-live')).toBe('polite');

    // Ada writes a line with markup in it, and sends it with Enter.
    const hello = 'Hello Bo <b>bold</b> <img src=x onerror="document.title=1">';
    await inMatch(a.page, '.chat input').fill(hello);
    await inMatch(a.page, '.chat input').press('Enter');
    await expect.poll(() => lines(a.page)).toEqual([`Ada: ${hello}`]);
    expect(await inMatch(a.page, '.chat input').inputValue()).toBe('');

    // Bo's closed chat counts it; he opens it by keyboard, reads it under Ada's name, as text.
    await expect.poll(() => inMatch(b.page, '.chat summary').textContent()).toBe(`Chat (${WORDS.en.chat.unread(1)})`);
    await shot(b.page, 'chat-phone-closed');
    await b.page.locator('body').focus();
    for (let i = 0; i < 60 && (await active(b.page)) !== 'chat-summary'; i++) await b.page.keyboard.press('Tab');
    expect(await active(b.page)).toBe('chat-summary');
    await b.page.keyboard.press('Enter');
    expect(await chatB.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // The count goes on the details' \`toggle\` event, which fires after the key press returns.
    await expect.poll(() => inMatch(b.page, '.chat summary').textContent()).toBe('Chat');
    expect(await lines(b.page)).toEqual([`Ada: ${hello}`]);
    expect(await inMatch(b.page, '.chat li b').textContent()).toBe('Ada: ');
    expect(await inMatch(b.page, '.chat ol').evaluate((ol) => ol.querySelectorAll('img, li li, li b b').length)).toBe(0);
    expect(await b.page.title()).not.toBe('1');

    // Bo answers by keyboard alone: Tab to the line, type, Enter.
    for (let i = 0; i < 5 && (await active(b.page)) !== 'chat'; i++) await b.page.keyboard.press('Tab');
    expect(await active(b.page)).toBe('chat');
    await b.page.keyboard.type('Hi Ada, good luck!');
    await b.page.keyboard.press('Enter');
    await expect.poll(() => lines(a.page)).toEqual([`Ada: ${hello}`, 'Bo: Hi Ada, good luck!']);
    await expect.poll(() => lines(b.page)).toEqual([`Ada: ${hello}`, 'Bo: Hi Ada, good luck!']);
    expect(await active(b.page), 'focus stays in the line').toBe('chat');
    await expectFits(b.page, 'the phone with the chat open');
    await shot(a.page, 'chat-desktop');
    await shot(b.page, 'chat-phone');
    expect(await axeProblems(a.page), 'the desktop page with the chat').toEqual([]);
    expect(await axeProblems(b.page), 'the phone page with the chat open').toEqual([]);

    // Ada writes faster than the host allows: the line is refused in words, and stays to send later.
    const error = inMatch(a.page, '.chat [role="alert"]');
    for (let i = 0; i < 40 && ((await error.textContent()) ?? '') === ''; i++) {
      await inMatch(a.page, '.chat input').fill(`line ${i}`);
      await inMatch(a.page, '.chat input').press('Enter');
      // Until the host answered: the line sent (the input emptied), or refused (said why).
      await a.page.waitForFunction(`window.__ftk.one('.chat input').value === '' || window.__ftk.one('.chat .error').textContent !== ''`);
    }
    expect(await error.textContent()).toBe(WORDS.en.chat.errors.RATE_LIMITED);
    expect(await error.textContent()).toMatch(/^Slow down/);
    expect(await inMatch(a.page, '.chat input').inputValue()).toMatch(/^line \d+$/);

    // In Ukrainian: the panel's words and the refusal.
    for (const p of [a.page, b.page]) await p.locator('ftk-app button[data-lang="uk"]').click();
    await expect.poll(() => error.textContent()).toBe(WORDS.uk.chat.errors.RATE_LIMITED);
    await expect.poll(() => inMatch(b.page, '.chat button').textContent()).toBe(WORDS.uk.chat.send);
    expect(await inMatch(b.page, '.chat input').getAttribute('aria-label')).toBe(WORDS.uk.chat.write);
    expect((await lines(b.page)).slice(0, 2)).toEqual([`Ada: ${hello}`, 'Bo: Hi Ada, good luck!']);
    await expectFits(b.page, 'the phone with the chat open, in Ukrainian');
    await shot(a.page, 'chat-desktop-uk');
    await shot(b.page, 'chat-phone-uk');
    expect(await axeProblems(b.page), 'the phone page in Ukrainian').toEqual([]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
