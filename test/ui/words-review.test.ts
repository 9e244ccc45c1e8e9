/**
 * The elements' words fixed after a Ukrainian editor's review: the creator's seat sentences take
 * a seat's number and its player's name apart (never "Seat Seat 1", «Місце Місце 1»), the turn
 * time in whole minutes and seconds, and a local game's record names the reader and the bots so
 * that a replay words them in its own language.
 */
import { describe, expect, it } from 'vitest';
import type { ChatLine, ChatNotice, MatchClient, MatchSummary, SeatSummary } from '../../src/client/index.js';
import { type Action, createGame, makeRecord, step, view } from '../../src/index.js';
import { chatContext, chatRow } from '../../src/ui/match/chat.js';
import { AwayClock, personName, seatRows } from '../../src/ui/match/seats.js';
import { seatNames } from '../../src/ui/replay/element.js';
import { WORDS } from '../../src/ui/words.js';

const person = (name: string | null, connected = false): SeatSummary => ({
  name,
  bot: null,
  open: false,
  left: false,
  kind: 'person',
  connected,
});
const bot: SeatSummary = { name: null, bot: 'heuristic', open: false, left: false, kind: 'bot', connected: true };
const open: SeatSummary = { name: null, bot: null, open: true, left: false, kind: 'open', connected: false };

