/**
 * A match's chat: a text channel for its seats (and spectators, when the match's chat is
 * everyone's), never mixed into the game's events. Lines are bounded in length, rate-limited
 * per writer and in number per match, stored with the match (so a resync delivers them), and
 * reach every host's watchers through `Store.watchMatches`. The host writes notices in it too (a
 * seat handed to a bot, a new turn time), so everybody at the table sees what the creator did.
 * @module
 */

import { HostError } from '../../protocol/errors.js';
import { type ChatLine, type ChatNotice, MAX_CHAT_LENGTH } from '../../protocol/lobby.js';
import { RateLimiter } from '../limits.js';
import { textProblem } from '../plain-text.js';
import type { Store } from '../store/store.js';
import { authorize, readsChat, writesChat } from './access.js';
import type { FanOut } from './fan-out.js';
import type { LiveMatches } from './live-matches.js';
import type { MatchRegistry } from './registry.js';
import type { Session } from './types.js';

/** The most lines a match's chat holds; later lines are refused. */
export const MAX_CHAT_LINES = 2000;
/** Lines a writer may send at once before the rate applies. */
export const CHAT_BURST = 5;
/** Lines per second a writer may send after the burst. */
export const CHAT_PER_SECOND = 0.5;
/**
 * The lines one writer may write in a match of `players` seats: the chat's lines shared between
 * the seats and the spectators (who share one share).
 */
export function chatShare(players: number): number {
  return Math.floor(MAX_CHAT_LINES / (players + 1));
}
/** The most lines one read hands back. */
const READ_LIMIT = 200;

/** Reads a chat line's text from untrusted input. @throws {@link HostError} `BAD_MESSAGE`. */
export function parseChatText(input: unknown): string {
  if (typeof input !== 'string') throw new HostError('BAD_MESSAGE', 'a chat line is a string');
  const text = input.trim();
  if (text.length < 1 || text.length > MAX_CHAT_LENGTH)
    throw new HostError('BAD_MESSAGE', `a chat line has 1 to ${MAX_CHAT_LENGTH} characters`);
  const problem = textProblem(text);
  if (problem !== null) throw new HostError('BAD_MESSAGE', `a chat line may not hold ${problem}`);
  return text;
}

/** The chat of one host's matches. */
export class Chat {
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(
    private readonly store: Store,
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly fanOut: FanOut,
    private readonly now: () => number,
  ) {}

  /**
   * Writes the session's line in the match's chat.
   *
   * @throws {@link HostError} `UNAUTHORIZED` (the session's token no longer holds its seat),
   * `FORBIDDEN` (the match's chat is not open to this viewer), `BAD_MESSAGE` (empty, too long,
   * control characters), `RATE_LIMITED` (too fast, the writer's share of the chat is used, or the chat is full).
   */
  async say(session: Session, input: unknown): Promise<ChatLine> {
    const text = parseChatText(input);
    const m = await this.registry.stored(session.matchId);
    authorize(m, session);
    const { viewer } = session;
    if (!writesChat(m, viewer))
      throw new HostError('FORBIDDEN', viewer === 'spectator' ? 'spectators may not write in this chat' : 'this match has no chat');
    const key = `${m.id} ${viewer}`;
    let limiter = this.limiters.get(key);
    if (limiter === undefined) {
      if (this.limiters.size > 10_000) for (const [k, l] of this.limiters) if (l.full()) this.limiters.delete(k);
      limiter = new RateLimiter(CHAT_PER_SECOND, CHAT_BURST, this.now);
      this.limiters.set(key, limiter);
    }
    if (!limiter.take())
      throw new HostError('RATE_LIMITED', `at most ${CHAT_BURST} chat lines at once, then one every ${1 / CHAT_PER_SECOND} seconds`);
    const last = await this.store.readChat(m.id, 0, 1);
    const total = last[0]?.n ?? 0;
    if (total >= MAX_CHAT_LINES) throw new HostError('RATE_LIMITED', `this match's chat is full (${MAX_CHAT_LINES} lines)`);
    // Each seat (and the spectators together) may fill its share of the chat, no more: one
    // writer alone cannot fill it and silence the others. Counted only once a share could be used.
    const share = chatShare(m.options.players);
    if (total >= share) {
      const mine = (await this.store.readChat(m.id, 0, MAX_CHAT_LINES)).filter((l) => l.from === viewer).length;
      if (mine >= share) throw new HostError('RATE_LIMITED', `each seat may write ${share} lines in this match's chat, and this one has`);
    }
    const line = { at: this.now(), from: viewer, name: viewer === 'spectator' ? null : (m.seats[viewer]?.name ?? null), text };
    const n = await this.store.appendChat(m.id, line);
    if (n === 0) throw new HostError('NOT_FOUND', 'no match with that id');
    return { ...line, n };
  }

  /** Writes a host notice in the match's chat. */
  async notice(matchId: string, text: string, notice: ChatNotice): Promise<void> {
    await this.store.appendChat(matchId, { at: this.now(), from: 'host', name: null, text, notice });
  }

  /** The chat lines after `after` (the latest 200 at most), for a session that may read the chat. @throws {@link HostError} `UNAUTHORIZED`, `FORBIDDEN`. */
  async read(session: Session, after: number): Promise<ChatLine[]> {
    const m = await this.registry.stored(session.matchId);
    authorize(m, session);
    if (!readsChat(m, session.viewer)) throw new HostError('FORBIDDEN', 'spectators may not read this chat');
    return this.store.readChat(m.id, after, READ_LIMIT);
  }

  /** The store says the match's chat grew: push the new lines to this host's watchers (once each, in order). */
  async heard(matchId: string): Promise<void> {
    const live = await this.matches.held(matchId);
    if (live === null) return;
    const lines = await this.store.readChat(matchId, live.chatSeen, READ_LIMIT);
    if (live.watchers.size === 0) {
      const last = lines[lines.length - 1];
      if (last !== undefined && last.n > live.chatSeen) live.chatSeen = last.n;
      return;
    }
    this.fanOut.chat(live, lines);
  }
}
