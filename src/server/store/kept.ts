/**
 * The embedded store's kept records: one JSON file per expired match whose record was kept,
 * `records/<2 characters>/<name>.json` beside the journal, never read at open (so they cost
 * nothing at start-up) and read only when asked for. Each is written to a temporary file,
 * `fsync`ed and renamed into place, then its folder `fsync`ed: a crash leaves the old file or the
 * new one, never half of one.
 * @module
 */
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE, PRIVATE_FOLDER } from './private-modes.js';
import type { KeptRecord } from './store.js';
import { syncFolder } from './sync-folder.js';

/** A match id as a file name: as it is when it is plain (base64url), else `~` and its UTF-8 in base64url. */
export function keptName(id: string): string {
  const name = /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : `~${Buffer.from(id, 'utf8').toString('base64url')}`;
  if (name.length > 240) throw new RangeError('a match id too long to keep its record');
  return name;
}

/** The kept record's path under `dir`. */
export function keptPath(dir: string, id: string): string {
  const name = keptName(id);
  const shard = (name.startsWith('~') ? name.slice(1, 3) : name.slice(0, 2)).padEnd(2, '_');
  return join(dir, 'records', shard, `${name}.json`);
}

let counter = 0;

/** Writes the kept record of `id` durably (see the module's description). */
export async function writeKept(dir: string, id: string, keep: KeptRecord): Promise<void> {
  const path = keptPath(dir, id);
  const folder = join(path, '..');
  const created = await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  const handle = await open(tmp, 'w', PRIVATE_FILE);
  try {
    await handle.writeFile(`${JSON.stringify(keep)}\n`);
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await handle.close();
  await rename(tmp, path);
  syncFolder(folder);
  if (created !== undefined) {
    syncFolder(join(folder, '..'));
    syncFolder(dir);
  }
}

/** The kept record of `id`, or `null` when there is none. */
export async function readKept(dir: string, id: string): Promise<KeptRecord | null> {
  let text: string;
  try {
    text = await readFile(keptPath(dir, id), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return JSON.parse(text) as KeptRecord;
}
