// `npm run smoke`: packs the tarball, installs it into a scratch project under the system's
// temporary folder (in a folder named with '#', '%41' and a space), and uses it the way users
// will: an ESM consumer (`import`), a CommonJS consumer (`require`), TypeScript consumers of both
// kinds type-checked with node16 resolution, and the program (`for-the-king --version`). Each JS
// consumer plays random games to the end and checks the score.
// Exits non-zero on any failure and keeps the scratch folder for inspection.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installPacked, ROOT, run, scratch } from './pack.mjs';

const NAME = 'for-the-king-and-me';

// Plays one seeded random game per player count; shared by both JS consumers (`api` is the module).
const PLAY = `
function play(api) {
  const { createGame, legalActions, apply, isGameOver, score, RulesError } = api;
  let x = 20240601;
  const rand = (n) => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return ((x >>> 0) % n);
  };
  const results = [];
  for (const players of [2, 3, 4, 5]) {
    let state = createGame({ players, seed: 'smoke-' + players });
    let actions = 0;
    while (!isGameOver(state)) {
      const legal = legalActions(state);
      if (legal.length === 0) throw new Error('no legal action before the end');
      state = apply(state, legal[rand(legal.length)]);
      if (++actions > 100000) throw new Error('the game did not end');
    }
    const s = score(state);
    if (s.final !== true) throw new Error('score is not final at the end');
    if (s.points.length !== players) throw new Error('score has ' + s.points.length + ' entries for ' + players + ' players');
    if (s.winners.length < 1) throw new Error('nobody won');
    results.push(players + 'p: ' + actions + ' actions, points ' + s.points.join('/') + ', winners ' + s.winners.join(','));
  }
  let threw = false;
  try {
    createGame({ players: 6 });
  } catch (e) {
    threw = e instanceof RulesError && e.code === 'INVALID_OPTIONS';
  }
  if (!threw) throw new Error('createGame({ players: 6 }) did not throw a RulesError');
  return results;
}

// The simulator subpath plays the same game as the pure API (\`sim\` is the module).
function playSim(api, sim) {
  let state = api.createGame({ players: 4, seed: 'smoke-sim' });
  const s = sim.createSimulator(state);
  let i = 0;
  while (!api.isGameOver(state)) {
    const legal = api.legalActions(state);
    const k = (i++ * 7) % legal.length;
    if (s.legalCount() !== legal.length || s.legalAt(k) !== legal[k]) throw new Error('the simulator lists other legal actions');
    s.applyIndex(k);
    state = api.apply(state, legal[k]);
  }
  if (JSON.stringify(s.toState()) !== JSON.stringify(state)) throw new Error('the simulator reached another state');
  return 'simulator: the same ' + i + '-action game as the pure API';
}
`;

// Plays one game through the learning environment (for-the-king-and-me/env).
const ENV = `
function learn(env) {
  const e = env.createEnv({ players: 4, seed: 'smoke-env' });
  let steps = 0;
  while (!e.done) {
    const { observation, mask } = e.observe(e.agentSelection);
    if (observation.length !== env.OBSERVATION_SIZE[4] || mask.length !== env.ACTION_COUNT) throw new Error('env: wrong shapes');
    e.step(mask.indexOf(1));
    steps += 1;
  }
  const total = e.rewards.reduce((a, b) => a + b, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error('env: rewards add up to ' + total);
  return 'env: ' + steps + ' steps, rewards ' + e.rewards.join('/');
}
`;

