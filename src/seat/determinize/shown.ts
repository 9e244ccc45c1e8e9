/**
 * @internal Step 2 of reading a view: every card it shows, once, in a place that fits the step.
 * @module
 */
import { KIND, KING } from '../../data/cards.js';
import type { PlayerView } from '../view.js';
import { invalid, list } from './checks.js';
import type { Frame } from './frame.js';
import { cardsOf, IN_HAND, idOf, indexOfCard, mark, SEEN, see, seeIndex, startMarks } from './marks.js';

/** What the view shows, as catalogue indexes, each card marked where it is seen. */
export interface Shown {
  /** Whole hands the view shows (the viewer's; every hand at the end); `undefined` where hidden. */
  readonly hands: (number[] | undefined)[];
  readonly known: number[][];
  readonly middle: number[];
  readonly discard: number[];
  readonly myFavor: number[];
  readonly lot: number;
  readonly king: number;
  readonly holds: boolean;
  /** The drawn card if the view shows it, else -1. */
  readonly drawn: number;
}

/** Step 2, read what the view shows: every visible card, once, in a place that fits the step. */
export function readShown(v: PlayerView, f: Frame): Shown {
  const { n, me, over, advisor } = f;
  startMarks(n);
  const allHands = over ? list(v.hands, 'hands') : null;
  if (allHands !== null && allHands.length !== n) throw invalid(`hands must list ${n} hands at the end`);
  const hands: (number[] | undefined)[] = new Array<number[] | undefined>(n);
  for (let p = 0; p < n; p++) {
    const shown = allHands !== null ? allHands[p] : p === me ? v.hand : null;
    if (shown !== null) hands[p] = cardsOf(shown, `hands[${p}]`, IN_HAND + p);
  }
  const known: number[][] = new Array<number[]>(n);
  for (let p = 0; p < n; p++) {
    const k = list(f.knownIn[p], `known[${p}]`);
    const length = k.length;
    const out = new Array<number>(length);
    for (let i = 0; i < length; i++) {
      const c = indexOfCard(k[i], `known[${p}]`);
      if (hands[p] !== undefined) {
        if (mark[c] !== IN_HAND + p) throw invalid(`known[${p}] lists ${idOf(c)}, which is not in that hand`);
        if (out.includes(c)) throw invalid(`known[${p}] lists ${idOf(c)} twice`);
      } else seeIndex(c, `known[${p}]`, IN_HAND + p);
      out[i] = c;
    }
    known[p] = out;
  }
  const middle = cardsOf(v.middle, 'middle', SEEN);
  const discard = cardsOf(v.discard, 'discard', SEEN);
  const myFavor = cardsOf(v.myFavor, 'myFavor', SEEN);
  const lotIn: unknown = v.lot;
  const lot = lotIn === null ? -1 : see(lotIn, 'lot', SEEN);
  const kingIn = f.fields.king;
  const king = kingIn === null ? -1 : see(kingIn.card, 'king', SEEN);
  if (king >= 0 && KIND[king] !== KING) throw invalid('king holds a card that is not a King');
  for (let p = 0; p < n; p++) {
    for (const c of hands[p] ?? (known[p] as number[]))
      if (KIND[c] === KING) throw invalid(`player ${p} is shown holding a King: nobody keeps one (RULES K1)`);
  }
  const holds = f.fields.advisorHoldsCard;
  const drawnIn: unknown = v.drawn;
  if (drawnIn !== null && (me < 0 || advisor !== me || !holds))
    throw invalid('drawn is shown but the viewer is not the Advisor holding a card');
  if (holds && advisor < 0) throw invalid('advisorHoldsCard without an Advisor');
  const drawn = drawnIn === null ? -1 : see(drawnIn, 'drawn', SEEN);
  if (holds && advisor === me && drawn < 0) throw invalid('the viewer is the Advisor holding a card, but drawn is null');
  if (me < 0 && myFavor.length > 0) throw invalid('a spectator has no favor cards');
  if (lot >= 0 && advisor >= 0) throw invalid('a lot is on the table while there is an Advisor');
  return { hands, known, middle, discard, myFavor, lot, king, holds, drawn };
}
