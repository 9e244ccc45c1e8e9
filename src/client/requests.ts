/**
 * The requests a connection has sent and whose answer it waits for, by id: each is settled by the
 * host's answer (or refusal) carrying its id, rejected with `TIMEOUT` when none comes in time, and
 * with what the connection says when it drops first.
 * @module
 */
import type { ServerMessage } from '../protocol/server-messages.js';
import { ClientError } from './errors.js';

interface Waiting {
  readonly resolve: (m: ServerMessage) => void;
  readonly reject: (e: ClientError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** @internal The requests waiting for the host's answer. */
export class Requests {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  /**
   * Sends `message` with a new id on `socket` (its JSON text) and resolves with the answer.
   * With no answer after `timeoutMs`, rejects with `TIMEOUT`, then calls `late` (the connection
   * that stays silent that long is taken as dead).
   */
  ask(message: object, socket: { send(text: string): void }, timeoutMs: number, late: () => void): Promise<ServerMessage> {
    const id = this.nextId++;
    return new Promise<ServerMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new ClientError('TIMEOUT', 'no answer from the host in time'));
        late();
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
      socket.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Settles request `id` with the host's answer, or with its refusal (a `ClientError`); `false` when no request has that id. */
  settle(id: number, answer: ServerMessage | ClientError): boolean {
    const w = this.waiting.get(id);
    if (w === undefined) return false;
    this.waiting.delete(id);
    clearTimeout(w.timer);
    if (answer instanceof ClientError) w.reject(answer);
    else w.resolve(answer);
    return true;
  }

  /** Rejects every request still waiting with `code` (the connection dropped, or the client was closed). */
  failAll(code: string, message: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, new ClientError(code, message));
  }
}
