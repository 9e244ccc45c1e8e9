/**
 * Static files for `for-the-king serve --static <dir>` (the demo page): files under one folder
 * only, GET and HEAD only.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** The file a URL path names inside `root`, or `null` if it would leave `root`. */
function fileFor(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(root, path));
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** A handler that serves the files under `dir`; answers 404 for anything else. */
export function staticHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const root = normalize(dir);
  return (req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileFor(root, urlPath) : null;
    void (async () => {
      try {
        if (file === null || !(await stat(file)).isFile()) throw new Error('not found');
        const body = await readFile(file);
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
          'content-length': body.length,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      } catch {
        if (res.headersSent) return;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found\n');
      }
    })();
  };
}
