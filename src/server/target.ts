/**
 * What a request asks for: its target's path and query. A client talking to a proxy (and a
 * proxy forwarding as it received) sends the target in absolute form, `GET http://host/api/matches
 * HTTP/1.1`, which an HTTP/1.1 server must accept as well as the usual `GET /api/matches`
 * (RFC 9112, 3.2.2); Node hands both over as they came, in `req.url`.
 * @module
 */
import type { IncomingMessage } from 'node:http';

const ABSOLUTE = /^https?:\/\//i;

/**
 * The path and query of `req`'s target (`/api/matches?x=1`), also when it came in absolute form.
 * A target that is neither (`*`, or an absolute form that is not a URL) is returned as it came:
 * no route starts with anything but `/`, so it is answered 404.
 */
export function requestTarget(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (!ABSOLUTE.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url; // not a URL after all: routed nowhere
  }
}

/** The path of `req`'s target, without its query (see {@link requestTarget}). */
export function requestPath(req: IncomingMessage): string {
  const target = requestTarget(req);
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}
