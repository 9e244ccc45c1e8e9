/**
 * The built elements' stylesheets, whose whitespace the build takes away (`minifyCss` in
 * `tsup.config.ts`), against their sources, in Chromium: the same rules, rule by rule, as
 * the browser reads them (each sheet's `cssRules`, serialized). The only difference allowed is
 * the space after a comma, which the browser keeps as written in a value that uses `var()` (or
 * sets a custom property) and which CSS does not read.
 *
 * Needs `npm run build` (the fixture imports dist/) and /usr/bin/chromium.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSS } from '../../src/ui/app/element.js';
import { CHROME_CSS } from '../../src/ui/chrome.js';
import { LOBBY_CSS } from '../../src/ui/lobby/element.js';
import { CHAT_CSS } from '../../src/ui/match/chat.js';
import { MATCH_CSS } from '../../src/ui/match/style.js';
import { REPLAY_CSS } from '../../src/ui/replay/element.js';
import { TABLE_CSS } from '../../src/ui/table/style.js';
import { openBrowser, requireFiles } from './browser.js';

let pages: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireFiles(join('dist', 'ui.js'), 'npm run build');
  pages = await openBrowser(process.cwd());
});

afterAll(() => pages?.close());

/** Each element and the stylesheet its source gives it. */
const SOURCES: Record<string, string> = {
  'ftk-table': TABLE_CSS,
  'ftk-match': `${CHROME_CSS}${MATCH_CSS}${CHAT_CSS}`,
  'ftk-lobby': LOBBY_CSS,
  'ftk-replay': REPLAY_CSS,
  'ftk-app': APP_CSS,
};

describe('the built stylesheets', () => {
  it('say what their sources say, in fewer bytes', async () => {
    const page = await pages.browser.newPage();
    try {
      await page.goto(`${pages.url}test/e2e/fixtures/blank.html`);
      await page.waitForFunction('window.__ready === true');
      const sheets = await page.evaluate((sources: Record<string, string>) => {
        const rules = (text: string): string[] => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(text);
          return Array.from(sheet.cssRules).map((rule) => rule.cssText.replace(/,\s+/g, ','));
        };
        return Object.entries(sources).map(([tag, source]) => {
          const built = document.createElement(tag).shadowRoot?.querySelector('style')?.textContent ?? '';
          return { tag, source: rules(source), built: rules(built), sourceLength: source.length, builtLength: built.length };
        });
      }, SOURCES);
      for (const s of sheets) {
        expect(s.built.length, s.tag).toBeGreaterThan(10);
        expect(s.built, s.tag).toEqual(s.source);
        expect(s.builtLength, s.tag).toBeLessThan(s.sourceLength * 0.9);
      }
    } finally {
      await page.close();
    }
  });
});
