/**
 * The site of `npx for-the-king serve` (from the packed tarball) under its own content security
 * policy, in Chromium, with nothing bypassed: the page loads its module and the package's, joins
 * a match over the WebSocket, and a move made by clicking reaches the host, with no violation of
 * the policy reported and no page error; and another origin's page cannot show it in a frame.
 *
 * Needs `npm run build` (the tarball is packed from dist/) and /usr/bin/chromium.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { killHost, packedSiteForFile } from './site.js';

const packed = packedSiteForFile('ftkam-csp-');

/** The seated player's match as the page holds it: the view's move count and the connection, read through the shadow roots. */
const readMatch = (): { moves: number | null; status: string | null } => {
  const find = (root: Document | ShadowRoot, tag: string): Element | null => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.localName === tag) return el;
      const inner = el.shadowRoot === null ? null : find(el.shadowRoot, tag);
      if (inner !== null) return inner;
    }
    return null;
  };
  const match = find(document, 'ftk-match') as (Element & { client?: { view: { moveCount: number } | null }; status?: string }) | null;
  return { moves: match?.client?.view?.moveCount ?? null, status: match?.status ?? null };
};

/** Clicks the first enabled action button of the table (one of the view's legal actions); `false` when there is none yet. */
const clickAChoice = (): boolean => {
  const all: Element[] = [];
  const walk = (root: Document | ShadowRoot): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      all.push(el);
      if (el.shadowRoot !== null) walk(el.shadowRoot);
    }
  };
  walk(document);
  const button = all.find((el): el is HTMLButtonElement => el instanceof HTMLButtonElement && !el.disabled && el.hasAttribute('data-act'));
  button?.click();
  return button !== undefined;
};

describe('the site under its own content security policy', () => {
  it('joins, plays a move by clicking and reports no violation; no other origin can frame it', { timeout: 120_000 }, async () => {
    const host = await packed.site.start(0, ['--memory']);
    const context = await packed.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    onTestFinished(async () => {
      await context.close().catch(() => undefined);
      await killHost(host.child);
    });
    const url = `http://127.0.0.1:${host.port}/`;
    const { match, invite } = await createMatch(url, { players: 2, seed: 'csp', firstPlayer: 0, bots: [null, 'random'] });
    const { token } = await joinMatch(url, match.id, { name: 'Ada', seat: 0, invite });
    const page = await context.newPage();
    const violations: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    await page.evaluate(([id, t]) => localStorage.setItem(`ftk-token:${id}`, t), [match.id, token] as const);
    await page.goto(`${url}?match=${match.id}`);
    await expect.poll(() => page.evaluate(readMatch), { timeout: 60_000 }).toMatchObject({ status: 'open', moves: 0 });
    await expect.poll(() => page.evaluate(clickAChoice), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await page.evaluate(readMatch)).moves ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);

    // A page of another origin puts the site in a frame: the browser refuses to show it.
    const framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><iframe id="f" src="${url}"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => framer.close(() => resolve())));
    const other = await context.newPage();
    const blocked: string[] = [];
    other.on('console', (m) => {
      if (/frame-ancestors|X-Frame-Options|refused to (display|frame)/i.test(m.text())) blocked.push(m.text());
    });
    await other.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const framed = other.frames().find((f) => f !== other.mainFrame());
    expect(await framed?.evaluate(() => document.querySelector('ftk-app') !== null).catch(() => false)).toBe(false);
  });
});
