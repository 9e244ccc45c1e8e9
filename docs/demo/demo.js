// The demo page: a thin consumer of for-the-king-and-me/ui. The whole table, lobby and online
// play are the `<ftk-app>` element; this file only chooses the bots for games on the page (the
// library's heuristic bot, each seat with its own seeded generator, so a seed replays a game).
//
// Address parameters: ?local&players=3&seed=7&delay=600&lang=uk (a game against bots; delay:
// milliseconds between bot moves), ?match=ID (an invite link), ?watch=ID, or none (the lobby).
import './lib/ui.js';
import { botRandom, heuristicBot } from './lib/bots.js';

const app = document.querySelector('ftk-app');
app.bots = (_seat, seed) => {
  const rng = botRandom(seed);
  return (view) => heuristicBot(view, rng);
};
