/**
 * @internal Shared, frozen action objects. Legal-action lists reuse these instead of allocating
 * a fresh object for every option on every call (the auction alone offers dozens of bids).
 * @module
 */
import { idOf, OFFICES } from '../data/cards.js';
import { engineAction } from '../state/engine-action.js';
import type { Action, Area, BidAction, KingAction, PassAction, PayAction, PlaceAction, TakeAction } from '../state/types.js';

const MAX_PLAYERS = 5;
const AREAS: readonly Area[] = ['self', 'middle', 'favor'];

const place: PlaceAction[][] = [];
const pass: PassAction[] = [];
const take: TakeAction[][] = [];
const pay: PayAction[][] = [];
const bid: BidAction[][] = [];
const king: KingAction[][][] = [];
for (let p = 0; p < MAX_PLAYERS; p++) {
  place.push(AREAS.map((area) => engineAction({ type: 'place', player: p, area })));
  pass.push(engineAction({ type: 'pass', player: p }));
  take.push([]);
  pay.push([]);
  bid.push([]);
  king.push(
    OFFICES.map((office) => {
      const row: KingAction[] = [];
      for (let v = 0; v <= 6; v++) row.push(engineAction({ type: 'king', player: p, office, value: v }));
      return row;
    }),
  );
}

/** @internal The place action for player `p` and area index (0 self, 1 middle, 2 favor). */
export function placeAction(p: number, area: number): PlaceAction {
  return (place[p] as PlaceAction[])[area] as PlaceAction;
}

/** @internal The pass action of player `p`. */
export function passAction(p: number): PassAction {
  return pass[p] as PassAction;
}

/** @internal The take action of player `p` for card index `c`. */
export function takeAction(p: number, c: number): TakeAction {
  const row = take[p] as TakeAction[];
  let a = row[c];
  if (a === undefined) {
    a = engineAction({ type: 'take', player: p, card: idOf(c) });
    row[c] = a;
  }
  return a;
}

/** @internal The pay action of player `p` for card index `c`. */
export function payAction(p: number, c: number): PayAction {
  const row = pay[p] as PayAction[];
  let a = row[c];
  if (a === undefined) {
    a = engineAction({ type: 'pay', player: p, card: idOf(c) });
    row[c] = a;
  }
  return a;
}

/** @internal The bid action of player `p` for `amount`. */
export function bidAction(p: number, amount: number): BidAction {
  const row = bid[p] as BidAction[];
  let a = row[amount];
  if (a === undefined) {
    a = engineAction({ type: 'bid', player: p, amount });
    row[amount] = a;
  }
  return a;
}

/** @internal The king action of player `p` for office index `o` and `value`. */
export function kingAction(p: number, o: number, value: number): KingAction {
  return ((king[p] as KingAction[][])[o] as KingAction[])[value] as KingAction;
}

// bidLists[maxBid][player][highBid] = frozen [bid highBid+1 … bid maxBid, pass]
const bidLists: ((readonly Action[])[][] | undefined)[] = [];

/** @internal The (shared, frozen) legal list of a bidder: every higher bid up to `maxBid`, then pass. */
export function bidList(p: number, highBid: number, maxBid: number): readonly Action[] {
  let byPlayer = bidLists[maxBid];
  if (byPlayer === undefined) {
    byPlayer = [];
    for (let i = 0; i < MAX_PLAYERS; i++) byPlayer.push([]);
    bidLists[maxBid] = byPlayer;
  }
  const row = byPlayer[p] as (readonly Action[])[];
  let list = row[highBid];
  if (list === undefined) {
    const out: Action[] = [];
    for (let amount = highBid + 1; amount <= maxBid; amount++) out.push(bidAction(p, amount));
    out.push(passAction(p));
    list = Object.freeze(out);
    row[highBid] = list;
  }
  return list;
}
