// The demo's opponents. Each bot sees only its own view and draws from its own seeded generator,
// so a seed (and the human's choices) replays the same game.
// Until the library's bots entry is built, a uniform random player stands in.

/** mulberry32 seeded from a string: the stand-in bot's own generator. */
function generator(text) {
  let a = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The bots' name, shown while they play. */
export const BOT_NAME = 'random';

/** A bot for one seat: `(view) => action`, seeded by `seed`. */
export function botFor(seed) {
  const int = generator(String(seed));
  return (view) => view.legal[int(view.legal.length)];
}
