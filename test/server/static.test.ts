// Static files over real HTTP on loopback: what `serve --static DIR` answers, what it refuses
// (dotfiles, dot-folders, traversal in every encoding, links out of the folder), validators and
// revalidation, HEAD beside GET (the lobby's too). Raw requests (node:http), because fetch
// would normalize the paths under test.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { pathSegments } from '../../src/server/static.js';
import { MemoryStore } from '../../src/server/store/memory.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function raw(server: RunningServer, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const SECRET = 'SECRET-do-not-serve';

describe('static files', () => {
  let top: string;
  let site: string;
  let server: RunningServer;
  let store: MemoryStore;

  beforeAll(async () => {
    top = mkdtempSync(join(tmpdir(), 'ftk-static-'));
    site = join(top, 'site');
    mkdirSync(join(site, 'sub'), { recursive: true });
    mkdirSync(join(site, '.git'));
    mkdirSync(join(site, 'sub', '.hidden'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(join(site, 'app.js'), 'export const x = 1;\n');
    writeFileSync(join(site, 'style.css'), 'body { color: red }\n');
    writeFileSync(join(site, 'sub', 'index.html'), '<p>sub</p>');
    writeFileSync(join(site, 'sub', 'page.txt'), 'hello\n');
    writeFileSync(join(site, '.env'), SECRET);
    writeFileSync(join(site, '.git', 'config'), SECRET);
    writeFileSync(join(site, 'sub', '.hidden', 'x.txt'), SECRET);
    writeFileSync(join(top, 'secret.txt'), SECRET);
    symlinkSync(join(top, 'secret.txt'), join(site, 'out.txt'));
    symlinkSync(join(site, 'sub', 'page.txt'), join(site, 'in.txt'));
    symlinkSync(join(site, '.git'), join(site, 'git'));
    store = new MemoryStore();
    server = await startServer({ store, port: 0, staticDir: site, staticMaxAge: 300 });
  });

  afterAll(async () => {
    await server.close();
    await store.close();
    rmSync(top, { recursive: true, force: true });
  });

  it('serves files with their type, ETag, Last-Modified and a Cache-Control that keeps them (no-cache for HTML)', async () => {
    const home = await raw(server, 'GET', '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>home</title>');
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(String(home.headers['last-modified']))).toBeGreaterThan(0);
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    const js = await raw(server, 'GET', '/app.js?v=1');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=300');
    expect((await raw(server, 'GET', '/sub/')).body).toBe('<p>sub</p>');
    expect((await raw(server, 'GET', '/sub/page.txt')).body).toBe('hello\n');
    expect((await raw(server, 'GET', '/in.txt')).body).toBe('hello\n'); // a link that stays inside
  });

  it('revalidates: 304 for a matching If-None-Match or a later If-Modified-Since; 200 once the file changed', async () => {
    const first = await raw(server, 'GET', '/style.css');
    const etag = String(first.headers.etag);
    const modified = String(first.headers['last-modified']);
    const again = await raw(server, 'GET', '/style.css', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    expect((await raw(server, 'GET', '/style.css', { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await raw(server, 'GET', '/style.css', { 'if-none-match': '*' })).status).toBe(304);
    expect((await raw(server, 'GET', '/style.css', { 'if-modified-since': modified })).status).toBe(304);
    expect((await raw(server, 'GET', '/style.css', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:01 GMT' })).status).toBe(200);
    expect((await raw(server, 'GET', '/style.css', { 'if-modified-since': 'not a date' })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110): a stale tag means 200 whatever the date.
    expect((await raw(server, 'GET', '/style.css', { 'if-none-match': '"stale"', 'if-modified-since': modified })).status).toBe(200);
    writeFileSync(join(site, 'style.css'), 'body { color: blue; }\n');
    utimesSync(join(site, 'style.css'), new Date(), new Date(Date.now() + 5000));
    const changed = await raw(server, 'GET', '/style.css', { 'if-none-match': etag, 'if-modified-since': modified });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe('body { color: blue; }\n');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('HEAD answers as GET does, with no body: static files, 404s, the lobby', async () => {
    for (const path of ['/', '/app.js', '/missing.js', '/.env', '/api/matches']) {
      const get = await raw(server, 'GET', path);
      const head = await raw(server, 'HEAD', path);
      expect(head.status, path).toBe(get.status);
      expect(head.body, path).toBe('');
      for (const h of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']) {
        expect(head.headers[h], `${path} ${h}`).toEqual(get.headers[h]);
      }
    }
    expect((await raw(server, 'HEAD', '/api/matches')).status).toBe(200);
    expect((await raw(server, 'HEAD', '/api/matches/nope-nope-nope-nope')).status).toBe(404);
  });

  it('never serves a dotfile, a dot-folder or anything outside the folder, however the path is written', async () => {
    const refused = [
      '/.env',
      '/.git/config',
      '/.git/',
      '/.git',
      '/sub/.hidden/x.txt',
      '/%2eenv',
      '/%2Eenv',
      '/.%65nv',
      '/%2egit/config',
      '/git/config', // a link to a dot-folder
      '/out.txt', // a link out of the folder
      '/../secret.txt',
      '/sub/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/sub%2f..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/sub/..%5c..%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/.../secret.txt',
      '//secret.txt',
      '/sub//page.txt',
      '/%00',
      '/app.js%00.html',
      '/%c0%ae%c0%ae/secret.txt',
      '/%E0%80%AE',
      '/sub/./page.txt',
      '/sub/%2e/page.txt',
    ];
    for (const path of refused) {
      const r = await raw(server, 'GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain(SECRET);
    }
  });

  it('a folder without its last slash is redirected to it (on this site); other methods are 405', async () => {
    const r = await raw(server, 'GET', '/sub');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/sub/');
    const post = await raw(server, 'POST', '/app.js');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await raw(server, 'DELETE', '/')).status).toBe(405);
  });
});

describe('pathSegments', () => {
  it('reads plain names and refuses the rest', () => {
    expect(pathSegments('/')).toEqual({ names: [], folder: true });
    expect(pathSegments('/a/b%20c.txt')).toEqual({ names: ['a', 'b c.txt'], folder: false });
    expect(pathSegments('/a/')).toEqual({ names: ['a'], folder: true });
    for (const p of ['', 'a', '/a//b', '/%', '/a/%zz', '/.x', '/a/..', '/a%2Fb', '/a%5Cb', '/a%00', '/a%0ab']) {
      expect(pathSegments(p), p).toBeNull();
    }
  });
});
