// The CPU time per decision of two bots on the same views, for `npm run bench:net`'s speed line
// and `tune.ts --speed`: the first seat's decisions with a choice in `games` four-player games of
// `heuristicBot`s (seeded `net-speed-<g>`), both bots warmed on the first five, then timed one
// after the other on each view, so that the load of the machine touches both alike.

/**
 * @param {{ playGame: Function, heuristicBot: Function, botRandom: Function }} lib the bots' module (built or from the sources)
 * @param {Function} a the bot measured
 * @param {Function} b the bot it is measured against
 * @param {number} games
 */
export function compareSpeed(lib, a, b, games) {
  const views = [];
  for (let g = 0; g < games; g++)
    lib.playGame({
      players: 4,
      seed: `net-speed-${g}`,
      bots: [
        (v, rng) => {
          if (v.legal.length > 1) views.push(v);
          return lib.heuristicBot(v, rng);
        },
        lib.heuristicBot,
        lib.heuristicBot,
        lib.heuristicBot,
      ],
    });
  for (const v of views.slice(0, 5)) {
    a(v, lib.botRandom(0));
    b(v, lib.botRandom(0));
  }
  const timeOf = (bot, v) => {
    const t = process.cpuUsage();
    bot(v, lib.botRandom(0));
    const d = process.cpuUsage(t);
    return (d.user + d.system) / 1000;
  };
  const ta = [];
  const tb = [];
  for (const v of views) {
    ta.push(timeOf(a, v));
    tb.push(timeOf(b, v));
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const sum = (xs) => xs.reduce((x, y) => x + y, 0);
  const medianA = median(ta);
  const medianB = median(tb);
  return { decisions: views.length, medianA, medianB, ratioOfMedians: medianA / medianB, ratioOfTotals: sum(ta) / sum(tb) };
}
