/**
 * A match's chat: a text channel for its seats (and spectators, when the match's chat is
 * everyone's), never mixed into the game's events. Lines are bounded in length, rate-limited
 * per writer and in number per match, stored with the match (so a resync delivers them), and
 * reach every host's watchers through `Store.watchMatches`. The host writes notices in it too (a
 * seat handed to a bot, a new turn time), so everybody at the table sees what the creator did:
 * at most {@link MAX_CHAT_NOTICES} of them, apart from the writers' lines, so the creator's calls
 * cannot fill the chat and silence the seats.
 * @module
 */

import { HostError } from '../../protocol/errors.js';
import { type ChatLine, type ChatNotice, MAX_CHAT_LENGTH } from '../../protocol/lobby.js';
import { RateLimiter } from '../limits.js';
import { codePoints, hasVisible, textProblem } from '../plain-text.js';
import type { Store } from '../store/store.js';
import { authorize, readsChat, writesChat } from './access.js';
import type { FanOut } from './fan-out.js';
import type { LiveMatches } from './live-matches.js';
import type { MatchRegistry } from './registry.js';
import type { Session } from './types.js';

/** The most lines a match's writers (its seats and spectators) write in its chat; later lines are refused. */
export const MAX_CHAT_LINES = 2000;
/**
 * The most host notices a match's chat holds, besides its writers' lines: later changes of the
 * creator's are made without one (the seats and the turn time are in the match's summary).
 */
export const MAX_CHAT_NOTICES = 100;
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
export const CHAT_READ_LIMIT = 200;

/** A page of a match's chat: the lines after a number, oldest first, and whether more follow them. */
export interface ChatPage {
  /** At most 200 lines (a page). */
  readonly chat: ChatLine[];
  /** There are lines after these: read again after the last one's `n`. */
  readonly more: boolean;
}

/**
 * Reads a chat line's text from untrusted input: 1 to {@link MAX_CHAT_LENGTH} characters (code
 * points) after trimming, as a display name: without control characters, with one that shows.
 *
 * @throws {@link HostError} `BAD_MESSAGE`.
 */
export function parseChatText(input: unknown): string {
  if (typeof input !== 'string') throw new HostError('BAD_MESSAGE', 'a chat line is a string');
  const text = input.trim();
  const length = codePoints(text);
  if (length < 1 || length > MAX_CHAT_LENGTH) throw new HostError('BAD_MESSAGE', `a chat line has 1 to ${MAX_CHAT_LENGTH} characters`);
  const problem = textProblem(text);
  if (problem !== null) throw new HostError('BAD_MESSAGE', `a chat line may not hold ${problem}`);
  if (!hasVisible(text))
    throw new HostError('BAD_MESSAGE', 'a chat line needs a character that shows (not only zero-width or invisible ones)');
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
    // Each seat (and the spectators together) may fill its share of the chat, no more: one
    // writer alone cannot fill it and silence the others. Counted only once a share could be used;
    // the host's notices count against no writer's share, nor towards the writers' lines.
    const total = await this.store.chatLength(m.id);
    const share = chatShare(m.options.players);
    if (total >= share) {
      const written = (await this.store.readChat(m.id, 0, total)).filter((l) => l.from !== 'host');
      if (written.length >= MAX_CHAT_LINES) throw new HostError('RATE_LIMITED', `this match's chat is full (${MAX_CHAT_LINES} lines)`);
      const mine = written.filter((l) => l.from === viewer).length;
      if (mine >= share) throw new HostError('RATE_LIMITED', `each seat may write ${share} lines in this match's chat, and this one has`);
    }
    const line = { at: this.now(), from: viewer, name: viewer === 'spectator' ? null : (m.seats[viewer]?.name ?? null), text };
    const n = await this.store.appendChat(m.id, line);
    if (n === 0) throw new HostError('NOT_FOUND', 'no match with that id');
    return { ...line, n };
  }

  /**
   * Writes a host notice in the match's chat, unless it holds {@link MAX_CHAT_NOTICES} already
   * (then returns `false`: the change stands, told by the match's summary alone).
   */
  async notice(matchId: string, text: string, notice: ChatNotice): Promise<boolean> {
    const total = await this.store.chatLength(matchId);
    if (total >= MAX_CHAT_NOTICES) {
      const notices = (await this.store.readChat(matchId, 0, total)).filter((l) => l.from === 'host').length;
      if (notices >= MAX_CHAT_NOTICES) return false;
    }
    await this.store.appendChat(matchId, { at: this.now(), from: 'host', name: null, text, notice });
    return true;
  }

  /**
   * The chat lines after `after`, the next {@link CHAT_READ_LIMIT} at most, and whether more
   * follow, for a session that may read the chat. @throws {@link HostError} `UNAUTHORIZED`, `FORBIDDEN`.
   */
  async read(session: Session, after: number): Promise<ChatPage> {
    const m = await this.registry.stored(session.matchId);
    authorize(m, session);
    if (!readsChat(m, session.viewer)) throw new HostError('FORBIDDEN', 'spectators may not read this chat');
    const lines = await this.store.readChat(m.id, after, CHAT_READ_LIMIT + 1);
    return { chat: lines.slice(0, CHAT_READ_LIMIT), more: lines.length > CHAT_READ_LIMIT };
  }

  /** The store says the match's chat grew: push the new lines to this host's watchers (once each, in order). */
  async heard(matchId: string): Promise<void> {
    const live = await this.matches.held(matchId);
    if (live === null) return;
    if (live.watchers.size === 0) {
      const total = await this.store.chatLength(matchId);
      if (total > live.chatSeen) live.chatSeen = total;
      return;
    }
    // Page by page from the last line pushed: a burst of more than a page is pushed whole.
    for (;;) {
      const seen = live.chatSeen;
      const lines = await this.store.readChat(matchId, seen, CHAT_READ_LIMIT);
      this.fanOut.chat(live, lines);
      if (lines.length < CHAT_READ_LIMIT || live.chatSeen === seen) return;
    }
  }
}
