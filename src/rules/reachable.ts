/**
 * @internal Whether a state's table is one the rules can reach, from its public fields alone:
 * counts and ranges, title values, the fields the decision the game waits for needs, the turn
 * order (who is Advisor and who is to move, from the cards drawn, placed and taken; the bidding
 * order), what phase 1's turns allow (who placed each favor card, how many cards each hand holds,
 * only Kings on the discard) and the counters. Where the hidden cards lie is checked by `saves/validate.ts`. Used by
 * `deserialize` (through `stateProblem`) and by `determinize`, whose deal makes the cards right
 * by construction but takes these fields from an untrusted view.
 * @module
 */
import { GOLD, idOf, KIND, KING, MAX_BID, officesInPlay, RANDOM_REMOVALS, usedCards } from '../data/cards.js';
import type { GameState } from '../state/types.js';
import { keepsLast, middleCapacity } from './influence.js';
import { maxGameLength } from './limits.js';
import { goldIn } from './scoring.js';

/** @internal Whether `x` is an integer from `lo` to `hi`. */
export function inRange(x: number, lo: number, hi: number): boolean {
  return Number.isInteger(x) && x >= lo && x <= hi;
}

/** @internal Counts and ranges of every field. */
export function checkCounts(s: GameState): string | null {
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

/** The bit count of a player mask. */
function bits(mask: number): number {
  let k = 0;
  for (let m = mask; m !== 0; m &= m - 1) k++;
  return k;
}

/** Cards drawn in every Advisor's turn but the last: one per slot, self, favor and the middle (RULES I2, V3). */
function perTurn(s: GameState): number {
  return middleCapacity(s) + 2;
}

/**
 * The counters against what a game can reach: nothing is forfeited or discarded unsold before
 * phase 2 (RULES A7, A4). The lots over are at most the favor cards placed (one per Advisor's
 * turn, I2) less those still on the pile or on the table; every lot discarded unsold is one of
 * them and lies on the discard. This lot's forfeits are its defaulters (one each, A7); every lot
 * over saw at most one forfeit per player (a defaulter is out of its bidding).
 */
function checkCounters(s: GameState): string | null {
  if (s.advisor >= 0) {
    if (s.forfeits !== 0 || s.lotsDiscarded !== 0) return 'forfeits and lotsDiscarded must be 0 before phase 2 (RULES A4, A7)';
    return null;
  }
  if (s.lotsDiscarded > s.discard.length) return `lotsDiscarded (${s.lotsDiscarded}) exceeds the ${s.discard.length} cards on the discard`;
  const per = perTurn(s);
  const turns = Math.ceil(s.deck.length / per);
  // Phase 1 put at most one card a turn on the favor pile: more left than that is a state of
  // another middle rule's turns (a save whose variant was changed), whose lots over would be
  // undercounted below until a later forfeit broke the bound.
  const left = s.favor.length + (s.lot >= 0 ? 1 : 0);
  if (left > turns) {
    return `the favor pile and the lot hold ${left} cards, more than the ${turns} turns of phase 1 placed (${per} cards a turn under the "${s.variants.middle}" middle; RULES I2, A2, V3)`;
  }
  const over = turns - left;
  if (s.lotsDiscarded > over) return `lotsDiscarded (${s.lotsDiscarded}) exceeds the ${over} lots that can be over`;
  const now = bits(s.defaulted);
  if (s.forfeits < now) return `forfeits (${s.forfeits}) is below the ${now} players who defaulted on this lot`;
  if (s.forfeits - now > s.players * over) {
    return `forfeits (${s.forfeits}) exceeds ${s.players * over + now}: at most one per player for each of the ${over} lots over, and this lot's ${now} (RULES A7)`;
  }
  return null;
}

/**
 * Phase 1's turn order (RULES I1–I4, V3). Every Advisor's turn but the last draws exactly one
 * card per slot, so the number of cards drawn says whose turn it is and how many of its cards
 * were placed; the middle cards placed and still there say how many were taken, and so who takes
 * next; `king` says who gained the King (the Advisor from *self* or as the last middle card, or
 * the last taker).
 */
function checkTurn(s: GameState): string | null {
  const n = s.players;
  if (s.deckTop === 0) return 'phase 1 has drawn at least the first card (RULES I1)';
  const per = perTurn(s);
  const turn = Math.floor((s.deckTop - 1) / per);
  const advisor = (s.firstPlayer + turn) % n;
  if (s.advisor !== advisor) {
    return `advisor must be player ${advisor}: with ${s.deckTop} cards drawn it is turn ${turn + 1}, from firstPlayer ${s.firstPlayer} (RULES I1, I4)`;
  }
  const placed = s.deckTop - turn * per - (s.drawn >= 0 ? 1 : 0);
  const intoMiddle = placed - (s.selfUsed ? 1 : 0) - (s.favorUsed ? 1 : 0);
  if (intoMiddle < 0 || intoMiddle > middleCapacity(s)) return `selfUsed and favorUsed do not fit the ${placed} cards placed this turn`;
  const taken = intoMiddle - s.middle.length;
  if (taken < 0) return `the middle holds ${s.middle.length} cards but only ${intoMiddle} were placed there this turn`;
  // Every earlier turn filled the favor area (its cards filled every slot), and nothing leaves the
  // pile before phase 2: the pile counts the turns played. A state of another middle rule's turns
  // (a save whose variant was changed) fails here, and would fail the counters of phase 2 later.
  const favor = turn + (s.favorUsed ? 1 : 0);
  if (s.favor.length !== favor) {
    const mine = s.favorUsed ? ' and this turn’s' : '';
    return `the favor pile must hold ${favor} cards, one for each of the ${turn} turns before this one${mine} (${s.deckTop} cards drawn, ${per} a turn under the "${s.variants.middle}" middle), got ${s.favor.length} (RULES I2, I4, V3)`;
  }
  // Reading: the pile is shuffled only when phase 2 begins (RULES A1), so in phase 1 its card i
  // is turn i's, placed by that turn's Advisor, under either middle rule (V3 changes the cards a
  // turn, not who is Advisor).
  for (let i = 0; i < favor; i++) {
    const by = (s.firstPlayer + i) % n;
    if (s.favorBy[i] !== by)
      return `favorBy[${i}] must be player ${by}, the Advisor of turn ${i + 1} who placed it (RULES I1, I2), got ${s.favorBy[i]}`;
  }
  const over = s.drawn === -1 && (placed === per || s.deckTop === s.deck.length);
  if (s.step === 'place') {
    if (taken !== 0) return 'step "place": nobody takes from the middle before the placements are over (RULES I3)';
    return null;
  }
  const last = keepsLast(s) && s.middle.length === 1;
  if (s.step === 'take') {
    if (!over) return 'step "take" comes once the Advisor has filled every area or drawn the deck (RULES I2, I3)';
    const taker = last ? s.advisor : (s.advisor + 1 + taken) % n;
    if (s.toMove !== taker) return `step "take": ${taken} cards were taken, so player ${taker} takes next, not ${s.toMove} (RULES I3, V3)`;
    return null;
  }
  // step 'king': the Advisor placed it in self (takes not begun) or took the last middle card,
  // or the last taker took it.
  if (s.toMove === s.advisor) {
    const fromSelf = s.selfUsed && taken === 0;
    const tookLast = keepsLast(s) && over && taken > 0 && s.middle.length === 0;
    if (!fromSelf && !tookLast) return 'step "king": the Advisor gains a King only from self or as the last middle card (RULES K1, V3)';
    return null;
  }
  const taker = (s.advisor + taken) % n;
  if (!over || taken === 0 || s.toMove !== taker)
    return `step "king": the King was taken by player ${taker}, the last taker, not ${s.toMove} (RULES I3, K1)`;
  if (keepsLast(s) && s.middle.length === 0) return 'step "king": an opponent never takes the last middle card (RULES V3)';
  return null;
}

/**
 * Phase 1's hands and discard against the turns played (RULES I2, I3, K1). Every turn before this
 * one was full: its Advisor placed one card in *self* and, under `'advisor-keeps-last'`, took the
 * last middle card; every opponent took one. In this turn the Advisor placed in *self* if
 * `selfUsed`, and the first takers clockwise from the Advisor's left took (the Advisor took the
 * last card when a King so gained waits: otherwise the turn would be over). A card placed in
 * *self* is unseen, a card taken is known (H1); a King gained either way is not held (K1). So a
 * hand holds at most its player's *self* cards unseen and their takes known; fewer only by the
 * Kings. Reading: payments, forfeits and unsold lots come in phase 2 (A4, A5, A7), so in phase 1
 * the discard holds only resolved Kings. Assumes {@link checkTurn} passed.
 */
function checkGains(s: GameState): string | null {
  for (let i = 0; i < s.discard.length; i++) {
    const c = s.discard[i] as number;
    if (KIND[c] !== KING) return `discard[${i}] holds "${idOf(c)}": in phase 1 only resolved Kings are discarded (RULES K1)`;
  }
  const n = s.players;
  const per = perTurn(s);
  const turn = Math.floor((s.deckTop - 1) / per);
  const placed = s.deckTop - turn * per - (s.drawn >= 0 ? 1 : 0);
  const taken = placed - (s.selfUsed ? 1 : 0) - (s.favorUsed ? 1 : 0) - s.middle.length;
  const last = keepsLast(s);
  const advisorTook = last && taken > 0 && s.middle.length === 0 && s.step === 'king' && s.toMove === s.advisor;
  const byOpponents = taken - (advisorTook ? 1 : 0);
  for (let p = 0; p < n; p++) {
    // The turns before this one that p was Advisor of, from the first player on (RULES I1, I4).
    const advised = Math.floor((turn + n - 1 - ((p - s.firstPlayer + n) % n)) / n);
    let selfs = advised;
    let takes = turn - advised + (last ? advised : 0);
    if (p === s.advisor) {
      if (s.selfUsed) selfs++;
      if (advisorTook) takes++;
    } else if ((p - s.advisor - 1 + n) % n < byOpponents) takes++;
    if (s.step === 'king' && p === s.toMove) {
      if (p === s.advisor && !advisorTook) selfs--;
      else takes--;
    }
    const known = (s.known[p] as readonly number[]).length;
    const unseen = (s.hands[p] as readonly number[]).length - known;
    if (known > takes)
      return `known[${p}] lists ${known} cards, but player ${p} has taken at most ${takes} middle cards by turn ${turn + 1} (RULES I3)`;
    if (unseen > selfs)
      return `hands[${p}] holds ${unseen} cards not in known[${p}], but player ${p} has placed at most ${selfs} in self by turn ${turn + 1} (RULES I2)`;
  }
  return null;
}

/**
 * Phase 2's bidding order (RULES A3, A4): before the first bid of a round, everyone from the
 * first player up to the player to move has passed (or defaulted), and nobody after them has
 * acted yet; after a bid, everyone from the high bidder up to the player to move has passed; a
 * winner pays once everyone else is out.
 */
function checkBidding(s: GameState): string | null {
  const n = s.players;
  const p = s.toMove;
  if (s.step === 'bid' && s.highBid === 0) {
    for (let i = 0, q = s.firstPlayer; i < n; i++, q = (q + 1) % n) {
      if (q === p) continue;
      const isOut = (s.out & (1 << q)) !== 0;
      const before = (q - s.firstPlayer + n) % n < (p - s.firstPlayer + n) % n;
      if (before && !isOut)
        return `player ${q} bids before player ${p} from the first player, so must be out before the first bid (RULES A3)`;
      if (!before && isOut !== ((s.defaulted & (1 << q)) !== 0))
        return `player ${q} has not acted yet in this round: out only if they defaulted (RULES A3, A7)`;
    }
  }
  if (s.step === 'bid' && s.highBid > 0) {
    // Since the high bid, every player in turn up to the player to move has passed.
    for (let q = (s.highBidder + 1) % n; q !== p; q = (q + 1) % n) {
      if ((s.out & (1 << q)) === 0)
        return `player ${q} comes after the high bidder ${s.highBidder} and before player ${p}, so must have passed (RULES A3)`;
    }
  }
  if (s.step === 'pay' && s.out !== (((1 << n) - 1) & ~(1 << p)))
    return 'step "pay": every player but the winner is out of the lot (RULES A4)';
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

/** `maxGameLength` per player count and middle rule (it checks its options: too slow for `determinize`'s every call). */
const MOST: number[] = [];

function mostActions(s: GameState): number {
  const key = s.players * 2 + (s.variants.middle === 'one-per-opponent' ? 1 : 0);
  let most = MOST[key];
  if (most === undefined) {
    most = maxGameLength({ players: s.players, variants: { middle: s.variants.middle } });
    MOST[key] = most;
  }
  return most;
}

function checkMoveCount(s: GameState): string | null {
  const most = mostActions(s);
  if (!inRange(s.moveCount, 0, most)) return `moveCount must be 0 to ${most} with ${s.players} players, got ${s.moveCount}`;
  const fewest = fewestActions(s);
  if (s.moveCount < fewest) return `moveCount is ${s.moveCount}, but the table shows at least ${fewest} actions taken`;
  return null;
}

/** @internal Title values (RULES S3, V2). */
export function checkTitles(s: GameState): string | null {
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
  return s.advisor >= 0 ? (checkPhaseOne(s) ?? checkTurn(s) ?? checkGains(s)) : (checkPhaseTwo(s) ?? checkBidding(s));
}

/**
 * @internal The first inconsistency of the fields that follow the game's course (the step and
 * who is to move, the turn and bidding order, counters, the move count), or `null`. Assumes
 * {@link checkCounts} passed.
 */
export function turnProblem(s: GameState): string | null {
  return checkStep(s) ?? checkCounters(s) ?? checkMoveCount(s);
}

/**
 * @internal The first inconsistency of a state's public table (everything but where the hidden
 * cards lie), or `null`. Assumes the fields have the right JavaScript types.
 */
export function tableProblem(s: GameState): string | null {
  return checkCounts(s) ?? checkTitles(s) ?? turnProblem(s);
}
