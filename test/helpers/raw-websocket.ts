/**
 * A bare WebSocket for the host's tests: it records every message it gets (parsed) and the code
 * it was closed with. `autoPong: false` leaves the host's pings unanswered.
 */
import { WebSocket } from 'ws';
import type { ServerMessage } from '../../src/protocol/server-messages.js';

/** An open bare WebSocket and what it has seen. */
export interface RawSocket {
  readonly ws: WebSocket;
  readonly got: ServerMessage[];
  closedWith(): number | null;
}

/** Opens a bare WebSocket to `url` and resolves once it is open. */
export async function rawWebSocket(url: string, autoPong = true): Promise<RawSocket> {
  const ws = new WebSocket(url, { autoPong });
  const got: ServerMessage[] = [];
  let code: number | null = null;
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as ServerMessage));
  ws.on('close', (c) => {
    code = c;
  });
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, got, closedWith: () => code };
}
