/**
 * Which address a request comes from, for the per-address limits: the socket's peer, or behind
 * a reverse proxy you trust, the last address the proxy added to `X-Forwarded-For`. An IPv6
 * address counts as its /64 network (one client usually holds a whole /64, and would otherwise
 * have a fresh quota at each of its addresses); an IPv4 address mapped into IPv6 counts as the
 * IPv4 address.
 * @module
 */
import type { IncomingMessage } from 'node:http';

/** The client address of `req`; with `trustProxy`, the last hop of `X-Forwarded-For`. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header[header.length - 1] : header;
    const last = value?.split(',').pop()?.trim();
    if (last) return addressKey(last.slice(0, 64));
  }
  return addressKey(req.socket.remoteAddress ?? 'unknown');
}

/**
 * The key an address counts under in the per-address limits: an IPv6 address's /64 network
 * (`2001:db8:1:2::/64`), an IPv4-mapped IPv6 address's IPv4 address, anything else as it is.
 *
 * @example
 * ```ts
 * addressKey('2001:db8:0:7:a::1'); // '2001:db8:0:7::/64'
 * addressKey('::ffff:203.0.113.9'); // '203.0.113.9'
 * ```
 */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped !== null) return mapped[1] as string;
  const groups = ipv6Groups(address);
  return groups === null ? address : `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (a zone `%eth0` ignored, a dotted IPv4 tail as two groups); `null` if it is not one. */
function ipv6Groups(address: string): string[] | null {
  const text = (address.split('%')[0] as string).toLowerCase();
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): string[] | null => {
    if (part === '') return [];
    const out: string[] = [];
    const pieces = part.split(':');
    for (const [i, g] of pieces.entries()) {
      if (/^[0-9a-f]{1,4}$/.test(g)) out.push(Number.parseInt(g, 16).toString(16));
      else if (i === pieces.length - 1 && /^\d{1,3}(\.\d{1,3}){3}$/.test(g)) out.push('v4', 'v4');
      else return null;
    }
    return out;
  };
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array.from({ length: missing }, () => '0'), ...tail];
}
