/**
 * `docs/state-machine.md` lists the card catalogue's order, which action ids index
 * (`CARDS[k − 3]`, `CARDS[k − 256]`): the list built from the guide's rule is the engine's
 * `CARDS`, and every card the guide places at an index is there.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { type Action, actionId, CARDS } from '../../src/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The section `### The card catalogue` of docs/state-machine.md. */
function section(): string {
  const text = readFileSync(resolve(ROOT, 'docs', 'state-machine.md'), 'utf8');
  const start = text.indexOf('### The card catalogue');
  expect(start, 'docs/state-machine.md has a section "The card catalogue"').toBeGreaterThan(0);
  const end = text.indexOf('\n#', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

it('the catalogue built from the rule of docs/state-machine.md is CARDS, in order', () => {
  const doc = section();
  const offices = [...(/offices in the order (.*?):/s.exec(doc)?.[1] ?? '').matchAll(/`([a-z]+)`/g)].map((m) => m[1] as string);
  expect(offices.length).toBe(6);
  const letters = 'ABCDEFGHI'.split('');
  expect(doc).toContain('letters `A` to `I`');
  expect(doc).toContain('`king-1` to `king-15`');
  expect(doc).toContain('for each value 1, 2 and 3, `gold-<value>-1` to `gold-<value>-13`');
  const built = [
    ...offices.flatMap((office) => letters.map((letter) => `${office}-${letter}`)),
    ...Array.from({ length: 15 }, (_, i) => `king-${i + 1}`),
    ...[1, 2, 3].flatMap((value) => Array.from({ length: 13 }, (_, i) => `gold-${value}-${i + 1}`)),
  ];
  expect(built).toEqual(CARDS.map((c) => c.id));
});

it('every card docs/state-machine.md names with its index is at that index of CARDS', () => {
  const placed = [...section().matchAll(/`([a-z0-9-]+)` \((\d+)\)/g)];
  expect(placed.length).toBeGreaterThanOrEqual(6);
  for (const [, id, index] of placed) expect(CARDS[Number(index)]?.id, id).toBe(id);
});

it('the worked action ids of the section are actionId of their actions', () => {
  const worked = [...section().matchAll(/`(take|pay)`\s+(?:of|with)\s+`([a-z0-9-]+)`\s+by\s+player\s+(\d)\s+is\s+`[^`]*`\s+=\s+(\d+)/g)];
  expect(worked.length).toBe(2);
  for (const [, type, card, player, id] of worked) {
    expect(actionId({ type, player: Number(player), card } as Action), `${type} ${card}`).toBe(Number(id));
  }
});
