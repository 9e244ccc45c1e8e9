/**
 * @internal Ukrainian sentences for `describe.ts`. Cards after a verb or preposition take the
 * accusative ("ставить 4 на Дипломатію 3"); titles name their office in the genitive
 * ("головний титул Дипломатії"). A past-tense verb is written in the masculine (agreeing with
 * "гравець") and turned into the plural for "ви".
 * @module
 */
import type { Card, Office } from '../data/cards.js';
import type { Area } from '../state/types.js';
import { labels } from './labels.js';
import type { Phrases, Who } from './phrases.js';
import { cardName, cardOf, discards, joinNames } from './phrases.js';

const L = labels.uk;

/** Accusative office names that differ from the nominative. */
const ACCUSATIVE: Partial<Record<Office, string>> = {
  diplomacy: 'Дипломатію',
  military: 'Військову справу',
  architecture: 'Архітектуру',
};

/** Genitive office names. */
const GENITIVE: Record<Office, string> = {
  diplomacy: 'Дипломатії',
  military: 'Військової справи',
  architecture: 'Архітектури',
  entertainment: 'Розваг',
  provisions: 'Провіанту',
  livestock: 'Скотарства',
};

const WHERE: Record<Area, string> = { self: 'собі в руку', middle: 'на середину', favor: 'долілиць на стос прихильності' };

const name = (c: Card): string => cardName(c, L);

/** A card in the accusative; a hidden card is "карту". */
function acc(id: string | null): string {
  const c = cardOf(id);
  if (c === undefined) return 'карту';
  if (c.kind === 'government') return `${ACCUSATIVE[c.office] ?? L.offices[c.office]} ${c.value}`;
  return c.kind === 'king' ? 'Короля' : name(c);
}

/** A subject and its past-tense verb: "гравець 2 поклав", "ви поклали". */
function past(w: Who, masculine: string, between = ''): string {
  return `${w.n}${between} ${w.y ? `${masculine.slice(0, -1)}ли` : masculine}`;
}

/** A player in the genitive: "гравця 2", "вас". */
function genitive(w: Who): string {
  return w.y ? 'вас' : w.n.replace('гравець', 'гравця');
}

/** "Гравець 2 ставить" / "Поставити": the acting player's sentence, or the reader's command. */
function act(s: string | null, present: string, infinitive: string): string {
  return s === null ? infinitive : `${s} ${present}`;
}

/** @internal */
export const uk: Phrases = {
  card: name,
  who: (p, reader, given) => ({ n: reader ? 'ви' : given === undefined ? `гравець ${p}` : `гравець «${given}»`, y: reader }),
  actions: {
    place: (a, s, x) => `${act(s, 'кладе', 'покласти')} ${x.drawn ? acc(x.drawn.id) : 'витягнуту карту'} ${WHERE[a.area]}`,
    take: (a, s, x) =>
      x.advisor === a.player
        ? `${act(s, 'бере', 'взяти')} останню карту із середини — ${acc(a.card)}`
        : `${act(s, 'бере', 'взяти')} ${acc(a.card)} із середини`,
    king: (a, s) => `${act(s, 'змінює', 'змінити')} головний титул ${GENITIVE[a.office]} на ${a.value}`,
    bid: (a, s, x) => `${act(s, 'ставить', 'поставити')} ${a.amount}${x.lot ? ` на ${acc(x.lot.id)}` : ''}`,
    pass: (_, s) => act(s, 'пасує', 'пасувати'),
    pay: (a, s, x) => `${discards(a.card, x) ? act(s, 'скидає', 'скинути') : act(s, 'віддає', 'віддати')} ${acc(a.card)} в оплату`,
  },
  events: {
    advisor: (_, s) => `${s.n} тепер Радник`,
    drawn: (e, s) => `${past(s, 'витягнув')} ${acc(e.card)}`,
    placed: (e, s) => `${past(s, e.area === 'middle' ? 'виклав' : 'поклав')} ${acc(e.card)} ${WHERE[e.area]}`,
    taken: (e, s) =>
      e.byAdvisor ? `${past(s, 'взяв')} останню карту із середини — ${acc(e.card)}` : `${past(s, 'взяв')} ${acc(e.card)} із середини`,
    'king-gained': (e, s) =>
      `${past(s, 'отримав')} ${acc(e.card)} ${e.from === 'self' ? 'як Радник' : e.from === 'middle' ? 'із середини' : 'на торгах'}`,
    'king-resolved': (e, s) =>
      `${past(s, 'змінив')} головний титул ${GENITIVE[e.office]} з ${e.previous} на ${e.value}${
        e.secondary === null ? '' : ` (другорядний: ${e.secondary})`
      }`,
    phase: (e) => (e.phase === 'over' ? L.phases.over : `Фаза: ${L.phases[e.phase]}`),
    lot: (e) => `На торги виставлено ${acc(e.card)} (у стосі прихильності ${e.remaining ? `ще ${e.remaining}` : 'більше немає карт'})`,
    bid: (e, s) => `${past(s, 'поставив')} ${e.amount}`,
    pass: (_, s) => past(s, 'спасував'),
    won: (e, s) => `${past(s, 'виграв')} ${acc(e.card)} за ${e.amount}`,
    paid: (e, s) => `${past(s, e.mode === 'discard' ? 'скинув' : 'віддав')} ${acc(e.card)} в оплату`,
    'lot-gained': (e, s) => `${past(s, 'забрав')} ${acc(e.card)} собі в руку`,
    forfeit: (e, s, w) => {
      const failed = `${s.n} не ${s.y ? 'змогли' : 'зміг'} заплатити`;
      return e.card === null
        ? `${failed}, а ${s.y ? 'ваша' : 'його'} рука порожня`
        : `${failed}: ${past(w(e.by), 'витягнув', ' навмання')} ${acc(e.card)} з ${s.y ? 'вашої руки' : `руки ${genitive(s)}`}, і цю карту скинуто`;
    },
    'bidding-restarted': (e, _, w) =>
      `Торги за ${acc(e.card)} починаються знову без ${joinNames(
        e.excluded.map((p) => genitive(w(p))),
        'та',
      )}`,
    'lot-discarded': (e) => `Ніхто не купив ${acc(e.card)}, лот скинуто`,
    'game-over': (e, _, w) => {
      const winners = e.winners.map(w);
      const one = winners[0];
      // With «ви» among the winners the verb is 2nd person plural: «ви та гравець 1 ділите перемогу».
      const who =
        winners.length > 1
          ? `${joinNames(
              winners.map((x) => x.n),
              'та',
            )} ${winners.some((x) => x.y) ? 'ділите' : 'ділять'} перемогу`
          : one?.y
            ? 'ви перемагаєте'
            : `перемагає ${one?.n ?? ''}`;
      return `${L.phases.over}: ${who} (очки: ${e.points[e.winners[0] ?? -1] ?? 0})`;
    },
  },
};
