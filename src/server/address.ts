/**
 * Which address a request comes from, for the per-address limits: the socket's peer, or behind
 * a reverse proxy you trust, the last address the proxy added to `X-Forwarded-For`.
 * @module
 */
import type { IncomingMessage } from 'node:http';

/** The client address of `req`; with `trustProxy`, the last hop of `X-Forwarded-For`. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header[header.length - 1] : header;
    const last = value?.split(',').pop()?.trim();
    if (last) return last.slice(0, 64);
  }
  return req.socket.remoteAddress ?? 'unknown';
}
