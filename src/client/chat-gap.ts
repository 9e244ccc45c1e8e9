/**
 * The chat lines a reconnect missed. A welcome carries the chat's latest 100 lines; a client
 * that kept lines before and now missed more than 100 reads the ones in between over HTTP
 * (`GET /api/matches/:id/chat?after=N`, page by page), only as many as it keeps, and merges them
 * in (`TableState.fillChat`). The read never holds up the game's stream: one that fails or is
 * refused (`FORBIDDEN`, no network, a host without the endpoint) leaves the gap.
 * @module
 */
import type { ChatLine } from '../protocol/lobby.js';
import { checkChat } from './host-fields.js';
import { type FetchLike, readChatPage } from './lobby.js';
import { CHAT_KEPT } from './table.js';

/** @internal The chat lines missing between the last one kept and a welcome's first: after `after`, before `before`. */
export interface ChatGap {
  /** The `n` to read after (the last line kept, or later when not all of the gap would be kept). */
  readonly after: number;
  /** The welcome's first line's `n`: reading stops there. */
  readonly before: number;
}

/**
 * @internal The gap between the lines `kept` (before a welcome) and the welcome's, or `null`
 * when none is missing (or the client kept none: a first welcome). Of a gap larger than the
 * client keeps, only the lines it would keep beside the welcome's.
 */
export function chatGap(kept: readonly ChatLine[], welcome: readonly ChatLine[] | undefined): ChatGap | null {
  const last = kept[kept.length - 1]?.n;
  const first = welcome?.[0]?.n;
  if (last === undefined || first === undefined || welcome === undefined || first <= last + 1) return null;
  const room = CHAT_KEPT - welcome.length;
  if (room <= 0) return null;
  return { after: Math.max(last, first - 1 - room), before: first };
}

/**
 * @internal The lobby's base URL of a host's WebSocket URL: `ws(s)://HOST/PATH/ws` →
 * `http(s)://HOST/PATH` (the WebSocket's path without its last segment, as `/ws` is served beside
 * `/api`). `null` for a URL that is not an absolute `ws`, `wss`, `http` or `https` one.
 */
export function lobbyBase(url: string): string | null {
  const u = /^(?:ws|http)(s?):\/\/([^/?#]+)([^?#]*)/i.exec(url);
  return u === null ? null : `http${u[1]}://${u[2]}${(u[3] ?? '').replace(/\/[^/]*$/, '')}`;
}

/**
 * @internal Reads the lines of `gap` (none when `null`) from the lobby beside the WebSocket URL
 * `url`, with the connection's token and `fetch`: page by page while the host says `more`, until
 * the welcome's first line. Never rejects: a read that fails, is refused or is not the protocol's
 * resolves with no lines, leaving the gap.
 */
export async function readMissedChat(
  gap: ChatGap | null,
  url: string,
  options: { readonly match: string; readonly token: string | null; readonly fetch?: FetchLike },
): Promise<ChatLine[]> {
  const base = lobbyBase(url);
  const lines: ChatLine[] = [];
  if (gap === null || base === null) return lines;
  try {
    for (let after = gap.after; after < gap.before - 1; ) {
      const page = await readChatPage(base, options.match, options.token, after, options.fetch);
      checkChat(page.chat);
      const last = page.chat[page.chat.length - 1]?.n;
      // A page that does not move on (empty, or the host's fault) ends the read as surely as `more: false`.
      if (last === undefined || last <= after) break;
      lines.push(...page.chat.filter((l) => l.n > gap.after && l.n < gap.before));
      if (!page.more) break;
      after = last;
    }
    return lines;
  } catch {
    return [];
  }
}
