/**
 * Static files: `for-the-king serve --static DIR` (a site of your own), and the answers every
 * file-like response of the host shares (`sendFile`, `sendBody`): validators (`ETag`,
 * `Last-Modified`) with revalidation (304 for `If-None-Match` and `If-Modified-Since`), a
 * `Cache-Control` that lets browsers keep and revalidate files, and `HEAD` wherever `GET` is.
 *
 * What a URL may name: a file under the folder, by a path whose every segment is a plain name.
 * A segment that starts with a dot (`.env`, `.git/config`, `..`), holds a slash, a backslash or
 * a NUL once decoded (`%2e%2e`, `%2F`, `%5C`, `%00`), or is empty (`//`) is answered 404, as is
 * a symbolic link that leads outside the folder. A folder is answered with its `index.html`
 * (and a path to a folder without its last slash is redirected to it).
 * @module
 */
import { createHash } from 'node:crypto';
import { type FileHandle, open, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { requestPath } from './target.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The `Content-Type` of a file, by its extension (`application/octet-stream` when unknown). */
export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Options of {@link staticHandler}. */
export interface StaticOptions {
  /**
   * Seconds a browser may use a file other than an HTML page without asking again
   * (`Cache-Control: public, max-age=N`). Default 0: every file is `no-cache`, i.e. kept and
   * revalidated on each use (a 304 when it has not changed), which is right for files whose
   * names do not change when their content does. HTML pages are always `no-cache`.
   */
  readonly maxAge?: number;
}

/** Validators and caching of one response. */
export interface Validators {
  /** The entity tag, quoted (`"…"` or `W/"…"`). */
  readonly etag: string;
  /** Modification time in milliseconds, for `Last-Modified` (none when `null`). */
  readonly modified: number | null;
  readonly cacheControl: string;
}

/** `If-None-Match` holds `etag` (weak comparison, as for GET and HEAD), or `*`. */
function matchesTag(header: string, etag: string): boolean {
  const bare = (t: string): string => (t.startsWith('W/') ? t.slice(2) : t);
  const want = bare(etag);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || bare(tag) === want;
  });
}

/**
 * Whether the request's copy is still good: `If-None-Match` when it has one (RFC 9110 13.2.2:
 * then `If-Modified-Since` is ignored), else `If-Modified-Since` against the modification time
 * in whole seconds.
 */
export function notModified(req: IncomingMessage, v: Validators): boolean {
  const inm = req.headers['if-none-match'];
  if (typeof inm === 'string') return matchesTag(inm, v.etag);
  const ims = req.headers['if-modified-since'];
  if (typeof ims !== 'string' || v.modified === null) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(v.modified / 1000) * 1000 <= since;
}

function validatorHeaders(v: Validators): Record<string, string> {
  const h: Record<string, string> = { etag: v.etag, 'cache-control': v.cacheControl };
  if (v.modified !== null) h['last-modified'] = new Date(v.modified).toUTCString();
  return h;
}

function methodOk(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
  res.end('method not allowed\n');
  return false;
}

/** Answers 404 (without a body for HEAD), unless an answer has started. */
export function notFound(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end('not found\n');
}

/**
 * Answers a body held in memory (a built-in page) with a strong `ETag` of its content: 304 when
 * the browser's copy matches, no body for `HEAD`, 405 for other methods.
 *
 * @example
 * ```ts
 * sendBody(req, res, Buffer.from(html), 'text/html; charset=utf-8', 'no-cache');
 * ```
 */