const CONSUMERS = {
  'esm.mjs': `import * as api from '${NAME}';
import { createGame } from '${NAME}';
import * as sim from '${NAME}/sim';
import pkg from '${NAME}/package.json' with { type: 'json' };
import * as env from '${NAME}/env';
${PLAY}
${ENV}
if (typeof createGame !== 'function') throw new Error('no createGame export');
for (const line of play(api)) console.log('ESM ' + line);
console.log('ESM ' + playSim(api, sim));
console.log('ESM ' + learn(env));
console.log('ESM ok: ' + pkg.name + '@' + pkg.version);
`,
  'cjs.cjs': `const api = require('${NAME}');
const pkg = require('${NAME}/package.json');
const sim = require('${NAME}/sim');
const env = require('${NAME}/env');
${PLAY}
${ENV}
if (typeof api.createGame !== 'function') throw new Error('no createGame export');
for (const line of play(api)) console.log('CJS ' + line);
console.log('CJS ' + playSim(api, sim));
console.log('CJS ' + learn(env));
console.log('CJS ok: ' + pkg.name + '@' + pkg.version);
`,
  // The server entry without its optional peers (ws, pg: not installed yet at this point): the
  // host core and the memory and file stores work; starting the WebSocket transport or the
  // PostgreSQL store is a PeerDependencyError naming the package.
  'no-peers.mjs': `import { FileStore, MatchHost, MemoryStore, PeerDependencyError, createPostgresStore, startServer } from '${NAME}/server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const dir = mkdtempSync(join(tmpdir(), 'ftkam-no-ws-'));
for (const store of [new MemoryStore(), await FileStore.open(dir)]) {
  const host = new MatchHost({ store });
  host.start();
  const { match } = await host.createMatch({ visibility: 'public', players: 2, firstPlayer: 0, bots: [null, 'heuristic'] });
  const { token } = await host.join(match.id, { name: 'Smoke' });
  const session = await host.open(match.id, token);
  const { view, seq } = await host.sync(session, 0);
  const r = await host.submit(session, view.legal[0], seq);
  if (r.seq !== 1) throw new Error('the action was not acknowledged as seq 1');
  host.close();
  await store.close();
}
rmSync(dir, { recursive: true, force: true });
const refusal = async (p) => { try { await p; } catch (e) { return e; } throw new Error('expected a refusal'); };
const noWs = await refusal(startServer({ store: new MemoryStore(), port: 0 }));
if (!(noWs instanceof PeerDependencyError) || noWs.dependency !== 'ws' || !noWs.message.includes('npm install ws')) throw noWs;
const noPg = await refusal(createPostgresStore({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }));
if (!(noPg instanceof PeerDependencyError) || noPg.dependency !== 'pg') throw noPg;
console.log('no peers ok: MatchHost with the memory and file stores, without ws or pg; ' + noWs.message);
`,
  'no-peers.cjs': `const { MatchHost, MemoryStore, PeerDependencyError, startServer } = require('${NAME}/server');
(async () => {
  const host = new MatchHost({ store: new MemoryStore() });
  const { match } = await host.createMatch({ players: 3 });
  if (match.players !== 3) throw new Error('no match');
  host.close();
  try {
    await startServer({ store: new MemoryStore(), port: 0 });
  } catch (e) {
    if (e instanceof PeerDependencyError && e.dependency === 'ws') return console.log('no peers CJS ok');
    throw e;
  }
  throw new Error('startServer started without ws');
})().catch((e) => { console.error(e); process.exit(1); });
`,
  // The match host and its client, from the tarball: a server on loopback, a match against a
  // bot, one client that gets its view over a WebSocket. \`ws\` is an optional peer: linked in below.
  'online.mjs': `import { MemoryStore, startServer } from '${NAME}/server';
import { connectMatch, createMatch, joinMatch } from '${NAME}/client';
import { WebSocket } from 'ws';
const server = await startServer({ store: new MemoryStore(), port: 0 });
const { match } = await createMatch(server.url, { visibility: 'public', players: 2, firstPlayer: 0, bots: [null, 'heuristic'] });
const { token } = await joinMatch(server.url, match.id, { name: 'Smoke' });
const client = connectMatch({ url: server.url.replace('http', 'ws') + '/ws', match: match.id, token, WebSocket });
const view = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('no view from the host')), 10000);
  client.on('view', (v) => { clearTimeout(timer); resolve(v); });
});
if (view.viewer !== 0 || view.legal.length === 0) throw new Error('unexpected view');
const seq = await client.send(view.legal[0]);
if (seq !== 1) throw new Error('the action was not acknowledged as seq 1');
client.close();
// The built-in site: the lobby and table at /, the package's ES modules under /lib/.
const page = await (await fetch(server.url + '/')).text();
if (!page.includes('<ftk-app')) throw new Error('serve does not show the site at /');
const ui = await fetch(server.url + '/lib/ui.js');
if (ui.status !== 200 || !(await ui.text()).includes('ftk-table')) throw new Error('serve does not serve /lib/ui.js');
await server.close();
console.log('online ok: a host from the tarball, a client over a WebSocket, one action acknowledged, the site at / and /lib/');
`,
  // The UI entry loads in Node (no DOM: it defines nothing) and its local games run there.
  'ui.mjs': `import { createLocalGame, defineElements, TableElement, TAGS } from '${NAME}/ui';
import { heuristicBot, botRandom } from '${NAME}/bots';
defineElements();
if (typeof TableElement !== 'function' || TAGS.table !== 'ftk-table') throw new Error('missing ui exports');
const rng = botRandom('smoke');
const game = createLocalGame({ players: 3, seed: 1, bots: (v) => heuristicBot(v, rng) });
game.playBots();
while (game.view().currentPlayer !== null) game.play(heuristicBot(game.view(), rng));
if (game.record().actions.length < 50) throw new Error('the local game did not play to the end');
console.log('ui ok: the elements load outside a browser; a local game played to the end');
`,
  'online.cjs': `const client = require('${NAME}/client');
const server = require('${NAME}/server');
if (typeof client.connectMatch !== 'function' || typeof server.startServer !== 'function') throw new Error('missing exports');
console.log('online CJS ok');
`,
  // The CommonJS build finds its own files (the worker scripts, the site's modules) beside it: the
  // project's folder has '#', '%41' and a space in its name, which a URL made from the path
  // without escaping would read as a fragment, an 'A' and nothing.
  'files.cjs': `const { simulate } = require('${NAME}/bots');
const { MatchHost, MemoryStore, startServer } = require('${NAME}/server');
const until = async (what, cond) => {
  const end = Date.now() + 30000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting for ' + what);
    await new Promise((r) => setTimeout(r, 10));
  }
};
(async () => {
  const plan = { players: 2, bots: ['heuristic', 'random'], games: 6, seed: 'cjs-files' };
  const threads = await simulate({ ...plan, workers: 2 });
  if (JSON.stringify(threads) !== JSON.stringify(await simulate(plan))) throw new Error('simulate on 2 workers differs from simulate in-thread');
  const store = new MemoryStore();
  const host = new MatchHost({ store, pollMs: 20 });
  host.start();
  const { match } = await host.createMatch({ visibility: 'public', players: 2, seed: 'cjs-bot', firstPlayer: 0, bots: ['ismcts:40', null] });
  await host.join(match.id, { name: 'Smoke', seat: 1 });
  await until('the searching bot (on its thread) to move', async () => (await store.readLog(match.id, 0)).length > 0);
  host.close();
  const server = await startServer({ store: new MemoryStore(), port: 0 });
  const ui = await fetch(server.url + '/lib/ui.js');
  await server.close();
  if (ui.status !== 200) throw new Error('the site answers /lib/ui.js with ' + ui.status);
  console.log('CJS files ok in ' + JSON.stringify(require('node:path').basename(__dirname)) + ': simulate on 2 worker threads, the bot thread of the host, the site (/lib/ui.js)');
})().catch((e) => { console.error(e); process.exit(1); });
`,
  // One process loading both builds (as bundlers and test runners do): an error thrown by either
  // build is \`instanceof RulesError\` of both, and isRulesError agrees; so for every other error class.
  'mixed.mjs': `import { createRequire } from 'node:module';
import * as esm from '${NAME}';
const cjs = createRequire(import.meta.url)('${NAME}');
if (esm.RulesError === cjs.RulesError) throw new Error('expected two copies of the library, got one');
const thrown = (api) => {
  try {
    api.apply(api.createGame({ players: 3, seed: 1 }), { type: 'fly', player: 0 });
  } catch (e) {
    return e;
  }
  throw new Error('apply did not throw');
};
for (const [from, e] of [['ESM', thrown(esm)], ['CJS', thrown(cjs)]]) {
  for (const [to, api] of [['ESM', esm], ['CJS', cjs]]) {
    if (!(e instanceof api.RulesError)) throw new Error(from + ' error is not instanceof the ' + to + ' RulesError');
    if (!api.isRulesError(e, 'MALFORMED_ACTION')) throw new Error(from + ' error is not isRulesError for ' + to);
    if (new Error('x') instanceof api.RulesError || api.isRulesError({ code: 'GAME_OVER' })) throw new Error('a false positive in ' + to);
  }
}
// Every public error class, of every entry: an instance made by either build is instanceof both.
const ENTRIES = ['', '/bots', '/text', '/sim', '/server', '/client', '/protocol', '/env', '/ui'];
const checked = new Set();
for (const entry of ENTRIES) {
  const e = await import('${NAME}' + entry);
  const c = createRequire(import.meta.url)('${NAME}' + entry);
  for (const [name, cls] of Object.entries(e)) {
    if (typeof cls !== 'function' || !(cls.prototype instanceof Error)) continue;
    if (c[name] === cls) throw new Error(name + ': expected two copies of the class, got one');
    for (const [from, made] of [['ESM', new cls('INTERNAL', 'x', 'y')], ['CJS', new c[name]('INTERNAL', 'x', 'y')]]) {
      if (!(made instanceof cls) || !(made instanceof c[name])) throw new Error(from + ' ' + name + ' is not instanceof both ' + name + ' classes');
    }
    if (new Error('x') instanceof cls || new Error('x') instanceof c[name]) throw new Error('a plain error is instanceof ' + name);
    checked.add(name);
  }
}
const expected = ['RulesError', 'HostError', 'PatchError', 'ClientError', 'PeerDependencyError', 'JournalCorruptError', 'StoreLockedError', 'StoreUnsettledError'];
if (expected.some((n) => !checked.has(n))) throw new Error('error classes not found: ' + expected.filter((n) => !checked.has(n)).join(', '));
console.log('mixed ok: errors of the ESM and CommonJS builds are instanceof both classes (' + [...checked].join(', ') + '), and isRulesError agrees');
`,
  // Type-only checks: the declarations resolve for both module kinds and are not \`any\`.
  'types-esm.mts': `import { type Action, type GameState, type Score, apply, createGame, legalActions, score } from '${NAME}';
const state: GameState = createGame({ players: 4, seed: 1 });
const legal: readonly Action[] = legalActions(state);
const next: GameState = apply(state, legal[0] as Action);
const s: Score = score(next);
export const points: readonly number[] = s.points;
import { type Simulator, createSimulator } from '${NAME}/sim';
const sim: Simulator = createSimulator(state);
export const count: number = sim.legalCount();
// @ts-expect-error: applyIndex takes an index, not an action
sim.applyIndex(legal[0]);
// @ts-expect-error: 6 players is not a PlayerCount
createGame({ players: 6 });
import { type Env, createEnv, OBSERVATION_SIZE } from '${NAME}/env';
const env: Env = createEnv({ players: 4, seed: 1 });
export const size: number = OBSERVATION_SIZE[4] + env.observe(0).observation.length;
// @ts-expect-error: the reward is 'win' or 'points'
createEnv({ players: 4, reward: 'gold' });
import { type ActionDetail, createLocalGame, type LocalGame } from '${NAME}/ui';
export const local: LocalGame = createLocalGame({ players: 2, seed: 1, bots: (v) => v.legal[0] as Action });
export const detail: ActionDetail = { action: legal[0] as Action, index: 0, moveCount: 0 };
`,
  'types-cjs.cts': `import { type GameState, createGame, isGameOver } from '${NAME}';
import { createBatchEnv } from '${NAME}/env';
export const batch: Float32Array = createBatchEnv({ players: 2, games: 2 }).observations;
const state: GameState = createGame({ players: 2, seed: 'x' });
export const over: boolean = isGameOver(state);
import { createSimulator } from '${NAME}/sim';
export const next: GameState = createSimulator(state).toState();
// @ts-expect-error: an unknown variant value is a type error
createGame({ players: 3, variants: { payment: 'barter' } });
`,
};

