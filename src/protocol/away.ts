/**
 * When the creator may hand an away player's seat over, as the host tells it (protocol version 2):
 * the host's away time in the `welcome` (`awayMs`), and in each seat of a `welcome` or `seats`
 * message how long it has had no connection (`awayForMs`). The readers take the host's values as
 * untrusted: absent is "not said" (`null`, an older host), anything but a duration is refused.
 * @module
 */
import { HostError } from './errors.js';
import { isPlainObject } from './plain.js';

/** Whether `x` is a duration in milliseconds: a finite number from 0 to 2^53. */
function isDuration(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= Number.MAX_SAFE_INTEGER;
}

/**
 * Reads a welcome's `awayMs`: the host's away time in milliseconds, or `null` when the host did
 * not say (an older host, or a version 1 connection).
 *
 * @throws {@link HostError} `BAD_MESSAGE` when it is there but not a duration in milliseconds.
 * @example
 * ```ts
 * readAwayMs(welcome.awayMs); // 60000
 * ```
 */
export function readAwayMs(value: unknown): number | null {
  if (value === undefined) return null;
  if (!isDuration(value)) throw new HostError('BAD_MESSAGE', '"awayMs" is not a duration');
  return value;
}

/**
 * Reads a seat's `awayForMs` (a `SeatSummary` from a `welcome` or `seats` message): for how
 * long, in milliseconds when the message was sent, the person at the seat has had no
 * connection; `null` when they have one, the seat is a bot's or open, or the host did not say.
 *
 * @throws {@link HostError} `BAD_MESSAGE` when the seat is not an object, or `awayForMs` is there
 * but neither `null` nor a duration in milliseconds.
 * @example
 * ```ts
 * const since = readAwayForMs(seat); // e.g. 18000
 * const awaySince = since === null ? null : Date.now() - since; // by this machine's clock
 * ```
 */
export function readAwayForMs(seat: unknown): number | null {
  if (!isPlainObject(seat)) throw new HostError('BAD_MESSAGE', 'a seat is not an object');
  const value = seat.awayForMs;
  if (value === undefined || value === null) return null;
  if (!isDuration(value)) throw new HostError('BAD_MESSAGE', '"awayForMs" is not a duration');
  return value;
}
