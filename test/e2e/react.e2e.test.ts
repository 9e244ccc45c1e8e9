/**
 * The framework example (`examples/ui-react/`: React 19 embedding `<ftk-table>` in under 30
 * lines) built with Vite, as an app would be, and played to the end by clicking in headless
 * Chromium: React passes the view and events as properties and receives `ftk-action`.
 *
 * Needs `npm run build` (the example imports the package by its name) and /usr/bin/chromium.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../docs/demo/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS, chooser, requireFiles } from './browser.js';
import { choicesOf, clickChoice, moved, pick, prepare, tableState } from './table.js';

const OUT = resolve('test-results', 'ui-react-dist');
let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  mkdirSync('test-results', { recursive: true });
  execFileSync('npx', ['vite', 'build', 'examples/ui-react', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = await startDemoServer({ port: 0, dir: OUT });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('examples/ui-react', () => {
  it('is under 30 lines', () => {
    const lines = readFileSync('examples/ui-react/main.jsx', 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThan(30);
    expect(existsSync(join(OUT, 'index.html'))).toBe(true);
  });

  it('built with Vite, plays a game to the end by clicking; the score shown is the view’s', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await prepare(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url);
    await page.waitForFunction(`['mine', 'over'].includes(window.__ftk.state().turn)`);
    const rand = chooser(3);
    let decisions = 0;
    for (let state = await tableState(page); state.turn === 'mine'; state = await tableState(page)) {
      const choice = pick(await choicesOf(page), rand);
      expect(choice).not.toBeNull();
      await clickChoice(page, choice as { key: string; act: number });
      await moved(page, state.moves);
      decisions++;
      expect(decisions).toBeLessThan(1500);
    }
    expect((await tableState(page)).turn).toBe('over');
    expect(decisions).toBeGreaterThan(20);
    const shown: { total: number }[] = await page.evaluate('window.__ftk.score()');
    const points: number[] = await page.evaluate('[...window.__ftk.table().view.score.points]');
    expect(shown.map((r) => r.total)).toEqual(points);
    await page.screenshot({ path: join('test-results', 'react-example.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
