/**
 * The golden trace format (see docs/conformance.md): one seeded game, its options, the opening
 * events, every action with the events it produced, and the final score. Written one step per
 * line so that a behaviour change shows up as a small, readable diff.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action, GameEvent, GameOptions, Score } from '../../src/index.js';

/** The `format` field of every trace. */
export const TRACE_FORMAT = 'for-the-king-and-me/golden-trace';
/** The trace format's version. */
export const TRACE_VERSION = 1;

/** One action and the events `step` reported for it. */
export interface TraceStep {
  readonly action: Action;
  readonly events: readonly GameEvent[];
}

/** A whole golden game. */
export interface Trace {
  readonly format: typeof TRACE_FORMAT;
  readonly version: typeof TRACE_VERSION;
  /** The options given to `createGame` (players, seed, variants in full). */
  readonly options: GameOptions;
  /** The events of `createGameWithEvents(options)`. */
  readonly opening: readonly GameEvent[];
  readonly steps: readonly TraceStep[];
  /** `score(state)` at the end. */
  readonly score: Score;
}

/** The folder holding the traces. */
export const GOLDEN_DIR = dirname(fileURLToPath(import.meta.url));

/** The file name of a trace: `<players>p-<default|published>-<seed>.json`. */
export function traceName(players: number, variant: 'default' | 'published', seed: number): string {
  return `${players}p-${variant}-${seed}.json`;
}

/** A trace as text: one step per line, one office's score per line. */
export function formatTrace(t: Trace): string {
  const one = (x: unknown): string => JSON.stringify(x);
  const lines = [
    '{',
    `  "format": ${one(t.format)},`,
    `  "version": ${one(t.version)},`,
    `  "options": ${one(t.options)},`,
    `  "opening": ${one(t.opening)},`,
    '  "steps": [',
    t.steps.map((s) => `    ${one(s)}`).join(',\n'),
    '  ],',
    '  "score": {',
    `    "final": ${one(t.score.final)},`,
    `    "points": ${one(t.score.points)},`,
    `    "winners": ${one(t.score.winners)},`,
    '    "offices": {',
    Object.entries(t.score.offices)
      .map(([office, r]) => `      ${one(office)}: ${one(r)}`)
      .join(',\n'),
    '    }',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

/** Every trace file in the golden folder, by file name. */
export function readTraces(): Map<string, Trace> {
  const out = new Map<string, Trace>();
  for (const name of readdirSync(GOLDEN_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    out.set(name, JSON.parse(readFileSync(join(GOLDEN_DIR, name), 'utf8')) as Trace);
  }
  return out;
}

/**
 * What a set of traces exercises: event counts, King gains by where the King came from, and the
 * Advisor taking the last middle card (`taken:advisor`, `king-gained:middle:advisor`, RULES V3).
 */
export function coverageOf(traces: Iterable<Trace>): Record<string, number> {
  const counts: Record<string, number> = {};
  const bump = (k: string): void => {
    counts[k] = (counts[k] ?? 0) + 1;
  };
  for (const t of traces) {
    let advisor = -1;
    for (const e of t.opening) if (e.type === 'advisor') advisor = e.player;
    for (const s of t.steps) {
      for (const e of s.events) {
        if (e.type === 'advisor') advisor = e.player;
        bump(e.type === 'king-gained' ? `king-gained:${e.from}` : e.type === 'paid' ? `paid:${e.mode}` : e.type);
        // The Advisor taking the last middle card (marked byAdvisor), and a King so gained (RULES V3).
        if (e.type === 'taken' && e.player === advisor && e.byAdvisor === true) bump('taken:advisor');
        if (e.type === 'king-gained' && e.from === 'middle' && e.player === advisor) bump('king-gained:middle:advisor');
      }
    }
  }
  return counts;
}

/** The events every set of golden traces must contain at least once. */
export const REQUIRED_COVERAGE: readonly string[] = [
  'paid:gold',
  'paid:discard',
  'lot-gained',
  'king-gained:self',
  'king-gained:middle',
  'king-gained:middle:advisor',
  'taken:advisor',
  'king-gained:lot',
  'king-resolved',
  'forfeit',
  'bidding-restarted',
  'lot-discarded',
  'game-over',
];
