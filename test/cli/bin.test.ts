import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const main = new URL('../../src/cli/main.ts', import.meta.url).pathname;

function cli(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the for-the-king program', () => {
  it('exits 2 with one line on stderr for an unknown bot', () => {
    const r = cli(['simulate', '--bots', 'nope']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      'for-the-king: unknown bot "nope": expected random, heuristic, ismcts, ismcts:N, net, ismcts-net or ismcts-net:N',
    ]);
  });

  it('--version prints the version of package.json', () => {
    const r = cli(['--version']);
    expect(r).toEqual({
      status: 0,
      stdout: `${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n`,
      stderr: '',
    });
  });

  it('exits 0 after a finished game, reading its moves from stdin', () => {
    const r = cli(['play', '--players', '2', '--seed', '3'], `${Array<string>(300).fill('1').join('\n')}\n`);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/=== Score ===/);
  }, 60_000);
});
