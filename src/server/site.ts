/**
 * The site `serve` shows with no options: the lobby and table at `/` (the `<ftk-app>` element of
 * `for-the-king-and-me/ui`), and the package's built ES modules under `/lib/`, so that any page
 * can `import '/lib/client.js'` or `'/lib/ui.js'` without a bundler. `--static DIR` replaces it.
 * @module
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendBody } from './static.js';
import { requestPath } from './target.js';

/** The page at `/`: the whole site is one element, given the heuristic bot for games on the page. */
export const SITE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>For the King (and Me)</title>
    <link rel="icon" href="data:," />
    <style>
      html { background: #2a1f16; color: #f7f1e3; }
      body { margin: 0; padding: clamp(8px, 2vw, 20px); font-family: system-ui, "DejaVu Sans", sans-serif; }
    </style>
  </head>
  <body>
    <ftk-app local></ftk-app>
    <script type="module" src="/site.js"></script>
  </body>
</html>
`;

/** The page's module, at `/site.js` (no inline script: the page's content security policy allows the site's own scripts only). */
export const SITE_BOOT = `import '/lib/ui.js';
import { botRandom, heuristicBot } from '/lib/bots.js';

document.querySelector('ftk-app').bots = (seat, seed) => {
  const rng = botRandom(seed);
  return (view) => heuristicBot(view, rng);
};
`;

/**
 * The page's headers besides its type: scripts and connections of this origin only (the page's
 * own styles inline, the elements' stylesheets in their shadow roots), never in a frame of
 * another page (a player could be tricked into clicking a move), no referrer, no sniffing.
 */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The folder of the package's built ES modules (where this module runs from, or `dist/` beside the sources), or `null`. */
export function builtModules(): string | null {
  let here: string;
  try {
    here = dirname(fileURLToPath(import.meta.url));
  } catch {
    return null;
  }
  for (const dir of [here, join(here, '..'), join(here, '..', '..', 'dist')]) if (existsSync(join(dir, 'ui.js'))) return dir;
  return null;
}

const MODULE = /^\/lib\/([\w.-]+\.js)$/;
const MODULE_TYPE = 'text/javascript; charset=utf-8';

/**
 * A handler for the built-in site: `/` (and `/index.html`) answers the page, `/site.js` its
 * module, `/lib/<file>.js` a built ES module from `libDir`; returns `false` for anything else
 * (GET and HEAD only).
 */
export function siteHandler(libDir: string | null): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = requestPath(req);
    if (path === '/' || path === '/index.html') {
      const body = Buffer.from(SITE_HTML);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': body.length,
        ...PAGE_HEADERS,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    if (path === '/site.js') {
      sendBody(req, res, Buffer.from(SITE_BOOT), MODULE_TYPE, 'no-cache');
      return true;
    }
    const m = MODULE.exec(path);
    if (m === null || libDir === null) return false;
    const file = join(libDir, m[1] as string);
    void readFile(file).then(
      (body) => {
        if (!res.headersSent) sendBody(req, res, body, MODULE_TYPE, 'no-cache');
      },
      () => {
        if (res.headersSent) return;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found\n');
      },
    );
    return true;
  };
}
