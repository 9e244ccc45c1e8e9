/**
 * The headless side of `<ftk-match>`'s chat panel (its browser side is in
 * test/e2e/chat.e2e.test.ts): to whom the chat is shown, each line in words (the writer's name,
 * a spectator, the host's notices in the page's language) and why a line was not sent, never as
 * a code.
 */
import { describe, expect, it } from 'vitest';
import { type ChatLine, type ChatNotice, ClientError, type MatchClient, type MatchSummary } from '../../src/client/index.js';
import { chatContext, chatError, chatOpen, chatRow, linesToDraw } from '../../src/ui/match/chat.js';
import { WORDS } from '../../src/ui/words.js';

const names = ['Ada', 'Bo', 'Cy'];
const name = (seat: number): string => names[seat] ?? `Seat ${seat}`;
const given = (seat: number): string | null => names[seat] ?? null;
const line = (n: number, from: ChatLine['from'], text: string, more: Partial<ChatLine> = {}): ChatLine => ({
  n,
  at: 1_700_000_000_000 + n,
  from,
  name: typeof from === 'number' ? (names[from] ?? null) : null,
  text,
  ...more,
});

describe("the match's chat panel", () => {
  it('is shown to whom the chat is open: the seats by default, spectators only when it is everyone’s, nobody when it is closed', () => {
    expect(chatOpen('seats', 0)).toBe(true);
    expect(chatOpen('seats', 'spectator')).toBe(false);
    expect(chatOpen(undefined, 1)).toBe(true);
    expect(chatOpen(undefined, 'spectator')).toBe(false);
    expect(chatOpen('everyone', 2)).toBe(true);
    expect(chatOpen('everyone', 'spectator')).toBe(true);
    expect(chatOpen('none', 0)).toBe(false);
    expect(chatOpen('none', 'spectator')).toBe(false);
  });

  it('is drawn for a reader only once the host speaks version 2 and the summary says the chat is open to them', async () => {
    const said: string[] = [];
    const client = (seat: MatchClient['seat'], version = 3) =>
      ({ seat, version, table: { chat: [line(1, 0, 'hi')] }, say: async (t: string) => void said.push(t) }) as unknown as MatchClient;
    const summary = (chat: MatchSummary['chat']) => ({ chat }) as MatchSummary;
    const ctx = (c: MatchClient | null, s: MatchSummary | null) => chatContext(c, s, 'en', name);
    expect(ctx(null, summary('seats'))).toBeNull();
    // Before the welcome (no seat yet), with a version 1 host, before the summary: not known to be open.
    expect(ctx(client(null), summary('seats'))).toBeNull();
    expect(ctx(client(0, 1), summary('seats'))).toBeNull();
    expect(ctx(client(0), null)).toBeNull();
    expect(ctx(client('spectator'), summary('seats'))).toBeNull();
    expect(ctx(client(1), summary('none'))).toBeNull();
    const seat = ctx(client(1), summary('seats'));
    expect(seat).toMatchObject({ lang: 'en', me: 1, lines: [line(1, 0, 'hi')] });
    expect(ctx(client('spectator'), summary('everyone'))).toMatchObject({ me: null });
    await seat?.say('hello');
    expect(said).toEqual(['hello']);
  });

  it("words each line with its writer's name, a spectator as a word, and marks the reader's own", () => {
    const w = WORDS.en;
    expect(chatRow(line(1, 0, 'hello'), w, 1, name, given)).toEqual({ n: 1, who: 'Ada', text: 'hello', me: false, notice: false });
    expect(chatRow(line(2, 1, 'hi'), w, 1, name, given)).toMatchObject({ who: 'Bo', me: true });
    // Written under no name: the seat's name now.
    expect(chatRow(line(3, 2, 'yo', { name: null }), w, 1, name, given).who).toBe('Cy');
    expect(chatRow(line(4, 2, 'yo', { name: '  ' }), w, 1, name, given).who).toBe('Cy');
    expect(chatRow(line(5, 'spectator', 'go Ada'), w, 1, name, given)).toMatchObject({ who: 'Spectator', me: false });
    expect(chatRow(line(5, 'spectator', 'go Ada'), WORDS.uk, null, name, given).who).toBe('Глядач');
    // The host's limits count characters (code points): a line of 500 emoji, a name of 40, are shown whole.
    const emoji = '😀';
    expect(chatRow(line(8, 0, emoji.repeat(500), { name: emoji.repeat(40) }), w, 1, name, given)).toMatchObject({
      who: emoji.repeat(40),
      text: emoji.repeat(500),
    });
    // Markup stays text (the panel sets it as text), and what is not text is nothing.
    expect(chatRow(line(6, 0, '<b>x</b>'), w, 1, name, given).text).toBe('<b>x</b>');
    expect(chatRow({ ...line(7, 0, ''), text: 42 as unknown as string, name: {} as unknown as string }, w, 1, name, given)).toMatchObject({
      who: 'Ada',
      text: '',
    });
  });

  it("words the host's notices in the page's language, never as codes", () => {
    const notices: ChatNotice[] = [
      { what: 'bot', seat: 1, bot: 'heuristic' },
      { what: 'reopened', seat: 1 },
      { what: 'reissued', seat: 1 },
      { what: 'timer', turnTimeMs: 30_000 },
      { what: 'timer', turnTimeMs: null },
    ];
    const said = (lang: 'en' | 'uk') =>
      notices.map((notice, i) => chatRow(line(i + 1, 'host', 'An English sentence.', { notice }), WORDS[lang], 0, name, given));
    expect(said('en').map((r) => r.text)).toEqual([
      'A bot now plays seat 1 (Bo).',
      'Seat 1 (Bo) is open again: the invite link takes it.',
      'Seat 1 (Bo) has a new link.',
      'Turn timer: 30 s',
      'Turn timer: none',
    ]);
    expect(said('uk').map((r) => r.text)).toEqual([
      WORDS.uk.seats.handed(1, 'Bo'),
      WORDS.uk.seats.reopened(1, 'Bo'),
      'Місце 1 («Bo») має нове посилання.',
      'Час на хід: 30 с',
      'Час на хід: без обмеження',
    ]);
    for (const r of [...said('en'), ...said('uk')]) expect(r).toMatchObject({ who: '', me: false, notice: true });
    // A notice this page does not know: the host's sentence.
    const other = { what: 'later' } as unknown as ChatNotice;
    expect(chatRow(line(9, 'host', 'Something new happened.', { notice: other }), WORDS.uk, 0, name, given).text).toBe(
      'Something new happened.',
    );
  });

  it('says why a line was not sent in words: slow down, closed to you, not connected (the line kept), …', () => {
    const en = (code: string) => chatError(WORDS.en, new ClientError(code, 'from the host'));
    const uk = (code: string) => chatError(WORDS.uk, new ClientError(code, 'from the host'));
    expect(en('RATE_LIMITED')).toMatch(/^Slow down/);
    expect(uk('RATE_LIMITED')).toMatch(/^Не так швидко/);
    expect(en('FORBIDDEN')).toBe('The chat is closed to you.');
    expect(uk('FORBIDDEN')).toBe('Чат для вас закритий.');
    expect(en('BAD_MESSAGE')).toContain('500');
    // Sent while reconnecting (the client refuses at once) or dropped on the way: refused, the line kept to send again.
    expect(en('DISCONNECTED')).toMatch(/^Not connected: your line is still here/);
    expect(en('CLOSED')).toBe(en('DISCONNECTED'));
    expect(uk('DISCONNECTED')).toMatch(/^Немає з’єднання/);
    for (const code of ['RATE_LIMITED', 'FORBIDDEN', 'BAD_MESSAGE', 'DISCONNECTED', 'CLOSED', 'UNAUTHORIZED', 'TIMEOUT', 'NEW_CODE']) {
      for (const said of [en(code), uk(code)]) {
        expect(said).not.toContain(code);
        expect(said.length).toBeGreaterThan(5);
      }
    }
    expect(chatError(WORDS.en, new Error('boom'))).toBe(WORDS.en.errors.HTTP);
  });

  it('draws only the new lines, and all of them again (quietly) in a new language or once the client read in a gap below the last line drawn', () => {
    const at = (...ns: number[]): ChatLine[] => ns.map((n) => line(n, 0, `line ${n}`));
    const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const drawn = (...ns: number[]): Set<number> => new Set(ns);
    expect(linesToDraw(at(1, 2), 0, drawn(), true)).toEqual({ again: true, fresh: at(1, 2) });
    // Pushed lines: only those after the last drawn.
    expect(linesToDraw(at(1, 2, 3, 4), 2, drawn(1, 2), false)).toEqual({ again: false, fresh: at(3, 4) });
    // After a reconnect: 1–3 drawn, the welcome brought 150–152; nothing below 3 is new yet.
    expect(linesToDraw(at(1, 2, 3, 150, 151, 152), 3, drawn(1, 2, 3), false)).toEqual({ again: false, fresh: at(150, 151, 152) });
    // The gap read in (4–149 below the last line drawn, 152): all drawn again.
    const filled = at(...range(1, 152));
    expect(linesToDraw(filled, 152, drawn(1, 2, 3, 150, 151, 152), false)).toEqual({ again: true, fresh: filled });
    // A full chat: 51–450 and 1001–1100 drawn (500 lines, as many as kept); the gap read in leaves
    // 601–1100, as many lines as before, yet 601–1000 were never drawn.
    const full = at(...range(601, 1100));
    expect(linesToDraw(full, 1100, new Set([...range(51, 450), ...range(1001, 1100)]), false)).toEqual({ again: true, fresh: full });
    // The oldest lines dropped as the client keeps 500: not a gap.
    expect(linesToDraw(at(2, 3, 4), 3, drawn(1, 2, 3), false)).toEqual({ again: false, fresh: at(4) });
    expect(linesToDraw(at(1, 2, 3), 3, drawn(1, 2, 3), true).again).toBe(true);
  });
});
