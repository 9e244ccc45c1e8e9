/**
 * The error-code table of `docs/server.md` names every code the host sends, with its HTTP status:
 * the codes are the keys of the host's status map, which the type checker holds to
 * `HostErrorCode`, so a code added to the protocol and not to the guide fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { STATUS } from '../../src/server/http.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The rows of the table under `### Error codes`: each row's codes and its status. */
function documented(): Map<string, number> {
  const text = readFileSync(resolve(ROOT, 'docs', 'server.md'), 'utf8');
  const section = text.slice(text.indexOf('### Error codes'));
  const rows = new Map<string, number>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const cells = line.split('|').map((c) => c.trim());
    const status = Number(cells[2]);
    if (!Number.isInteger(status)) continue;
    for (const code of (cells[1] ?? '').matchAll(/`([A-Z_]+)`/g)) rows.set(code[1] as string, status);
  }
  return rows;
}

it('every error code the host sends is in the table of docs/server.md, with its HTTP status', () => {
  const rows = documented();
  for (const [code, status] of Object.entries(STATUS)) expect(rows.get(code), code).toBe(status);
  expect([...rows.keys()].sort()).toEqual(Object.keys(STATUS).sort());
});
