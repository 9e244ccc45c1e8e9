/**
 * Two friends at one table on the `serve` site, for the browser tests: the lobby's and the
 * match's elements, and Ada's invite taken by Bo.
 */
import type { Page } from 'playwright-core';

/** The first element matching `selector` inside the page's `<ftk-match>`. */
export const inMatch = (page: Page, selector: string) => page.locator(`ftk-match ${selector}`).first();
/** The first element matching `selector` inside the page's `<ftk-lobby>`. */
export const inLobby = (page: Page, selector: string) => page.locator(`ftk-lobby ${selector}`).first();
/** The match id in the page's address. */
export const matchOf = (page: Page): Promise<string | null> => page.evaluate(`new URLSearchParams(location.search).get('match')`);

/** Waits until the page's match is connected and its table drawn. */
export async function openTable(page: Page): Promise<void> {
  await page.waitForFunction(`window.__ftk.state().online === 'open' && window.__ftk.state().moves >= 0`, null, { timeout: 60_000 });
}

/** Ada creates a 2-seat match for a friend; Bo opens the invite link and sits down; both tables are open. Returns the match id. */
export async function sitDown(a: Page, b: Page, url: string): Promise<string> {
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
  for (const p of [a, b]) await openTable(p);
  return (await matchOf(a)) as string;
}
