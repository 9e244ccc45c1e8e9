/**
 * @internal The legal actions addressed by their index in `legalActions`' order, without building
 * the list: how many there are, the one at an index, its id, and its transition. The simulator
 * drives the game through these; `legalActions` and `apply` remain the reference they must match.
 * @module
 */
import { GOLD, KIND } from '../data/cards.js';
import type { Action, Area, GameState } from '../state/types.js';
import { ACTION_IDS_PER_PLAYER, BID_BASE, KING_BASE, PASS_ID, PAY_BASE, TAKE_BASE } from './action-ids.js';
import { bidAction, kingAction, passAction, payAction, placeAction, takeAction } from './actions.js';
import { resume } from './apply.js';
import { bid, maxBid, pass, pay } from './auction.js';
import type { Draft, Tx } from './draft.js';
import { openAreas, place, take } from './influence.js';
import { resolveKing } from './king.js';

const AREAS: readonly Area[] = ['self', 'middle', 'favor'];
/** BIT_COUNT[mask]: the number of open areas. */
const BIT_COUNT: readonly number[] = [0, 1, 1, 2, 1, 2, 2, 3];
/** NTH_AREA[mask][i]: the area index of the i-th open area. */
const NTH_AREA: readonly (readonly number[])[] = BIT_COUNT.map((_, mask) => [0, 1, 2].filter((a) => mask & (1 << a)));

/** @internal The number of legal actions of the player to move (0 once the game is over). */
export function legalCount(s: GameState): number {
  switch (s.step) {
    case 'place':
      return BIT_COUNT[openAreas(s)] as number;
    case 'take':
      return s.middle.length;
    case 'king':
      return kingCount(s);
    case 'bid':
      return maxBid(s) - s.highBid + 1;
    case 'pay':
      return payCount(s);
    default:
      return 0;
  }
}

function kingCount(s: GameState): number {
  let n = 0;
  for (let o = 0; o < s.primary.length; o++) {
    const current = s.primary[o] as number;
    n += current >= 1 && current <= 6 ? 5 : 6;
  }
  return n;
}

function payCount(s: GameState): number {
  const hand = s.hands[s.toMove] as readonly number[];
  if (s.payMode !== 'gold') return hand.length;
  let n = 0;
  for (let i = 0; i < hand.length; i++) if (KIND[hand[i] as number] === GOLD) n++;
  return n;
}

/** The office index and value of the `i`-th King resolution (office order, values 1–6 but the current one). */
function kingChoice(s: GameState, i: number): number {
  for (let o = 0; o < s.primary.length; o++) {
    const current = s.primary[o] as number;
    for (let v = 1; v <= 6; v++) {
      if (v === current) continue;
      if (i === 0) return o * 8 + v;
      i--;
    }
  }
  return -1;
}

/** The hand position of the `i`-th card that may pay. */
function payPosition(s: GameState, i: number): number {
  const hand = s.hands[s.toMove] as readonly number[];
  if (s.payMode !== 'gold') return i;
  for (let k = 0; k < hand.length; k++) {
    if (KIND[hand[k] as number] === GOLD) {
      if (i === 0) return k;
      i--;
    }
  }
  return -1;
}

/** @internal The `i`-th legal action (0 ≤ i < legalCount), the same frozen object `legalActions` lists there. */
export function legalAt(s: GameState, i: number): Action {
  const p = s.toMove;
  switch (s.step) {
    case 'place':
      return placeAction(p, (NTH_AREA[openAreas(s)] as readonly number[])[i] as number);
    case 'take':
      return takeAction(p, s.middle[i] as number);
    case 'king': {
      const k = kingChoice(s, i);
      return kingAction(p, k >> 3, k & 7);
    }
    case 'bid': {
      const amount = s.highBid + 1 + i;
      return amount > maxBid(s) ? passAction(p) : bidAction(p, amount);
    }
    default:
      return payAction(p, (s.hands[p] as readonly number[])[payPosition(s, i)] as number);
  }
}

/** @internal The action id of the `i`-th legal action (see `actionId`). */
export function legalIdAt(s: GameState, i: number): number {
  const base = s.toMove * ACTION_IDS_PER_PLAYER;
  switch (s.step) {
    case 'place':
      return base + ((NTH_AREA[openAreas(s)] as readonly number[])[i] as number);
    case 'take':
      return base + TAKE_BASE + (s.middle[i] as number);
    case 'king': {
      const k = kingChoice(s, i);
      return base + KING_BASE + (k >> 3) * 6 + (k & 7) - 1;
    }
    case 'bid': {
      const amount = s.highBid + 1 + i;
      return base + (amount > maxBid(s) ? PASS_ID : BID_BASE + amount);
    }
    default:
      return base + PAY_BASE + ((s.hands[s.toMove] as readonly number[])[payPosition(s, i)] as number);
  }
}

/**
 * @internal Plays the `i`-th legal action (0 ≤ i < legalCount, unchecked) on the draft in place:
 * the same transitions as `perform`, reached without building or decoding an action object.
 */
export function playAt(d: Draft, i: number, tx: Tx): void {
  d.moveCount += 1;
  switch (d.step) {
    case 'place':
      place(d, AREAS[(NTH_AREA[openAreas(d)] as readonly number[])[i] as number] as Area, tx);
      break;
    case 'take':
      take(d, d.middle[i] as number, tx);
      break;
    case 'king': {
      const k = kingChoice(d, i);
      resolveKing(d, k >> 3, k & 7, tx);
      resume(d, tx);
      break;
    }
    case 'bid': {
      const amount = d.highBid + 1 + i;
      if (amount > maxBid(d)) pass(d, tx);
      else bid(d, amount, tx);
      break;
    }
    default:
      pay(d, (d.hands[d.toMove] as readonly number[])[payPosition(d, i)] as number, tx);
  }
}
