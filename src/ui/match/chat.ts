/**
 * The chat panel of `<ftk-match>`: the match's chat lines (`client.table.chat`), each with its
 * writer's name, and a line to write. Shown only to a reader the match's chat is open to; a
 * `<details>`, open by default where it fits beside the table and closed above it on narrower
 * screens (its summary then counts the lines not read). The lines are text, never markup.
 * @module
 */
import { type ChatLine, ClientError, MAX_CHAT_LENGTH, type MatchClient, type MatchSummary, writesChat } from '../../client/index.js';
import type { Lang } from '../../text/index.js';
import { css } from '../css.js';
import { h, text } from '../dom.js';
import { WORDS, type Words } from '../words.js';
import { personName } from './seats.js';

/** The match element's width from which the chat sits beside the table, open (see `CHAT_CSS`). */
const WIDE = 1100;
/** The most lines the panel keeps (the client keeps as many). */
const KEPT = 500;

/** Whether the match's chat is open to `viewer`: who may write in it may read it (a host that does not say has the default, `'seats'`). */
export function chatOpen(policy: MatchSummary['chat'] | undefined, viewer: number | 'spectator'): boolean {
  return writesChat(policy ?? 'seats', viewer);
}

/** One line as the panel shows it: who wrote it (empty for the host's notices) and what it says. */
export interface ChatRow {
  readonly n: number;
  readonly who: string;
  readonly text: string;
  /** Written by the reader's seat. */
  readonly me: boolean;
  /** A notice of the host (a seat handed to a bot, a new turn time), worded in the page's language. */
  readonly notice: boolean;
}

/** `x` if it is text, trimmed and cut at `most` characters (code points, as the host counts them; never half an emoji), else `''`. */
const plain = (x: unknown, most: number): string =>
  typeof x === 'string'
    ? Array.from(x.trim().slice(0, 2 * most))
        .slice(0, most)
        .join('')
    : '';

/**
 * A chat line in words: a seat's line with the name it was written under (else the seat's name
 * now, `name`), a spectator's with the word for one, a host notice worded in `w`'s language (a
 * seat's by its number and its person's name now, `given`; without a seat, the host's sentence).
 * Everything is read defensively (the client passes the host's lines on as they came).
 */
export function chatRow(
  line: ChatLine,
  w: Words,
  me: number | null,
  name: (seat: number) => string,
  given: (seat: number) => string | null,
): ChatRow {
  const n = line.n;
  const from = line.from;
  if (from === 'host') {
    const notice = line.notice;
    const seat = notice?.seat;
    const on = typeof seat === 'number';
    const timer = notice?.turnTimeMs;
    const said =
      on && notice?.what === 'bot'
        ? w.seats.handed(seat, given(seat))
        : on && notice?.what === 'reopened'
          ? w.seats.reopened(seat, given(seat))
          : on && notice?.what === 'reissued'
            ? w.chat.reissued(seat, given(seat))
            : notice?.what === 'timer'
              ? `${w.lobby.timer}: ${typeof timer === 'number' ? w.lobby.seconds(Math.round(timer / 1000)) : w.lobby.noTimer}`
              : plain(line.text, MAX_CHAT_LENGTH);
    return { n, who: '', text: said, me: false, notice: true };
  }
  const who = typeof from === 'number' ? plain(line.name, 60) || name(from) : w.replay.spectator;
  return { n, who, text: plain(line.text, MAX_CHAT_LENGTH), me: typeof from === 'number' && from === me, notice: false };
}

/** Why a line was not sent, in words (never a code): too fast, the chat closed, not connected, … */
export function chatError(w: Words, e: unknown): string {
  const code = e instanceof ClientError ? (e.code === 'CLOSED' ? 'DISCONNECTED' : e.code) : 'HTTP';
  return w.chat.errors[code] ?? w.errors[code] ?? w.errors.HTTP ?? '';
}

