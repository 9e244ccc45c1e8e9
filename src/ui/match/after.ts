/**
 * What `<ftk-match>` shows under the final score: the rematch panel, and once the host gave the
 * record, a button to watch the replay and a link to download the record.
 * @module
 */
import { fetchRecord } from '../../client/index.js';
import type { GameRecord } from '../../index.js';
import { fill, h } from '../dom.js';
import { WORDS } from '../words.js';

/** The finished match: its record (`null` until the host gives it), the record's download URL, and the match id. */
export interface Finished {
  readonly record: GameRecord | null;
  readonly url: string | null;
  readonly match: string | null;
}

/**
 * Fills `after`: nothing before the end (`finished` null); the rematch panel alone until the
 * record comes; then the replay button (quiet beside a rematch, which is the call to make now)
 * and the download link. `onReplay` is called with the record when the reader asks to watch it.
 */
export function renderAfter(
  after: HTMLElement,
  rematch: HTMLElement,
  finished: Finished | null,
  lang: 'en' | 'uk',
  onReplay: (record: GameRecord) => void,
): void {
  if (finished === null) {
    fill(after);
    return;
  }
  const { record, url, match } = finished;
  if (record === null) {
    fill(after, rematch);
    return;
  }
  const w = WORDS[lang];
  const replay = h('button', { type: 'button', class: rematch.hidden ? 'btn' : 'btn quiet' }, w.watchReplay);
  replay.addEventListener('click', () => onReplay(record));
  const download =
    url === null ? null : h('a', { href: url, download: `for-the-king-${match ?? 'match'}.json`, 'data-record': '' }, w.download);
  fill(after, rematch, h('div', { class: 'strip' }, replay, download));
}

/** The match's record from the host (`null` when it gives none) and a URL to download it; `previous`, the last such URL, is let go. */
export async function loadRecord(
  base: string,
  match: string,
  token: string | null,
  previous: string | null,
): Promise<{ record: GameRecord | null; url: string | null }> {
  let record: GameRecord | null = null;
  try {
    record = await fetchRecord(base, match, token);
  } catch {
    // None: neither the replay nor the download is offered.
  }
  if (previous !== null) URL.revokeObjectURL(previous);
  const url = record === null ? null : URL.createObjectURL(new Blob([`${JSON.stringify(record)}\n`], { type: 'application/json' }));
  return { record, url };
}
