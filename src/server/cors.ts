/**
 * Cross-origin access: which other sites' pages may call the lobby (CORS) and open the
 * WebSocket. A page served by the host itself is always allowed; another origin only when it is
 * listed (`startServer({ cors })`, `serve --cors`). A lobby request from any other origin is
 * refused (cross-site request forgery), and WebSocket upgrades, which carry no CORS, are checked
 * the same way (cross-site WebSocket hijacking); clients that send no `Origin` (programs, not
 * browsers) are let through, as they could send any.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Allowed origins: exact `scheme://host[:port]` values, or `'*'` for any. */
export type CorsOrigins = readonly string[];

/** Reads a list of origins (untrusted text from the command line or options) into their exact form. */
export function parseOrigins(input: readonly string[]): string[] {
  return input.map((o) => {
    const text = o.trim();
    if (text === '*') return text;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`not an origin: ${JSON.stringify(text.slice(0, 100))} (write it as http://localhost:5173)`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search !== '' || url.username !== '') {
      throw new Error(`not an origin: ${JSON.stringify(text.slice(0, 100))} (scheme, host and port only)`);
    }
    return url.origin;
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * Whether `origin` is the host's own: the same host and port as the request's `Host`, both read
 * as URLs of the origin's scheme, so that a default port written out (`your.site:443`, as a proxy
 * may forward it) is the same as none.
 */
function sameOrigin(req: IncomingMessage, origin: string): boolean {
  const host = header(req, 'host');
  if (host === undefined) return false;
  try {
    const page = new URL(origin);
    return new URL(`${page.protocol}//${host}`).host === page.host;
  } catch {
    return false;
  }
}

/** Whether a request's `Origin` may use the host: none (not a browser), the host's own, or a listed one. */
export function originAllowed(req: IncomingMessage, origins: CorsOrigins): boolean {
  const origin = header(req, 'origin');
  if (origin === undefined) return true;
  return sameOrigin(req, origin) || origins.includes('*') || origins.includes(origin);
}

/**
 * Sets the CORS headers of a lobby request from a listed origin, and answers its preflight
 * (`OPTIONS`): 204 for a listed origin, 403 otherwise. Any other request whose `Origin` is
 * neither the host's own nor listed is refused with `403 FORBIDDEN` before the lobby sees it: a
 * browser sends a "simple" request (a `POST` of `text/plain`, with the visitor's cookies) without
 * a preflight, so CORS headers alone would let a page on another site act as a signed-in visitor
 * (cross-site request forgery); it only could not read the answer. Returns whether it answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: CorsOrigins): boolean {
  const origin = header(req, 'origin');
  const own = origin !== undefined && sameOrigin(req, origin);
  const listed = origin !== undefined && !own && (origins.includes('*') || origins.includes(origin));
  if (listed) {
    res.setHeader('access-control-allow-origin', origins.includes('*') ? '*' : (origin as string));
    res.setHeader('vary', 'Origin');
  }
  if (req.method !== 'OPTIONS') {
    if (origin === undefined || own || listed) return false; // as originAllowed says, read once
    const body = JSON.stringify({ error: { code: 'FORBIDDEN', message: 'this origin may not call the lobby (see --cors)' } });
    res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  if (!listed) {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('origin not allowed\n');
    return true;
  }
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-max-age': '600',
    'content-length': 0,
  });
  res.end();
  return true;
}
