/** `simulate` with bots named by module specifier and export name, in this thread and on worker threads. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/bots/index.js';
// @ts-expect-error: a plain JavaScript fixture without declarations
import { lastLegal } from './fixtures/module-bots.mjs';

const FIXTURE = new URL('./fixtures/module-bots.mjs', import.meta.url).href;
const plan = { players: 3, games: 8, seed: 'modules' } as const;

describe('simulate with module bots', () => {
  it('a module bot plays as the same function would, in this thread and on 2 worker threads', async () => {
    const bots = [{ module: FIXTURE, export: 'lastLegal', label: 'lastLegal' }, { module: FIXTURE }, 'heuristic'] as const;
    const here = await simulate({ ...plan, bots });
    const threads = await simulate({ ...plan, bots, workers: 2 });
    expect(threads).toEqual(here);
    expect(here.bots.map((b) => b.id)).toEqual(['lastLegal', `${FIXTURE}#default`, 'heuristic']);
    const named = (v: Parameters<typeof lastLegal>[0]) => lastLegal(v);
    Object.defineProperty(named, 'name', { value: 'lastLegal' });
    const firstLegal = (v: { legal: readonly unknown[] }) => v.legal[0];
    Object.defineProperty(firstLegal, 'name', { value: `${FIXTURE}#default` });
    const asFunctions = await simulate({ ...plan, bots: [named, firstLegal as never, 'heuristic'] });
    expect(asFunctions).toEqual(here);
  }, 120_000);

  it('refuses a relative path, a missing export and a module that does not load, with INVALID_OPTIONS', async () => {
    const relative = await simulate({ ...plan, bots: [{ module: './fixtures/module-bots.mjs' }, 'random', 'random'] }).catch(
      (e: unknown) => e,
    );
    expect(relative).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(String(relative)).toMatch(/relative path; pass an absolute path or URL/);
    for (const workers of [1, 2]) {
      const missing = await simulate({ ...plan, workers, bots: [{ module: FIXTURE, export: 'notABot' }, 'random', 'random'] }).catch(
        (e: unknown) => e,
      );
      expect(missing).toMatchObject({ code: 'INVALID_OPTIONS' });
      expect(String(missing)).toMatch(/has no function exported as "notABot"/);
    }
    const gone = await simulate({ ...plan, bots: [{ module: `${FIXTURE}-gone.mjs` }, 'random', 'random'] }).catch((e: unknown) => e);
    expect(String(gone)).toMatch(/cannot import bot module/);
  }, 120_000);
});
