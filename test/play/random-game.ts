/**
 * `npm start` (until the bots and the CLI arrive): one seeded game between random players,
 * printed turn by turn, with the final score table.
 *
 *   npx tsx test/play/random-game.ts [seed] [players]
 *
 * The players pick uniformly among their legal actions, except that a bidder only considers
 * passing or raising the high bid by 1 to 3 within what they can pay, so the auction stays
 * readable. (The players look at their own hands only; the script itself sees everything.)
 */
import {
  type Action,
  CARDS,
  cardById,
  createGame,
  type GameEvent,
  type GameState,
  isGameOver,
  legalActions,
  officesInPlay,
  type PlayerCount,
  score,
  step,
} from '../../src/index.js';

const seed = process.argv[2] ?? '1';
const players = Number(process.argv[3] ?? 4);
if (players !== 2 && players !== 3 && players !== 4 && players !== 5) {
  console.error(`players must be 2 to 5, got ${process.argv[3]}`);
  process.exit(2);
}

/** mulberry32, seeded from the game's seed: the random players' own generator. */
function generator(text: string): (n: number) => number {
  let a = 0;
  for (let i = 0; i < text.length; i++) a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}
const rand = generator(seed);

function choose(state: GameState): Action {
  let legal = legalActions(state);
  if (state.step === 'bid') {
    const budget = canPay(state.hands[state.toMove] ?? []);
    legal = legal.filter((a) => a.type === 'pass' || (a.type === 'bid' && a.amount <= Math.min(state.highBid + 3, budget)));
  }
  return legal[rand(legal.length)] as Action;
}

/** What a hand can pay under the default rule (RULES A5): its gold, or with no gold its size. */
function canPay(hand: readonly number[]): number {
  let gold = 0;
  let coins = 0;
  for (const c of hand) {
    const card = CARDS[c];
    if (card?.kind === 'gold') {
      gold++;
      coins += card.value;
    }
  }
  return gold > 0 ? coins : hand.length;
}

const P = (p: number): string => `P${p}`;

function label(id: string): string {
  const card = cardById(id);
  if (card === undefined) return id;
  if (card.kind === 'government') return `${id} (${card.value})`;
  return id;
}

let state = createGame({ players: players as PlayerCount, seed });
const offices = officesInPlay(players);
console.log(`For the King (and Me): a random game, ${players} players, seed "${seed}", first player ${P(state.firstPlayer)}`);
console.log(`Offices in play: ${offices.join(', ')}`);
console.log('\nPhase 1: Share Influence');

const INDENT = ' '.repeat(10);
let turn = 0;
let lots = 0;
let totalLots = 0;
let head = '';
let parts: string[] = [];
let kingFrom: 'self' | 'middle' | 'lot' = 'self';
const flush = (): void => {
  if (head !== '') console.log(parts.length > 0 ? `${head} ${parts.join(', ')}` : head);
  head = '';
  parts = [];
};
const startAdvisorTurn = (p: number): void => {
  flush();
  turn++;
  head = `Turn ${String(turn).padStart(2)}  Advisor ${P(p)} places:`;
};

function show(e: GameEvent): void {
  switch (e.type) {
    case 'advisor':
      startAdvisorTurn(e.player);
      break;
    case 'placed':
      parts.push(`${e.area} ${e.card === null ? '?' : label(e.card)}`);
      break;
    case 'taken':
      if (!head.endsWith('takes:')) {
        flush();
        head = `${INDENT}takes:`;
      }
      parts.push(`${P(e.player)} ${label(e.card)}`);
      break;
    case 'king-gained':
      kingFrom = e.from;
      break;
    case 'king-resolved': {
      const secondary = e.secondary === null ? '' : `, secondary ${e.secondary}`;
      const what = `${e.office} ${e.previous} -> ${e.value}${secondary}`;
      if (kingFrom === 'lot') parts.push(`then sets ${what}`);
      else parts[parts.length - 1] += ` (sets ${what})`;
      break;
    }
    case 'phase':
      flush();
      if (e.phase === 'esteem') console.log('\nPhase 2: Gain Esteem');
      break;
    case 'lot':
      flush();
      lots++;
      if (totalLots === 0) totalLots = e.remaining + 1;
      console.log(`Lot ${String(lots).padStart(2)}/${totalLots}  ${label(e.card)}`);
      head = `${INDENT}bids:`;
      break;
    case 'bid':
      parts.push(`${P(e.player)} ${e.amount}`);
      break;
    case 'pass':
      parts.push(`${P(e.player)} passes`);
      break;
    case 'won':
      flush();
      head = `${INDENT}${P(e.player)} wins for ${e.amount}`;
      break;
    case 'paid':
      if (parts.length === 0) head += e.mode === 'gold' ? ' and pays' : ' and discards';
      parts.push(label(e.card));
      break;
    case 'lot-gained':
      flush();
      break;
    case 'forfeit':
      head += ` but cannot pay: ${P(e.by)} draws ${e.card === null ? 'nothing' : label(e.card)} from ${P(e.player)}'s hand, discarded`;
      flush();
      break;
    case 'bidding-restarted':
      flush();
      head = `${INDENT}bids again without ${e.excluded.map(P).join(', ')}:`;
      break;
    case 'lot-discarded':
      flush();
      console.log(`${INDENT}nobody buys it: discarded`);
      break;
    default:
      break;
  }
}

startAdvisorTurn(state.firstPlayer);
while (!isGameOver(state)) {
  const result = step(state, choose(state));
  for (const e of result.events) show(e);
  state = result.state;
}
flush();

const final = score(state);
const seats = Array.from({ length: players }, (_, p) => p);
const rows: string[][] = [['office', 'titles', ...seats.map(P)]];
for (const office of offices) {
  const o = final.offices[office];
  if (o === undefined) continue;
  const cell = (p: number): string => {
    const mark = o.first === p ? ` +${o.primary}` : o.second === p && o.secondary !== null ? ` +${o.secondary}` : '';
    return `${o.influence[p]}${mark}`;
  };
  rows.push([office, o.secondary === null ? `${o.primary}` : `${o.primary}/${o.secondary}`, ...seats.map(cell)]);
}
const gold = seats.map((p) => {
  let sum = 0;
  for (const c of state.hands[p] ?? []) {
    const card = CARDS[c];
    if (card?.kind === 'gold') sum += card.value;
  }
  return String(sum);
});
rows.push(['gold', '', ...gold]);
rows.push(['POINTS', '', ...final.points.map(String)]);
const widths = (rows[0] as string[]).map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)));
console.log('\nFinal score (influence per office; +n = title points taken)');
for (const r of rows) console.log(r.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  '));
console.log(`\n${final.winners.length > 1 ? 'Shared win' : 'Winner'}: ${final.winners.map(P).join(', ')}`);
