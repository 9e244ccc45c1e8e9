/**
 * Upgrade requests the WebSocket transport does not take: another path, or another protocol
 * (`Upgrade: h2c`, which `curl --http2` offers on any plain `http://` request). Once a server has
 * an `'upgrade'` listener, Node hands every request with an `Upgrade` header to it, parser,
 * timeouts and all: a request nobody answers then holds its socket for good (a file descriptor
 * per request, no login needed, and a server close that never ends).
 *
 * Such a request is served as the ordinary request it also is, as Node does when nothing listens
 * for upgrades (a server may ignore an upgrade offer, RFC 9110, 7.8): its head is given back to
 * the socket without the `Upgrade` header, and the socket to the server as a connection (the
 * `'connection'` event, which Node documents for injecting connections). Bun cannot be handed a
 * connection this way: there it is refused, with a status, and closed.
 * @module
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Whether sockets can be handed back to the HTTP server (Node; not Bun, whose server is its own). */
const CAN_REINJECT = (process.versions as { bun?: string }).bun === undefined;

/**
 * Answers an upgrade request with a short plain-text refusal and closes the socket, whether or
 * not the client closes its side (an HTTP server's sockets stay half-open after `end`).
 */
export function refuseUpgrade(socket: Duplex, status: 400 | 403 | 404, text: string): void {
  const reason = status === 400 ? 'Bad Request' : status === 403 ? 'Forbidden' : 'Not Found';
  const body = `${text}\n`;
  socket.on('error', () => undefined);
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves an upgrade request nobody takes as an ordinary request of `server` (under Bun: refuses
 * it, 404 for a WebSocket upgrade elsewhere than the transport's path, 400 for another protocol).
 */
export function serveAsPlainRequest(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  if (!CAN_REINJECT) {
    if ((req.headers.upgrade ?? '').toLowerCase() === 'websocket') refuseUpgrade(socket, 404, 'no WebSocket at this path');
    else refuseUpgrade(socket, 400, 'this host does not switch protocols: send the request without Upgrade');
    return;
  }
  // The request as it came (the parser already refused anything malformed: no line breaks in
  // names or values), less its Upgrade header: parsed again, it is an ordinary request.
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.toLowerCase() !== 'upgrade') lines.push(`${name}: ${raw[i + 1] as string}`);
  }
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}