/** What the panel needs each time it is drawn. */
export interface ChatContext {
  readonly lang: Lang;
  /** The reader's seat, `null` for a spectator. */
  readonly me: number | null;
  /** The chat's lines, oldest first (`client.table.chat`). */
  readonly lines: readonly ChatLine[];
  readonly name: (seat: number) => string;
  /** The name of a seat's person now, for the host's notices (see `personName`). */
  readonly given: (seat: number) => string | null;
  /** Writes a line (`client.say`). */
  readonly say: (line: string) => Promise<unknown>;
}

/**
 * The panel's context for `client`'s reader, or `null` (the panel hidden) until the chat is known
 * to be open to them: the host speaks protocol version 2, and the match's summary says who may write.
 */
export function chatContext(
  client: MatchClient | null,
  summary: MatchSummary | null,
  lang: Lang,
  name: (seat: number) => string,
): ChatContext | null {
  const seat = client?.seat ?? null;
  if (client === null || seat === null || client.version < 2 || summary === null || !chatOpen(summary.chat, seat)) return null;
  const given = (n: number): string | null => personName((client.table.seats ?? summary.seats)?.[n]);
  return { lang, me: seat === 'spectator' ? null : seat, lines: client.table.chat, name, given, say: (line) => client.say(line) };
}

/**
 * Which of `lines` a panel that last drew the lines numbered `drawn`, up to line `last`, draws
 * now: all of them again, quietly (`again`), in a new language or when a line at or below `last`
 * was not drawn (the client read in the gap a reconnect left); else only the lines after `last`.
 */
export function linesToDraw(
  lines: readonly ChatLine[],
  last: number,
  drawn: ReadonlySet<number>,
  newLang: boolean,
): { readonly again: boolean; readonly fresh: readonly ChatLine[] } {
  const again = newLang || lines.some((l) => l.n <= last && !drawn.has(l.n));
  return { again, fresh: again ? lines : lines.filter((l) => l.n > last) };
}

/** The chat panel: a `<details>` the match element puts beside (or above) the table. */
export class ChatPanel {
  /** The panel (hidden while the chat is not open to the reader). */
  readonly el: HTMLDetailsElement = h('details', { class: 'chat panel', part: 'chat', hidden: true });
  readonly #summary = h('summary', { 'data-key': 'chat-summary' });
  // Only new lines are added to the live region, so only they are read out.
  readonly #log = h('ol', { 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0', 'data-key': 'chat-log' });
  readonly #input = h('input', { name: 'chat', maxlength: MAX_CHAT_LENGTH, autocomplete: 'off', enterkeyhint: 'send' });
  readonly #send = h('button', { class: 'btn', 'data-key': 'chat-send' });
  readonly #error = h('p', { class: 'error', role: 'alert' });
  #ctx: ChatContext | null = null;
  #lang: Lang | null = null;
  /** The number of the last line drawn. */
  #last = 0;
  /** The numbers of the lines drawn (the client's, as the panel keeps as many). */
  #drawn: ReadonlySet<number> = new Set();
  #unread = 0;
  #said: ((w: Words) => string) | null = null;
  #busy = false;

  constructor() {
    const form = h('form', null, this.#input, this.#send);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#say();
    });
    this.el.addEventListener('toggle', () => {
      // Opened: nothing left unread, and the latest lines in sight.
      if (this.el.open) this.#unread = 0;
      this.#draw();
      this.#log.scrollTop = this.#log.scrollHeight;
    });
    this.el.append(this.#summary, this.#log, form, this.#error);
  }

  /** Draws the panel for `ctx`, or hides it (`null`). */
  update(ctx: ChatContext | null): void {
    this.#ctx = ctx;
    if (ctx !== null && this.el.hidden) this.el.open = (this.el.parentElement?.clientWidth ?? 0) >= WIDE;
    this.el.hidden = ctx === null;
    this.#draw();
  }

