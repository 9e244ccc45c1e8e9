/**
 * The answer to a request Node's HTTP parser refused, or whose headers or body did not come in
 * time (the server's `'clientError'` event): the status Node itself would send (431 for headers
 * too large, 408 for a request too slow, 400 for anything malformed), then the socket is closed.
 * @module
 */
import type { Duplex } from 'node:stream';

const ANSWERS: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Answers `err` on `socket` with its status and `Connection: close`, and closes the socket. Nothing
 * is written to a socket the client reset or that can take no more, nor after bytes of another
 * answer went out on it (a response of an earlier request on the connection may be under way):
 * it is only closed.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex & { bytesWritten?: number }): void {
  if (err.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) {
    socket.destroy();
    return;
  }
  const status = ANSWERS[err.code ?? ''] ?? '400 Bad Request';
  socket.on('error', () => undefined);
  // An HTTP server's socket stays half-open after `end`: closed once the answer is out.
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}