const dir = scratch('smoke');
let ok = false;
try {
  const project = installPacked(dir, { name: 'ftkam-smoke-consumer', private: true, version: '0.0.0' }, 'consumer #1 %41');
  for (const [file, text] of Object.entries(CONSUMERS)) writeFileSync(join(project, file), text);
  run('node', ['esm.mjs'], { cwd: project });
  run('node', ['cjs.cjs'], { cwd: project });
  run('node', ['mixed.mjs'], { cwd: project });
  run('node', ['no-peers.mjs'], { cwd: project });
  run('node', ['no-peers.cjs'], { cwd: project });
  // ws is an optional peer dependency of the server entry: link the repository's copy.
  execFileSync('ln', ['-s', join(ROOT, 'node_modules', 'ws'), join(project, 'node_modules', 'ws')]);
  run('node', ['online.mjs'], { cwd: project });
  run('node', ['online.cjs'], { cwd: project });
  run('node', ['files.cjs'], { cwd: project });
  run('node', ['ui.mjs'], { cwd: project });
  // The program from the tarball knows its version.
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const printed = execFileSync(join(project, 'node_modules', '.bin', 'for-the-king'), ['--version'], { cwd: project, encoding: 'utf8' });
  if (printed !== `${version}\n`) throw new Error(`for-the-king --version printed ${JSON.stringify(printed)}, not ${version}`);
  console.log(`bin ok: for-the-king --version prints ${version}`);
  const tsconfig = {
    compilerOptions: {
      strict: true,
      exactOptionalPropertyTypes: true,
      module: 'node16',
      target: 'es2022',
      types: [],
      noEmit: true,
      skipLibCheck: false,
    },
    files: ['types-esm.mts', 'types-cjs.cts'],
  };
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  run('node', [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project });
  console.log('smoke: ESM and CommonJS consumers (JS and TypeScript) work from the packed tarball');
  ok = true;
} catch (error) {
  console.error(`smoke failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`scratch folder kept at ${dir}`);
  process.exitCode = 1;
} finally {
  if (ok) rmSync(dir, { recursive: true, force: true });
}
