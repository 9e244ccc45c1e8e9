/**
 * @internal Consistency of a whole game state: the cards (each used card exactly once, hands
 * without Kings), and the public table (`rules/reachable.ts`: counts, titles, the step, the turn
 * order, counters). Used by `deserialize`; tests may call it at every step of a game.
 * @module
 */
import { CARDS, idOf, KIND, KING, usedCards } from '../data/cards.js';
import { checkCounts, checkTitles, turnProblem } from '../rules/reachable.js';
import type { GameState } from '../state/types.js';

function describeCard(c: number): string {
  return c >= 0 && c < CARDS.length ? `"${idOf(c)}"` : `#${c}`;
}

/** Where each card of the game is, to report a duplicate or a missing card by place. */
function checkCards(s: GameState): string | null {
  const n = s.players;
  const used = usedCards(n);
  const where: (string | undefined)[] = new Array<string | undefined>(CARDS.length);
  const isUsed = new Uint8Array(CARDS.length);
  for (const c of used) isUsed[c] = 1;
  const put = (c: number, place: string): string | null => {
    if (!(c >= 0 && c < CARDS.length)) return `${place} holds ${describeCard(c)}, which is not a card`;
    if (isUsed[c] !== 1) return `${place} holds ${describeCard(c)}, which is not used with ${n} players (RULES C3)`;
    const before = where[c];
    if (before !== undefined) return `${describeCard(c)} appears twice: in ${before} and in ${place}`;
    where[c] = place;
    return null;
  };
  const lists: [string, readonly number[], number][] = [
    ['removed', s.removed, 0],
    ['deck', s.deck, s.deckTop],
    ['middle', s.middle, 0],
    ['favor', s.favor, 0],
    ['discard', s.discard, 0],
  ];
  s.hands.forEach((h, p) => {
    lists.push([`hands[${p}]`, h, 0]);
  });
  for (const [name, list, from] of lists) {
    for (let i = from; i < list.length; i++) {
      const e = put(list[i] as number, `${name}[${i}]`);
      if (e) return e;
    }
  }
  for (const [name, c] of [
    ['drawn', s.drawn],
    ['lot', s.lot],
    ['king', s.king],
  ] as const) {
    if (c !== -1) {
      const e = put(c, name);
      if (e) return e;
    }
  }
  for (const c of used) if (where[c] === undefined) return `${describeCard(c)} is missing: every used card must be somewhere`;
  // The deck and the random removals together are exactly the used cards (RULES S2).
  const inDeck = new Uint8Array(CARDS.length);
  for (const c of [...s.removed, ...s.deck]) {
    if (!(c >= 0 && c < CARDS.length) || isUsed[c] !== 1)
      return `deck or removed holds ${describeCard(c)}, which is not a card of this game`;
    if (inDeck[c] === 1) return `${describeCard(c)} appears twice in deck and removed`;
    inDeck[c] = 1;
  }
  return null;
}

function checkHands(s: GameState): string | null {
  for (let p = 0; p < s.players; p++) {
    const hand = s.hands[p] as readonly number[];
    for (const c of hand) if (KIND[c] === KING) return `hands[${p}] holds the King ${describeCard(c)}: a King is never kept (RULES K1)`;
    const known = s.known[p] as readonly number[];
    const seen = new Set<number>();
    for (const c of known) {
      if (!hand.includes(c)) return `known[${p}] lists ${describeCard(c)}, which is not in hands[${p}]`;
      if (seen.has(c)) return `known[${p}] lists ${describeCard(c)} twice`;
      seen.add(c);
    }
  }
  if (s.king !== -1 && KIND[s.king] !== KING) return `king holds ${describeCard(s.king)}, which is not a King card`;
  return null;
}

/**
 * @internal The first inconsistency of a state (a sentence naming the field), or `null` when it
 * is a state the rules can reach: every used card exactly once, counts and ranges, title values,
 * hands without Kings and with `known` inside them, the fields that the decision the game
 * waits for (`step`) needs, the turn order (who is Advisor and who is to move, from the cards
 * drawn, placed and taken; the bidding order), and counters a game can reach. Assumes the fields have the right JavaScript types.
 */
export function stateProblem(s: GameState): string | null {
  return checkCounts(s) ?? checkTitles(s) ?? checkCards(s) ?? checkHands(s) ?? turnProblem(s);
}