export function sendBody(req: IncomingMessage, res: ServerResponse, body: Uint8Array, type: string, cacheControl: string): void {
  if (!methodOk(req, res)) return;
  const v: Validators = { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, modified: null, cacheControl };
  if (notModified(req, v)) {
    res.writeHead(304, validatorHeaders(v));
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'x-content-type-options': 'nosniff', ...validatorHeaders(v) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Answers the file at `file` (a path already checked to be one you mean to serve) with a weak
 * `ETag` (size and modification time) and `Last-Modified`: 304 when the browser's copy is still
 * good, no body for `HEAD`, 405 for other methods, 404 when it is not a regular file. Streams the
 * file from the handle it checked, so a file swapped meanwhile is never half sent as another.
 * Resolves once the answer is written.
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): Promise<void> {
  if (!methodOk(req, res)) return;
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    notFound(res);
    return;
  }
  let streaming = false;
  try {
    const st = await handle.stat();
    if (!st.isFile()) {
      notFound(res);
      return;
    }
    const v: Validators = {
      etag: `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
      modified: st.mtimeMs,
      cacheControl,
    };
    if (res.headersSent || res.destroyed) return;
    if (notModified(req, v)) {
      res.writeHead(304, validatorHeaders(v));
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': contentType(file),
      'content-length': st.size,
      'x-content-type-options': 'nosniff',
      ...validatorHeaders(v),
    });
    if (req.method === 'HEAD' || st.size === 0) {
      res.end();
      return;
    }
    streaming = true;
    const stream = handle.createReadStream({ start: 0, end: st.size - 1 }); // closes the handle at its end
    await new Promise<void>((done) => {
      stream.on('error', () => {
        res.destroy();
        done();
      });
      res.on('close', () => {
        stream.destroy();
        done();
      });
      stream.pipe(res);
    });
  } catch {
    notFound(res);
  } finally {
    if (!streaming) await handle.close().catch(() => undefined);
  }
}

/** The plain name segments of a URL path, or `null` when one is not a plain name (see the module's TSDoc). */
export function pathSegments(urlPath: string): { names: string[]; folder: boolean } | null {
  if (!urlPath.startsWith('/')) return null;
  const raw = urlPath.slice(1).split('/');
  const folder = raw[raw.length - 1] === '';
  if (folder) raw.pop();
  const names: string[] = [];
  for (const r of raw) {
    let name: string;
    try {
      name = decodeURIComponent(r);
    } catch {
      return null;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (name === '' || name.startsWith('.') || /[/\\\u0000-\u001f\u007f]/.test(name)) return null;
    names.push(name);
  }
  return { names, folder };
}

/** Whether `path` is `root` or inside it, with no segment below `root` that starts with a dot. */
function inside(root: string, path: string): boolean {
  if (path === root) return true;
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && rel.split(sep).every((s) => !s.startsWith('.'));
}

/**
 * A handler that serves the files under `dir` (see the module's TSDoc for what it refuses);
 * answers 404 for anything else, 405 for methods other than GET and HEAD.
 *
 * @example
 * ```ts
 * const files = staticHandler('./public', { maxAge: 300 });
 * createServer((req, res) => files(req, res)).listen(8080, '127.0.0.1');
 * ```
 */
export function staticHandler(dir: string, options: StaticOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const root = resolve(dir);
  const maxAge = options.maxAge ?? 0;
  if (!Number.isInteger(maxAge) || maxAge < 0) throw new RangeError(`maxAge is a whole number of seconds, got ${String(maxAge)}`);
  const realRoot = realpath(root).catch(() => root);
  return (req, res) => {
    if (!methodOk(req, res)) return;
    const urlPath = requestPath(req);
    const parsed = pathSegments(urlPath);
    if (parsed === null) {
      notFound(res);
      return;
    }
    void (async () => {
      try {
        const top = await realRoot;
        let file = await realpath(join(root, ...parsed.names));
        if (!inside(top, file)) throw new Error('outside the folder');
        if ((await stat(file)).isDirectory()) {
          if (!parsed.folder) {
            // The path is checked: one slash, then plain names, so this stays on this site.
            res.writeHead(301, { location: `${urlPath}/`, 'content-type': 'text/plain; charset=utf-8' });
            res.end('moved\n');
            return;
          }
          file = await realpath(join(file, 'index.html'));
          if (!inside(top, file)) throw new Error('outside the folder');
        } else if (parsed.folder) throw new Error('not a folder');
        const cache = maxAge === 0 || extname(file).toLowerCase() === '.html' ? 'no-cache' : `public, max-age=${maxAge}`;
        await sendFile(req, res, file, cache);
      } catch {
        notFound(res);
      }
    })();
  };
}
