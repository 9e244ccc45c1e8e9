// `npm run demo` serves `docs/demo/` on localhost (after `npm run demo:build`):
//   node docs/demo/serve.mjs [--port 8080]     (--port 0 picks a free port)
// A tiny static file server on node:http, no dependency. It serves files under the demo folder
// only, on 127.0.0.1 only. `startDemoServer` is also imported by the end-to-end test.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_DIR = dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The file a URL path names inside `dir`, or null if it would leave `dir`. */
function fileFor(dir, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(dir, path));
  return file === dir || file.startsWith(dir + sep) ? file : null;
}

/**
 * Starts the server; resolves to `{ url, close }` once it listens.
 * @param {{ port?: number, dir?: string }} [options]
 */
export function startDemoServer({ port = 8080, dir = DEMO_DIR } = {}) {
  const root = normalize(dir);
  const server = createServer(async (req, res) => {
    const file = fileFor(root, req.url ?? '/');
    try {
      if (file === null || !(await stat(file)).isFile()) throw new Error('not found');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/`;
      resolve({ url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node docs/demo/serve.mjs [--port 8080]');
    process.exit(2);
  }
  const { url } = await startDemoServer({ port });
  console.log(`Demo: ${url}  (Ctrl+C to stop)`);
}
