/**
 * The source tree's architecture, checked: every file under `src/` belongs to a layer (its
 * first folder), a layer imports only from layers below it (or from its own folder), and no
 * import cycle exists anywhere, type-only imports included. `docs/architecture.md` explains the
 * layers; this table is their one definition.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');

/** Rank of each layer: a file may import a file of a lower rank, or one in its own folder. */
const LAYERS: Readonly<Record<string, number>> = {
  data: 0, // the card catalogue and constants
  state: 1, // types, the seeded generator, errors, an action's shape
  rules: 2, // setup, phases, legal actions and transitions, scoring
  seat: 3, // what one seat sees: views, per-viewer events, determinization
  saves: 4, // saves, records, untrusted input, replay
  'index.ts': 5, // the main entry point: the public API of the layers above
  text: 6, // labels and sentences
  sim: 6, // the in-place simulator (drives the rules' transitions)
  bots: 7, // bots and simulate, on the public API
  env: 8, // the learning environment
  protocol: 8, // the match host's wire protocol: messages, their reader, error codes, version
  server: 9, // the match host (speaks protocol/)
  client: 9, // the match host's browser client (speaks protocol/; never imports server/)
  ui: 10, // the custom elements: table, match, lobby, replay, site (on the public entries and the client)
  cli: 10, // the for-the-king program
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Relative import specifiers of a file: static imports and re-exports, `import type`, and `import('…')`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g)) found.push(m[1] as string);
  for (const m of text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) found.push(m[1] as string);
  return found.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

function layerOf(file: string): string {
  const first = relative(SRC, file).split('/')[0] as string;
  return first;
}

/** Imports that go up (or sideways into another folder of the same rank), as readable lines. */
function upward(graph: ReadonlyMap<string, readonly string[]>, layer: (f: string) => string, name: (f: string) => string): string[] {
  const bad: string[] = [];
  for (const [f, targets] of graph) {
    const from = layer(f);
    for (const t of targets) {
      const to = layer(t);
      if (to === from) continue;
      if ((LAYERS[to] ?? Number.POSITIVE_INFINITY) >= (LAYERS[from] ?? -1)) bad.push(`${name(f)} (${from}) → ${name(t)} (${to})`);
    }
  }
  return bad;
}

/** Every cycle a depth-first walk closes, as `a → b → a`. */
function cycles(graph: ReadonlyMap<string, readonly string[]>, name: (f: string) => string): string[] {
  const state = new Map<string, 1 | 2>();
  const found: string[] = [];
  const path: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 1);
    path.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 1) found.push([...path.slice(path.indexOf(t)), t].map(name).join(' → '));
      else if (!state.has(t) && graph.has(t)) visit(t);
    }
    path.pop();
    state.set(f, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}

const files = sources(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const short = (f: string): string => relative(SRC, f);

describe('architecture', () => {
  it('every file under src/ is in a known layer', () => {
    expect(files.filter((f) => LAYERS[layerOf(f)] === undefined).map(short)).toEqual([]);
  });

  it('every relative import names a file that exists', () => {
    const missing: string[] = [];
    for (const [f, targets] of graph) for (const t of targets) if (!graph.has(t)) missing.push(`${short(f)} → ${short(t)}`);
    expect(missing).toEqual([]);
  });

  it('a layer imports only from lower layers or its own folder', () => {
    expect(upward(graph, layerOf, short)).toEqual([]);
  });

  it('no import cycle, type-only imports included', () => {
    expect(cycles(graph, short)).toEqual([]);
  });

  it('the checks catch an upward import, a sideways import and a cycle in a made-up tree', () => {
    const layer = (f: string): string => f.split('/')[0] as string;
    const id = (f: string): string => f;
    const made = new Map<string, string[]>([
      ['rules/apply.ts', ['seat/view.ts', 'state/types.ts']],
      ['seat/view.ts', ['rules/apply.ts']],
      ['text/a.ts', ['sim/b.ts']],
      ['sim/b.ts', []],
      ['state/types.ts', []],
    ]);
    expect(upward(made, layer, id)).toEqual(['rules/apply.ts (rules) → seat/view.ts (seat)', 'text/a.ts (text) → sim/b.ts (sim)']);
    expect(cycles(made, id)).toEqual(['rules/apply.ts → seat/view.ts → rules/apply.ts']);
  });

  it('the host and its client share only the protocol: neither imports the other, both import protocol/', () => {
    const layer = (f: string): string => f.split('/')[0] as string;
    const id = (f: string): string => f;
    const made = new Map<string, string[]>([
      ['client/lobby.ts', ['server/host.ts', 'protocol/lobby.ts']],
      ['client/connection.ts', ['server/protocol.ts', 'protocol/version.ts']],
      ['server/host.ts', ['client/lobby.ts', 'protocol/lobby.ts']],
      ['server/protocol.ts', []],
      ['protocol/lobby.ts', ['server/host.ts']],
      ['protocol/version.ts', []],
    ]);
    expect(upward(made, layer, id)).toEqual([
      'client/lobby.ts (client) → server/host.ts (server)',
      'client/connection.ts (client) → server/protocol.ts (server)',
      'server/host.ts (server) → client/lobby.ts (client)',
      'protocol/lobby.ts (protocol) → server/host.ts (server)',
    ]);
  });
});