  #draw(): void {
    const ctx = this.#ctx;
    if (ctx === null) return;
    const w = WORDS[ctx.lang];
    const { again, fresh } = linesToDraw(ctx.lines, this.#last, this.#drawn, this.#lang !== ctx.lang);
    const rows = fresh.map((l) => chatRow(l, w, ctx.me, ctx.name, ctx.given));
    const log = this.#log;
    // Kept at the end when it was there (not when the reader scrolled back to read).
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
    const items = rows.map((r) =>
      h('li', { class: r.notice ? 'notice' : r.me ? 'me' : null }, r.who ? h('b', null, `${r.who}: `) : null, r.text),
    );
    if (again) {
      this.#lang = ctx.lang;
      log.setAttribute('aria-label', w.chat.title);
      this.#input.setAttribute('aria-label', w.chat.write);
      this.#input.placeholder = w.chat.write;
      text(this.#send, w.chat.send);
      // Written anew (the first lines, a new language, a gap read in): not read out again; only the lines that come later are.
      log.setAttribute('aria-live', 'off');
      log.replaceChildren(...items);
      requestAnimationFrame(() => requestAnimationFrame(() => log.setAttribute('aria-live', 'polite')));
    } else {
      log.append(...items);
      if (!this.el.open) this.#unread += rows.filter((r) => !r.me).length;
    }
    while (log.childElementCount > KEPT) log.firstElementChild?.remove();
    this.#last = ctx.lines[ctx.lines.length - 1]?.n ?? this.#last;
    if (again || fresh.length > 0) this.#drawn = new Set(ctx.lines.map((l) => l.n));
    if (atEnd || again) log.scrollTop = log.scrollHeight;
    text(this.#summary, this.#unread > 0 ? `${w.chat.title} (${w.chat.unread(this.#unread)})` : w.chat.title);
    text(this.#error, this.#said?.(w) ?? '');
  }

  /** Sends the line written (Enter or **Send**); refused, it stays in the input, and the panel says why. */
  async #say(): Promise<void> {
    const ctx = this.#ctx;
    const raw = this.#input.value;
    if (ctx === null || this.#busy || raw.trim() === '') return;
    this.#busy = true;
    try {
      await ctx.say(raw.trim());
      this.#said = null;
      // Emptied unless the reader already wrote on while it went.
      if (this.#input.value === raw) this.#input.value = '';
    } catch (e) {
      this.#said = (w) => chatError(w, e);
    } finally {
      this.#busy = false;
      this.#draw();
    }
  }
}

/** The chat's look: a small felt panel with the table's log lines, beside the table where the element is wide. */
export const CHAT_CSS = css`
:host { container-type: inline-size; }
.match { grid-template-columns: minmax(0, 1fr); }
.chat { padding: 10px 14px; }
.chat > summary { font: 700 1.05rem var(--_card-font); }
.chat ol {
  list-style: none; margin: 8px 0; padding: 0 4px 0 0; max-height: 14rem; overflow-y: auto;
  display: grid; gap: 4px; font-size: 0.92rem; overflow-wrap: anywhere;
}
.chat ol:empty { display: none; }
.chat li { padding-left: 10px; border-left: 2px solid var(--_line); }
.chat li.me { border-left-color: var(--_accent); }
.chat li.notice { color: var(--_muted); font-style: italic; }
.chat b { color: var(--_accent); }
.chat form { display: flex; flex-wrap: wrap; gap: 8px; }
.chat input { flex: 1 1 11rem; min-width: 0; min-height: 44px; border-radius: 10px; border: 1px solid transparent; padding: 0 12px; background: #fffdf6; color: #201a12; }
.chat .error { margin-top: 8px; }
@container (min-width: ${WIDE}px) {
  .match:has(> .chat:not([hidden])) { grid-template-columns: minmax(0, 1fr) 20rem; grid-auto-flow: row dense; align-items: start; }
  .match:has(> .chat:not([hidden])) > * { grid-column: 1 / -1; }
  .match:has(> .chat:not([hidden])) > ftk-table { grid-column: 1; }
  .match:has(> .chat:not([hidden])) > .chat { grid-column: 2; position: sticky; top: 10px; }
  .chat ol { max-height: min(28rem, 60vh); }
}
`;
