/**
 * The examples that drive a table, run as written against the real library with a stand-in for
 * `<ftk-table>` (it records what it is given and hands out the reader's first choice): the first
 * example of docs/embedding.md, its game against bots, and the TSDoc example of
 * `createLocalGame` (which lands in dist/ui.d.ts). Each must leave the reader a turn after every
 * update, and play to the end: a view computed before the bots' moves is one on which nobody
 * the reader can answer is to move, and the table waits for ever.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as bots from '../../src/bots/index.js';
import type { GameEvent, PlayerView } from '../../src/index.js';
import * as lib from '../../src/index.js';
import * as ui from '../../src/ui/local.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MODULES: Record<string, unknown> = {
  'for-the-king-and-me': lib,
  'for-the-king-and-me/bots': bots,
  'for-the-king-and-me/ui': ui,
};

/** A stand-in for `<ftk-table>`: what it was given, and its `ftk-action` listeners. */
class FakeTable {
  shown: { view: PlayerView; events: readonly GameEvent[] }[] = [];
  names: unknown = null;
  readonly listeners: ((e: { detail: { action: unknown } }) => void)[] = [];
  update(view: PlayerView, events: readonly GameEvent[] = []): void {
    this.shown.push({ view, events });
  }
  set view(view: PlayerView) {
    this.shown.push({ view, events: [] });
  }
  addEventListener(type: string, listener: (e: { detail: { action: unknown } }) => void): void {
    if (type === 'ftk-action') this.listeners.push(listener);
  }
  get last(): PlayerView {
    const v = this.shown.at(-1)?.view;
    if (v === undefined) throw new Error('nothing was shown');
    return v;
  }
}

/** Runs a snippet with its imports taken from `MODULES` and `table` (or `document.querySelector`) the stand-in. */
function run(code: string, table: FakeTable): void {
  const body = code
    .replace(/^\s*import\s*\{([^}]*)\}\s*from\s*'([^']+)';.*$/gm, (_, names: string, from: string) => {
      if (!(from in MODULES)) throw new Error(`unknown module ${from}`);
      return `const {${names}} = modules[${JSON.stringify(from)}];`;
    })
    .replace(/^\s*import\s*'[^']+';.*$/gm, '');
  // In a block of its own: a snippet that declares its own `table` finds the stand-in by `document`.
  new Function('modules', 'document', 'table', `{\n${body}\n}`)(MODULES, { querySelector: () => table }, table);
}

/** Plays the reader's first choice until the end; after each update the reader is to move (or it is over). */
function playThrough(table: FakeTable): number {
  let moves = 0;
  for (; moves < 500 && table.last.currentPlayer !== null; moves++) {
    const v = table.last;
    expect(v.currentPlayer, `after ${moves} moves of the reader, the view shown is the reader's turn`).toBe(v.viewer);
    expect(v.legal.length).toBeGreaterThan(0);
    for (const listener of table.listeners) listener({ detail: { action: v.legal[0] } });
  }
  expect(table.last.currentPlayer, 'the game ends').toBeNull();
  return moves;
}

const guide = readFileSync(join(ROOT, 'docs', 'embedding.md'), 'utf8');

describe('docs/embedding.md', () => {
  it("the table's first example gives the reader a turn and plays to the end", () => {
    const html = guide.match(/^```html\n([\s\S]*?)^```$/m)?.[1] ?? '';
    const script = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(script).toContain('ftk-action');
    const table = new FakeTable();
    run(script, table);
    expect(playThrough(table)).toBeGreaterThan(5);
  });

  it("the game against bots (createLocalGame) shows the view after the bots' moves", () => {
    const block = [...guide.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '').find((b) => b.includes('createLocalGame('));
    expect(block).toBeDefined();
    const table = new FakeTable();
    run(block ?? '', table);
    expect(playThrough(table)).toBeGreaterThan(5);
  });
});

describe("createLocalGame's TSDoc example", () => {
  it("shows the view after the bots' moves", () => {
    const source = readFileSync(join(ROOT, 'src', 'ui', 'local.ts'), 'utf8');
    const block = source.match(/@example\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/)?.[1] ?? '';
    const code = block.replace(/^\s*\* ?/gm, '');
    expect(code).toContain('createLocalGame(');
    const table = new FakeTable();
    run(code, table);
    expect(playThrough(table)).toBeGreaterThan(5);
  });
});