describe("the creator's seat sentences", () => {
  it('name a seat by its number, with its player’s name apart (Ukrainian)', () => {
    const s = WORDS.uk.seats;
    expect(s.handed(1, null)).toBe('Тепер за місце 1 грає бот.');
    expect(s.handed(1, 'Петро')).toBe('Тепер за місце 1 («Петро») грає бот.');
    expect(s.reopened(1, null)).toBe('Місце 1 знову вільне: його займають за запрошенням.');
    expect(s.reopened(2, 'Петро')).toBe('Місце 2 («Петро») знову вільне: його займають за запрошенням.');
    expect(s.link(1, null)).toBe('Нове посилання на місце 1: надішліть лише цьому гравцеві');
    expect(s.link(1, 'Петро')).toBe('Нове посилання на місце 1 («Петро»): надішліть лише цьому гравцеві');
    expect(s.tooSoon(1, 'Петро')).toBe('Гравець «Петро» ще надто недовго відсутній: спробуйте трохи згодом.');
    expect(s.tooSoon(1, null)).toBe('Гравець на місці 1 ще надто недовго відсутній: спробуйте трохи згодом.');
    expect(s.goneAway(1, 'Петро')).toBe('Гравець «Петро» не на зв’язку.');
    expect(s.goneAway(1, null)).toBe('Гравець на місці 1 не на зв’язку.');
    expect(s.canHand(1, null)).toBe('Місце 1 тепер можна передати.');
    expect(s.canHand(1, 'Петро')).toBe('Місце 1 («Петро») тепер можна передати.');
    expect(WORDS.uk.chat.reissued(1, null)).toBe('Місце 1 має нове посилання.');
    expect(WORDS.uk.chat.reissued(1, 'Петро')).toBe('Місце 1 («Петро») має нове посилання.');
  });

  it('name a seat by its number, with its player’s name apart (English)', () => {
    const s = WORDS.en.seats;
    expect(s.handed(1, null)).toBe('A bot now plays seat 1.');
    expect(s.handed(1, 'Bo')).toBe('A bot now plays seat 1 (Bo).');
    expect(s.reopened(1, null)).toBe('Seat 1 is open again: the invite link takes it.');
    expect(s.link(1, 'Bo')).toBe('New link to seat 1 (Bo): send it to that player only');
    expect(s.tooSoon(1, 'Bo')).toBe('Bo has not been away long enough yet: try again in a little while.');
    expect(s.tooSoon(1, null)).toBe('The player in seat 1 has not been away long enough yet: try again in a little while.');
    expect(s.goneAway(1, null)).toBe('The player in seat 1 is away.');
    expect(s.canHand(1, 'Bo')).toBe('Seat 1 (Bo) may now be handed over.');
    expect(WORDS.en.chat.reissued(1, null)).toBe('Seat 1 has a new link.');
  });

  it('never say a seat twice, whatever the seat and name', () => {
    for (const lang of ['en', 'uk'] as const) {
      const w = WORDS[lang];
      for (const name of [null, 'Ann']) {
        const all = [w.seats.handed, w.seats.reopened, w.seats.link, w.seats.tooSoon, w.seats.goneAway, w.seats.canHand, w.chat.reissued];
        for (const f of all) {
          const said = f(3, name);
          // The seat at most once (a sentence about its player may say just their name), the name once.
          expect(said).toContain(name ?? '3');
          expect((said.match(/3/g) ?? []).length).toBeLessThanOrEqual(1);
          expect(said).not.toMatch(/seat seat|'s seat|місце місце|місці місце/i);
        }
      }
    }
  });

  it("take a person's name from the seat, never a bot's", () => {
    expect(personName(person('  Bo '))).toBe('Bo');
    expect(personName(person(null))).toBeNull();
    expect(personName(person('   '))).toBeNull();
    expect(personName(bot)).toBeNull();
    expect(personName(open)).toBeNull();
    expect(personName(undefined)).toBeNull();
    const rows = seatRows([person('Ada', true), person('Bo'), bot, open], 0, new AwayClock(), (n) => `shown ${n}`);
    expect(rows.map((r) => [r.seat, r.name, r.given])).toEqual([
      [1, 'shown 1', 'Bo'],
      [2, 'shown 2', null],
      [3, 'shown 3', null],
    ]);
  });

  it("word the host's chat notices with the seat's number and its person's name", () => {
    const line = (notice: ChatNotice): ChatLine => ({ n: 1, at: 0, from: 'host', name: null, text: 'An English sentence.', notice });
    const seats = [person('Ada', true), person('Bo'), bot];
    const summary = { chat: 'seats', seats } as unknown as MatchSummary;
    const client = { seat: 0, version: 3, table: { chat: [], seats }, say: async () => undefined } as unknown as MatchClient;
    const ctx = chatContext(client, summary, 'uk', (n) => `shown ${n}`);
    expect(ctx?.given(1)).toBe('Bo');
    expect(ctx?.given(2)).toBeNull();
    const said = (lang: 'en' | 'uk', notice: ChatNotice) =>
      chatRow(line(notice), WORDS[lang], 0, (n) => `shown ${n}`, ctx?.given ?? (() => null)).text;
    expect(said('uk', { what: 'reissued', seat: 1 })).toBe('Місце 1 («Bo») має нове посилання.');
    expect(said('uk', { what: 'bot', seat: 2, bot: 'heuristic' })).toBe('Тепер за місце 2 грає бот.');
    expect(said('en', { what: 'reopened', seat: 1 })).toBe('Seat 1 (Bo) is open again: the invite link takes it.');
    // A notice without a seat: the host's own sentence.
    expect(said('uk', { what: 'bot' } as unknown as ChatNotice)).toBe('An English sentence.');
  });
});

describe('the turn time', () => {
  it('is said in whole minutes and seconds, never as a fraction', () => {
    expect(WORDS.uk.lobby.seconds(30)).toBe('30 с');
    expect(WORDS.uk.lobby.seconds(60)).toBe('1 хв');
    expect(WORDS.uk.lobby.seconds(90)).toBe('1 хв 30 с');
    expect(WORDS.uk.lobby.seconds(100)).toBe('1 хв 40 с');
    expect(WORDS.uk.lobby.seconds(300)).toBe('5 хв');
    expect(WORDS.en.lobby.seconds(45)).toBe('45 s');
    expect(WORDS.en.lobby.seconds(100)).toBe('1 min 40 s');
    expect(WORDS.en.lobby.seconds(120)).toBe('2 min');
  });
});

describe("a local game's record in the replay", () => {
  it("words the reader's unnamed seat and the bots of meta.bots in the replay's language", () => {
    const actions: Action[] = [];
    let state = createGame({ players: 3, seed: 7 });
    for (let i = 0; i < 5; i++) {
      const a = view(state, state.toMove as number).legal[0] as Action;
      actions.push(a);
      state = step(state, a).state;
    }
    // As <ftk-app> records a local game: the bots as a host names them, the reader's seat unnamed.
    const record = makeRecord({ players: 3, seed: 7 }, actions, {
      names: ['', 'Bot 1 (heuristic)', 'Bot 2 (heuristic)'],
      meta: { bots: ',heuristic,heuristic' },
    });
    expect(seatNames(record, 'uk')).toEqual(['Ви', 'Бот 1 (евристичний)', 'Бот 2 (евристичний)']);
    expect(seatNames(record, 'en')).toEqual(['You', 'Bot 1 (heuristic)', 'Bot 2 (heuristic)']);
    // Without meta.bots, an unnamed seat is a player by number, not "You".
    const plain = makeRecord({ players: 3, seed: 7 }, actions, { names: ['', 'Bo', ' '] });
    expect(seatNames(plain, 'uk')).toEqual(['Гравець 0', 'Bo', 'Гравець 2']);
  });
});
