// `npm run test:python` (and a step of .ci/run): first the Python test suite (python/tests, stdlib
// unittest with Debian's /usr/bin/python3 and numpy: the wrappers' input checks, PettingZoo's API
// checks written out, the vector bridge against the agent loop), then 100 seeded random games
// through the Python wrapper and `for-the-king env-server` (python/check_bridge.py checks shapes,
// masks, refusals and rewards on the Python side), replayed with the same seeds and the same
// choices in TypeScript, through the built `for-the-king-and-me/env`: every result and a CRC-32
// of every observation and mask must be equal. Needs `npm run build` first. Exits non-zero on
// any failure or difference.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GAMES = Number(process.env.BRIDGE_GAMES ?? 100);
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';

const { ACTION_COUNT, createEnv } = await import(join(ROOT, 'dist', 'env.js'));

const TABLE = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  TABLE[i] = c;
}
/** CRC-32 (zlib's) of `bytes`, continuing from `crc`. */
function crc32(bytes, crc) {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The 32-bit xorshift (13, 17, 5) of check_bridge.py. */
function xorshift(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

function play(g) {
  const players = 2 + (g % 4);
  const seed = `bridge-${g}`;
  const env = createEnv({ players, seed });
  const rand = xorshift(Math.imul(g + 1, 0x9e3779b1));
  let crc = 0;
  let steps = 0;
  while (!env.done) {
    const { observation, mask } = env.observe(env.agentSelection);
    crc = crc32(new Uint8Array(observation.buffer, observation.byteOffset, observation.byteLength), crc);
    crc = crc32(mask, crc);
    const legal = [];
    for (let i = 0; i < ACTION_COUNT; i++) if (mask[i] === 1) legal.push(i);
    env.step(legal[rand() % legal.length]);
    steps += 1;
  }
  const s = env.score();
  return { seed, players, steps, rewards: [...env.rewards], points: [...s.points], winners: [...s.winners], crc };
}

const SERVER = `${process.execPath} ${join(ROOT, 'dist', 'cli.js')} env-server`;
const suite = spawnSync(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], {
  cwd: join(ROOT, 'python'),
  env: { ...process.env, FOR_THE_KING_ENV_COMMAND: SERVER },
  stdio: 'inherit',
});
if (suite.status !== 0) {
  console.error(`python test suite failed (exit ${suite.status})`);
  process.exit(1);
}

const started = Date.now();
const out = execFileSync(PYTHON, [join(ROOT, 'python', 'check_bridge.py'), '--games', String(GAMES), '--command', SERVER], {
  cwd: join(ROOT, 'python'),
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 64 * 1024 * 1024,
});
const answer = JSON.parse(out);
const fromPython = answer.games;
if (fromPython.length !== GAMES) throw new Error(`python played ${fromPython.length} games, not ${GAMES}`);
let differences = 0;
let steps = 0;
for (let g = 0; g < GAMES; g++) {
  const want = play(g);
  const got = fromPython[g];
  steps += want.steps;
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    differences += 1;
    console.error(`game ${g} differs:\n  python     ${JSON.stringify(got)}\n  typescript ${JSON.stringify(want)}`);
  }
}
if (differences > 0) {
  console.error(`python bridge: ${differences} of ${GAMES} games differ`);
  process.exit(1);
}
console.log(
  `python bridge: ${GAMES} games (${steps} steps) through ${PYTHON} and env-server equal the same seeds in TypeScript (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
// The Python side's pace, checks included (an extra observe every 25 steps): a rough figure for the bridge's round trip.
console.log(
  `python side: ${Math.round(steps / answer.seconds)} steps/s in ${answer.seconds.toFixed(1)} s (one step = one request and one answer)`,
);
