/**
 * @internal Consistency of a whole game state: the cards (each used card exactly once), the
 * counts, and the fields that must agree with the decision the game waits for. Used by
 * `deserialize`; tests may call it at every step of a game.
 * @module
 */
import { CARDS, GOLD, idOf, KIND, KING, MAX_BID, officesInPlay, RANDOM_REMOVALS, usedCards } from '../data/cards.js';
import { keepsLast, middleCapacity } from '../rules/influence.js';
import { maxGameLength } from '../rules/limits.js';
import { goldIn } from '../rules/scoring.js';
import type { GameState } from '../state/types.js';

function describeCard(c: number): string {
  return c >= 0 && c < CARDS.length ? `"${idOf(c)}"` : `#${c}`;
}

function inRange(x: number, lo: number, hi: number): boolean {
  return Number.isInteger(x) && x >= lo && x <= hi;
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

function checkCounts(s: GameState): string | null {
  const n = s.players;
  if (n !== 2 && n !== 3 && n !== 4 && n !== 5) return `players must be 2 to 5, got ${String(n)}`;
  if (s.hands.length !== n) return `hands must list ${n} hands, got ${s.hands.length}`;
  if (s.known.length !== n) return `known must list ${n} players, got ${s.known.length}`;
  const size = usedCards(n).length - RANDOM_REMOVALS[n];
  if (s.deck.length !== size) return `deck must hold ${size} cards with ${n} players, got ${s.deck.length}`;
  if (s.removed.length !== RANDOM_REMOVALS[n])
    return `removed must hold ${RANDOM_REMOVALS[n]} cards with ${n} players, got ${s.removed.length}`;
  if (!inRange(s.deckTop, 0, s.deck.length)) return `deckTop must be 0 to ${s.deck.length}, got ${s.deckTop}`;
  const capacity = middleCapacity(s);
  if (s.middle.length > capacity)
    return `middle holds ${s.middle.length} cards, at most ${capacity} with ${n} players and the "${s.variants.middle}" middle (RULES I2, V3)`;
  if (s.favorBy.length !== s.favor.length) return `favorBy has ${s.favorBy.length} entries for ${s.favor.length} favor cards`;
  for (let i = 0; i < s.favorBy.length; i++) {
    if (!inRange(s.favorBy[i] as number, 0, n - 1)) return `favorBy[${i}] must be a player 0 to ${n - 1}, got ${s.favorBy[i]}`;
  }
  if (!inRange(s.firstPlayer, 0, n - 1)) return `firstPlayer must be 0 to ${n - 1}, got ${s.firstPlayer}`;
  if (!inRange(s.toMove, -1, n - 1)) return `toMove must be -1 to ${n - 1}, got ${s.toMove}`;
  if (!inRange(s.advisor, -1, n - 1)) return `advisor must be -1 to ${n - 1}, got ${s.advisor}`;
  if (!inRange(s.lotBy, -1, n - 1)) return `lotBy must be -1 to ${n - 1}, got ${s.lotBy}`;
  if (!inRange(s.highBid, 0, MAX_BID[n] as number)) return `highBid must be 0 to ${MAX_BID[n]}, got ${s.highBid}`;
  if (!inRange(s.highBidder, -1, n - 1)) return `highBidder must be -1 to ${n - 1}, got ${s.highBidder}`;
  if ((s.highBid === 0) !== (s.highBidder === -1)) return 'highBid and highBidder disagree: a high bidder holds a bid of at least 1';
  const all = (1 << n) - 1;
  if (!inRange(s.out, 0, all)) return `out must be a bit mask of players (0 to ${all}), got ${s.out}`;
  if (!inRange(s.defaulted, 0, all)) return `defaulted must be a bit mask of players (0 to ${all}), got ${s.defaulted}`;
  if ((s.defaulted & ~s.out) !== 0) return 'defaulted players must also be out of the lot';
  if (!inRange(s.paid, 0, MAX_BID[n] as number)) return `paid must be 0 to ${MAX_BID[n]}, got ${s.paid}`;
  if (!inRange(s.forfeits, 0, Number.MAX_SAFE_INTEGER)) return `forfeits must be a count, got ${s.forfeits}`;
  if (!inRange(s.lotsDiscarded, 0, Number.MAX_SAFE_INTEGER)) return `lotsDiscarded must be a count, got ${s.lotsDiscarded}`;
  return null;
}

/**
 * The fewest actions that can have led to a state, from what it shows. Each term counts actions
 * of its own: every card drawn and no longer held was placed (RULES I2); every card known in a
 * hand arrived by a take (RULES I3) or by winning its lot (a bid, RULES A3); every forfeit ended
 * a round won by a bid (RULES A7); every King on the discard was resolved (a king action, RULES
 * K1) or was a lot discarded unsold, and every unsold lot was passed on (RULES A4). A version 1
 * save, which has no count, loads with this one.
 */
export function fewestActions(s: GameState): number {
  const placed = s.deckTop - (s.drawn >= 0 ? 1 : 0);
  let known = 0;
  for (const k of s.known) known += k.length;
  let kings = 0;
  for (const c of s.discard) if (KIND[c] === KING) kings++;
  return placed + known + s.forfeits + Math.max(kings, s.lotsDiscarded);
}

function checkMoveCount(s: GameState): string | null {
  const most = maxGameLength({ players: s.players, variants: { middle: s.variants.middle } });
  if (!inRange(s.moveCount, 0, most)) return `moveCount must be 0 to ${most} with ${s.players} players, got ${s.moveCount}`;
  const fewest = fewestActions(s);
  if (s.moveCount < fewest) return `moveCount is ${s.moveCount}, but the table shows at least ${fewest} actions taken`;
  return null;
}

function checkTitles(s: GameState): string | null {
  const n = s.players;
  const offices = officesInPlay(n);
  if (s.primary.length !== offices.length) return `primary must hold ${offices.length} titles with ${n} players, got ${s.primary.length}`;
  if (s.secondary.length !== offices.length)
    return `secondary must hold ${offices.length} titles with ${n} players, got ${s.secondary.length}`;
  for (let o = 0; o < offices.length; o++) {
    const p = s.primary[o] as number;
    const q = s.secondary[o] as number;
    if (!inRange(p, 1, 6)) return `primary[${o}] (${offices[o]}) must be 1 to 6, got ${p}`;
    const expected = n === 2 ? 0 : s.variants.secondaryTitle === 'half' ? Math.floor(p / 2) : null;
    if (expected !== null && q !== expected) return `secondary[${o}] (${offices[o]}) must be ${expected} (RULES S3), got ${q}`;
    if (expected === null && (!inRange(q, 1, 6) || q === p)) {
      return `secondary[${o}] (${offices[o]}) must be 1 to 6 and differ from the primary (RULES V2), got ${q}`;
    }
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

function checkPhaseOne(s: GameState): string | null {
  if (s.step !== 'place' && s.step !== 'take' && s.step !== 'king') return `step "${s.step}" cannot happen while there is an Advisor`;
  if (s.lot !== -1 || s.lotBy !== -1 || s.highBid !== 0 || s.out !== 0 || s.defaulted !== 0 || s.payMode !== null || s.paid !== 0) {
    return 'phase 1 (an Advisor) has no lot, bids or payment';
  }
  if (s.drawn !== -1 && (s.deckTop === 0 || s.deck[s.deckTop - 1] !== s.drawn))
    return 'the drawn card must be the last card drawn from the deck';
  if (s.step === 'place') {
    if (s.drawn === -1) return 'step "place" needs a drawn card';
    if (s.toMove !== s.advisor) return 'step "place" is the Advisor\'s decision';
    if (s.selfUsed && s.favorUsed && s.middle.length >= middleCapacity(s)) return 'step "place" needs an area that is not full';
  } else if (s.drawn !== -1) return `step "${s.step}" cannot happen while the Advisor holds a drawn card`;
  if (s.step === 'take') {
    if (s.middle.length === 0) return 'step "take" needs a card in the middle';
    if (!keepsLast(s)) {
      if (s.toMove === s.advisor) return 'step "take" is an opponent\'s decision, not the Advisor\'s';
    } else if ((s.toMove === s.advisor) !== (s.middle.length === 1)) {
      return 'step "take" is the Advisor\'s decision exactly when one middle card is left (RULES V3)';
    }
  }
  return null;
}

function checkPhaseTwo(s: GameState): string | null {
  if (s.deckTop !== s.deck.length) return 'phase 2 starts only once the deck is drawn';
  if (s.drawn !== -1 || s.middle.length !== 0 || s.selfUsed || s.favorUsed) return 'phase 2 has no drawn card, middle cards or used slots';
  if (s.step === 'place' || s.step === 'take') return `step "${s.step}" needs an Advisor`;
  if (s.lot === -1) {
    if (s.lotBy !== -1 || s.highBid !== 0 || s.out !== 0 || s.defaulted !== 0) return 'without a lot there are no bids';
  } else if (s.lotBy === -1) return 'a lot needs lotBy, the player who put it on the favor pile';
  if (s.step !== 'pay' && (s.payMode !== null || s.paid !== 0)) return `step "${s.step}" has no payment in progress`;
  const p = s.toMove;
  if (s.step === 'king') {
    if (s.lot !== -1) return 'step "king" in phase 2 comes after the lot left the table';
    return null;
  }
  if (s.lot === -1) return `step "${s.step}" needs a lot`;
  const isOut = (q: number): boolean => (s.out & (1 << q)) !== 0;
  if (s.step === 'bid') {
    if (isOut(p)) return `player ${p} is to bid but is out of this lot`;
    if (s.highBidder === p) return `player ${p} is to bid but already holds the high bid`;
    if (s.highBidder !== -1 && isOut(s.highBidder)) return 'the high bidder cannot be out of the lot';
    return null;
  }
  // step 'pay'
  if (s.payMode === null) return 'step "pay" needs payMode';
  if (s.highBidder !== p) return 'step "pay" is the high bidder\'s decision';
  if (s.paid >= s.highBid) return `paid (${s.paid}) must be below the bid (${s.highBid}) while paying`;
  const hand = s.hands[p] as readonly number[];
  const due = s.highBid - s.paid;
  if (s.variants.payment === 'by-lot') {
    if ((s.payMode === 'discard') !== (KIND[s.lot] === GOLD))
      return 'payMode must be "discard" for a Gold lot and "gold" otherwise (RULES V1)';
  } else if (s.payMode === 'discard' && hand.some((c) => KIND[c] === GOLD)) {
    return 'payMode "discard" is only for a winner without gold (RULES A5)';
  }
  if (s.payMode === 'gold' && goldIn(hand) < due) return `player ${p} holds too little gold to pay the ${due} still due`;
  if (s.payMode === 'discard' && hand.length < due) return `player ${p} holds too few cards to discard the ${due} still due`;
  return null;
}

function checkStep(s: GameState): string | null {
  if (s.step === 'over') {
    if (s.toMove !== -1 || s.advisor !== -1) return 'a game that is over has no player to move and no Advisor';
    if (s.favor.length !== 0 || s.lot !== -1 || s.king !== -1 || s.drawn !== -1)
      return 'a game that is over has no favor pile, lot, King or drawn card';
    if (s.deckTop !== s.deck.length || s.middle.length !== 0) return 'a game that is over has drawn the deck and emptied the middle';
    if (s.payMode !== null || s.paid !== 0 || s.highBid !== 0 || s.out !== 0 || s.defaulted !== 0) return 'a game that is over has no bids';
    return null;
  }
  if (s.toMove === -1) return `step "${s.step}" needs a player to move`;
  if (s.step === 'king') {
    if (s.king === -1) return 'step "king" needs a King card being resolved';
  } else if (s.king !== -1) return `step "${s.step}" cannot happen while a King waits to be resolved`;
  return s.advisor >= 0 ? checkPhaseOne(s) : checkPhaseTwo(s);
}

/**
 * @internal The first inconsistency of a state (a sentence naming the field), or `null` when it
 * is a state the rules can reach: every used card exactly once, counts and ranges, title values,
 * hands without Kings and with `known` inside them, and the fields that the decision the game
 * waits for (`step`) needs. Assumes the fields have the right JavaScript types.
 */
export function stateProblem(s: GameState): string | null {
  return checkCounts(s) ?? checkTitles(s) ?? checkCards(s) ?? checkHands(s) ?? checkStep(s) ?? checkMoveCount(s);
}
