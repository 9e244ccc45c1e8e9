/**
 * @internal The choices the policy network judges, from a view: the same pruning as the tree
 * search (`candidates` in `rollout.ts`), read from what the seat sees. Placing and taking keep
 * every legal action; a bid is *pass* or one above the high bid, when the bidder can pay it; a
 * King sets an office to 1 or 6 (2 or 5 if it already is 1 or 6), or with the secondary title
 * tile (RULES V2, 3 to 5 players) to the secondary's value. Payments are not judged by the
 * network (see `net-bot.ts`).
 * @module
 */

import type { Action, PlayerView } from '../../index.js';

function goldOf(view: PlayerView): number {
  let sum = 0;
  for (const c of view.hand) if (c.kind === 'gold') sum += c.value;
  return sum;
}

/** @internal The most the viewer can pay for the lot on the table (RULES A5, V1). */
export function payableOf(view: PlayerView): number {
  const gold = goldOf(view);
  if (view.variants.payment === 'by-lot') return view.lot?.kind === 'gold' ? view.hand.length : gold;
  return gold > 0 ? gold : view.hand.length;
}

/** @internal The legal actions the policy judges at this decision (never empty when `view.legal` is not). */
export function choicesOf(view: PlayerView): readonly Action[] {
  const legal = view.legal;
  if (legal.length <= 1) return legal;
  switch (view.step) {
    case 'bid': {
      const out: Action[] = [];
      const raise = legal.find((a) => a.type === 'bid' && a.amount === view.highBid + 1);
      if (raise !== undefined && raise.type === 'bid' && raise.amount <= payableOf(view)) out.push(raise);
      const pass = legal.find((a) => a.type === 'pass');
      if (pass !== undefined) out.push(pass);
      return out.length > 0 ? out : legal;
    }
    case 'king': {
      if (legal.length <= 3) return legal;
      const tile = view.variants.secondaryTitle === 'tile' && view.players > 2;
      const out = legal.filter((a) => {
        if (a.type !== 'king') return false;
        const t = view.titles[a.office];
        const current = t?.primary ?? 3;
        const low = current === 1 ? 2 : 1;
        const high = current === 6 ? 5 : 6;
        return a.value === low || a.value === high || (tile && a.value === t?.secondary);
      });
      return out.length > 0 ? out : legal;
    }
    default:
      return legal;
  }
}
