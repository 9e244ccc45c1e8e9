/**
 * The site `serve` shows with no options, and cross-origin access, on real sockets on loopback:
 * `/` is the `<ftk-app>` page, `/lib/<file>.js` the built ES modules, `staticDir` replaces both;
 * the lobby answers CORS preflights and sets the headers for listed origins only; WebSocket
 * upgrades from a browser page of another origin are refused unless listed (cross-site
 * WebSocket hijacking), while the host's own pages and non-browser clients connect.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseOrigins } from '../../src/server/cors.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';

let lib: string;
let site: RunningServer;
let other: RunningServer;

beforeAll(async () => {
  lib = mkdtempSync(join(tmpdir(), 'ftk-site-'));
  writeFileSync(join(lib, 'ui.js'), 'export const ui = 1;\n');
  writeFileSync(join(lib, 'index.html'), '<p>static</p>\n');
  site = await startServer({ store: new MemoryStore(), port: 0, libDir: lib, cors: ['http://localhost:5173'] });
  other = await startServer({ store: new MemoryStore(), port: 0, staticDir: lib });
});

afterAll(async () => {
  await site?.close();
  await other?.close();
  rmSync(lib, { recursive: true, force: true });
});

/** Opens a WebSocket with an `Origin` (or none); resolves with the upgrade's outcome. */
function upgrade(url: string, origin?: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, origin === undefined ? {} : { origin });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => undefined);
  });
}

describe('serve: the built-in site', () => {
  it('answers / with the lobby-and-table page and /lib/ with the built modules', async () => {
    const page = await fetch(`${site.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<ftk-app local>');
    expect(html).toContain('<script type="module" src="/site.js"></script>');
    const boot = await fetch(`${site.url}/site.js`);
    expect(boot.headers.get('content-type')).toMatch(/javascript/);
    expect(await boot.text()).toContain("import '/lib/ui.js'");
    const invite = await fetch(`${site.url}/?match=abc&seat=1`);
    expect(await invite.text()).toBe(html);
    const mod = await fetch(`${site.url}/lib/ui.js`);
    expect(mod.status).toBe(200);
    expect(mod.headers.get('content-type')).toMatch(/javascript/);
    expect(await mod.text()).toContain('export const ui');
    for (const bad of ['/lib/nope.js', '/lib/../package.json', '/lib/%2e%2e%2fpackage.json', '/lib/index.html', '/other']) {
      expect((await fetch(`${site.url}${bad}`)).status, bad).toBe(404);
    }
  });

  it('sends the page with a content security policy its own scripts keep to, refuses to be framed, and sends no referrer', async () => {
    const page = await fetch(`${site.url}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    // No inline script: the page's own boot is a module of the site (a proxy's strict script-src works too).
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const path of ['/lib/ui.js', '/site.js']) {
      expect((await fetch(`${site.url}${path}`)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('staticDir replaces the site', async () => {
    expect(await (await fetch(`${other.url}/`)).text()).toContain('<p>static</p>');
    expect((await fetch(`${other.url}/lib/ui.js`)).status).toBe(404);
  });
});

describe('serve: cross-origin access', () => {
  it('answers a listed origin’s preflight and requests with CORS headers', async () => {
    const pre = await fetch(`${site.url}/api/matches`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const list = await fetch(`${site.url}/api/matches`, { headers: { origin: 'http://localhost:5173' } });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(list.headers.get('vary')).toBe('Origin');
  });

  it('gives an unlisted origin no CORS headers and refuses its preflight', async () => {
    const pre = await fetch(`${site.url}/api/matches`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const list = await fetch(`${site.url}/api/matches`, { headers: { origin: 'https://evil.example' } });
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
    const none = await fetch(`${other.url}/api/matches`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } });
    expect(none.status).toBe(403);
  });

  it('refuses a request from an unlisted origin before the lobby runs: a form-like POST sent without a preflight creates nothing (CSRF)', async () => {
    const count = async (): Promise<number> =>
      ((await (await fetch(`${site.url}/api/matches`)).json()) as { matches: unknown[] }).matches.length;
    const before = await count();
    const body = JSON.stringify({ players: 2, visibility: 'public' });
    const forged = await fetch(`${site.url}/api/matches`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain', cookie: 'session=victim' },
      body,
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(forged.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${site.url}/api/matches`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(403);
    expect((await fetch(`${other.url}/api/matches`, { method: 'POST', headers: { origin: 'http://localhost:5173' }, body })).status).toBe(
      403,
    );
    expect(await count()).toBe(before);
    // The host's own pages, listed origins and programs (no Origin) go on as before.
    for (const origin of [site.url, 'http://localhost:5173', undefined]) {
      const ok = await fetch(`${site.url}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin === undefined ? {} : { origin }) },
        body,
      });
      expect(ok.status, String(origin)).toBe(201);
    }
    expect(await count()).toBe(before + 3);
  });

  it('a Host with its default port written out (as a proxy may forward it) is the same origin as the page without it', async () => {
    const { port } = new URL(site.url);
    const post = (host: string, origin: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ players: 2 });
        const req = request(
          { host: '127.0.0.1', port, path: '/api/matches', method: 'POST', headers: { host, origin, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await post('your.site:443', 'https://your.site')).toBe(201);
    expect(await post('your.site:80', 'http://your.site')).toBe(201);
    expect(await post('YOUR.SITE', 'https://your.site')).toBe(201);
    expect(await post('[::1]:8080', 'http://[::1]:8080')).toBe(201);
    expect(await post('your.site:8443', 'https://your.site')).toBe(403);
    expect(await post('your.site', 'https://other.site')).toBe(403);
  });

  it('WebSocket: the host’s own pages, listed origins and non-browser clients connect; other origins get 403', async () => {
    expect(await upgrade(site.url)).toBe('open');
    expect(await upgrade(site.url, site.url)).toBe('open');
    expect(await upgrade(site.url, 'http://localhost:5173')).toBe('open');
    expect(await upgrade(site.url, 'https://evil.example')).toBe(403);
    expect(await upgrade(other.url, 'http://localhost:5173')).toBe(403);
  });

  it('origins are read strictly: scheme, host and port only', () => {
    expect(parseOrigins(['http://localhost:5173/', ' https://cards.example ', '*'])).toEqual([
      'http://localhost:5173',
      'https://cards.example',
      '*',
    ]);
    for (const bad of ['localhost:5173', 'ftp://x.example', 'https://x.example/path', 'https://u@x.example']) {
      expect(() => parseOrigins([bad]), bad).toThrow(/not an origin/);
    }
  });
});
