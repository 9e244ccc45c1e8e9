/**
 * @internal English sentences for `describe.ts`.
 * @module
 */
import type { Card, Office } from '../data/cards.js';
import type { Area } from '../state/types.js';
import { labels } from './labels.js';
import type { Phrases } from './phrases.js';
import { cardName, cardOf, discards, joinNames } from './phrases.js';

const L = labels.en;

const name = (c: Card): string => cardName(c, L);

/** A card inside a sentence: a King takes an article, a hidden card is "a card". */
function card(id: string | null): string {
  const c = cardOf(id);
  return c === undefined ? 'a card' : c.kind === 'king' ? 'a King' : name(c);
}

function where(area: Area, you: boolean): string {
  return area === 'self' ? `in ${you ? 'your' : 'their'} hand` : area === 'middle' ? 'in the middle' : 'face down on the favor pile';
}

/** "Player 2 bids" / "Bid": the acting player's sentence, or the reader's command. */
function act(s: string | null, verb: string): string {
  return s === null ? verb : `${s} ${verb.toLowerCase()}${verb.endsWith('ss') ? 'es' : 's'}`;
}

const title = (office: Office): string => `the ${L.offices[office]} primary title`;

/** @internal */
export const en: Phrases = {
  card: name,
  who: (p, reader, given) => ({ n: reader ? 'you' : (given ?? `Player ${p}`), y: reader }),
  actions: {
    place: (a, s, x) => `${act(s, 'Place')} ${x.drawn ? card(x.drawn.id) : 'the drawn card'} ${where(a.area, s === null)}`,
    take: (a, s, x) =>
      x.advisor === a.player
        ? `${act(s, 'Take')} the last middle card, ${card(a.card)}`
        : `${act(s, 'Take')} ${card(a.card)} from the middle`,
    king: (a, s) => `${act(s, 'Set')} ${title(a.office)} to ${a.value}`,
    bid: (a, s, x) => `${act(s, 'Bid')} ${a.amount}${x.lot ? ` for ${card(x.lot.id)}` : ''}`,
    pass: (_, s) => act(s, 'Pass'),
    pay: (a, s, x) => (discards(a.card, x) ? `${act(s, 'Discard')} ${card(a.card)} as payment` : `${act(s, 'Pay')} with ${card(a.card)}`),
  },
  events: {
    advisor: (_, s) => `${s.n} ${s.y ? 'are' : 'is'} now the Advisor`,
    drawn: (e, s) => `${s.n} drew ${card(e.card)}`,
    placed: (e, s) => `${s.n} placed ${card(e.card)} ${where(e.area, s.y)}`,
    taken: (e, s) => (e.byAdvisor ? `${s.n} took the last middle card, ${card(e.card)}` : `${s.n} took ${card(e.card)} from the middle`),
    'king-gained': (e, s) =>
      `${s.n} gained ${card(e.card)} ${e.from === 'self' ? 'as Advisor' : e.from === 'middle' ? 'from the middle' : 'with the lot'}`,
    'king-resolved': (e, s) =>
      `${s.n} changed ${title(e.office)} from ${e.previous} to ${e.value}${e.secondary === null ? '' : ` (secondary: ${e.secondary})`}`,
    phase: (e) => (e.phase === 'over' ? 'The game is over' : `Phase: ${L.phases[e.phase]}`),
    lot: (e) => `${card(e.card)} is up for auction (${e.remaining || 'no'} more on the favor pile)`,
    bid: (e, s) => `${s.n} bid ${e.amount}`,
    pass: (_, s) => `${s.n} passed`,
    won: (e, s) => `${s.n} won ${card(e.card)} for ${e.amount}`,
    paid: (e, s) => (e.mode === 'discard' ? `${s.n} discarded ${card(e.card)} as payment` : `${s.n} paid with ${card(e.card)}`),
    'lot-gained': (e, s) => `${s.n} took ${card(e.card)} into ${s.y ? 'your' : 'their'} hand`,
    forfeit: (e, s, w) =>
      e.card === null
        ? `${s.n} could not pay and had no card to lose`
        : `${s.n} could not pay: ${w(e.by).n} drew ${card(e.card)} at random from ${s.y ? 'your' : `${s.n}'s`} hand, and it was discarded`,
    'bidding-restarted': (e, _, w) =>
      `Bidding on ${card(e.card)} starts again without ${joinNames(
        e.excluded.map((p) => w(p).n),
        'and',
      )}`,
    'lot-discarded': (e) => `${card(e.card)} was discarded unsold`,
    'game-over': (e, _, w) => {
      const winners = e.winners.map(w);
      const points = e.points[e.winners[0] ?? -1] ?? 0;
      const verb = winners.length > 1 ? 'share the win' : winners[0]?.y ? 'win' : 'wins';
      return `Game over: ${joinNames(
        winners.map((x) => x.n),
        'and',
      )} ${verb} with ${points} point${points === 1 ? '' : 's'}`;
    },
  },
};
