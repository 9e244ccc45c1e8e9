/**
 * What the match element reads beyond views and events, defensively: display names, presence
 * and the turn deadline. Names come from the lobby's match summary today; presence and the
 * deadline are read from the client only when it carries them (optional fields, any of which
 * may be missing), so the element works with hosts that send them and hosts that do not.
 *
 * Read on the `MatchClient` after each `view`, `status` and (when the client emits them)
 * `presence` / `deadline` / `names` event:
 * - `table.seats` (each `{ name, bot }`), or else `names: (string | null)[]` — display names by seat;
 * - `connected: (boolean | null)[]` (or `presence`) — who is connected now;
 * - `deadline: number | null` — when the player to move runs out of time, epoch milliseconds
 *   (or `remainingMs: number | null`, milliseconds from when it was received).
 * @module
 */
import type { MatchSummary } from '../../client/index.js';

/** Names, presence and deadline, each only when known. */
export interface Extras {
  readonly names?: readonly (string | null)[];
  readonly connected?: readonly (boolean | null)[];
  readonly deadline?: number | null;
}

function field(source: unknown, key: string): unknown {
  if (typeof source !== 'object' || source === null) return undefined;
  try {
    return (source as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function list<T>(value: unknown, item: (x: unknown) => T | null): (T | null)[] | undefined {
  if (!Array.isArray(value) || value.length > 16) return undefined;
  return value.map((x) => item(x));
}

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x.trim().slice(0, 60) : null);
const flag = (x: unknown): boolean | null => (typeof x === 'boolean' ? x : null);

/** A seat's name as the client's seats give it: a bot's worded by `botName`, a person's as given. */
function seatName(seat: unknown, i: number, botName: (bot: string, seat: number) => string): string | null {
  const bot = field(seat, 'bot');
  return typeof bot === 'string' ? botName(bot.slice(0, 40), i) : text(field(seat, 'name'));
}

/**
 * Reads the extras from a client (fields the host may add) and the lobby's summary.
 * `botName` words a bot seat without a name.
 */
export function readExtras(
  client: unknown,
  summary: MatchSummary | null,
  botName: (bot: string, seat: number) => string,
  now: number,
): Extras {
  const fromSummary = summary?.seats.map((s, i) => text(s.name) ?? (typeof s.bot === 'string' ? botName(s.bot, i) : null));
  // The client's seats (a bot's name worded in the page's language), else its names, else the summary's.
  const seats = field(field(client, 'table'), 'seats');
  const fromSeats = Array.isArray(seats) && seats.length <= 16 ? seats.map((x, i) => seatName(x, i, botName)) : undefined;
  const names = fromSeats ?? list(field(client, 'names'), text) ?? fromSummary;
  const connected = list(field(client, 'connected'), flag) ?? list(field(client, 'presence'), flag);
  const at = field(client, 'deadline');
  const left = field(client, 'remainingMs');
  const deadline =
    typeof at === 'number' && Number.isFinite(at)
      ? at
      : typeof left === 'number' && Number.isFinite(left)
        ? now + left
        : at === null || left === null
          ? null
          : undefined;
  return {
    ...(names === undefined ? {} : { names }),
    ...(connected === undefined ? {} : { connected }),
    ...(deadline === undefined ? {} : { deadline }),
  };
}
