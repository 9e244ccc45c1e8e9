/**
 * The links `<ftk-match>` hands out: a row with a link to copy (an invite, a new seat link), and
 * the invite panel, one link per open seat (the invite code in the fragment, which browsers
 * never send to a server).
 * @module
 */
import type { SeatSummary } from '../../client/index.js';
import type { Lang } from '../../text/index.js';
import { fill, h, type Props, text } from '../dom.js';
import { WORDS } from '../words.js';

/**
 * A labelled, read-only link with a **Copy** button. Without the clipboard API (a page not
 * served over https has none) or when it refuses, the selected link is copied the old way; if
 * that fails too, a status line asks the reader to copy it.
 */
export function copyRow(label: string, url: string, lang: Lang, attrs: Props): HTMLElement {
  const w = WORDS[lang].lobby;
  const input = h('input', { readonly: true, value: url, 'aria-label': label, ...attrs });
  const copy = h('button', { type: 'button', class: 'btn quiet' }, w.copy);
  const said = h('span', { class: 'muted', role: 'status' });
  const copied = (): void => text(copy, w.copied);
  const byHand = (): void => {
    input.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      // Not allowed here.
    }
    if (ok) copied();
    else text(said, w.copyYourself);
  };
  copy.addEventListener('click', () => {
    input.select();
    if (navigator.clipboard === undefined) byHand();
    else navigator.clipboard.writeText(url).then(copied, byHand);
  });
  return h('div', { class: 'link' }, h('span', null, label), input, copy, said);
}

/** The invite link of one seat: `page?match=ID&seat=N#invite=CODE` (what `<ftk-app>` reads). */
export function seatInvite(page: string, match: string, seat: number, invite: string | null): string {
  return `${page}?match=${encodeURIComponent(match)}&seat=${seat}${invite ? `#invite=${encodeURIComponent(invite)}` : ''}`;
}

/** What the invite panel needs. */
export interface InviteContext {
  readonly seats: readonly SeatSummary[] | null;
  readonly page: string;
  readonly match: string;
  readonly invite: string | null;
  /** The match is unlisted: its seats are taken only with the invite code. */
  readonly unlisted: boolean;
  readonly lang: Lang;
}

/**
 * Draws the invite panel: a link per open seat that no bot holds, or nothing (`null`: the game is
 * over). An unlisted match's links without its invite code could seat nobody: the panel says the
 * code is missing instead.
 */
export function renderInvites(el: HTMLElement, ctx: InviteContext | null): void {
  const open = (ctx?.seats ?? []).map((s, i) => ({ s, i })).filter((x) => x.s.open && x.s.bot === null);
  // Drawn again only when what it shows changes: the match's summary is read again often, and a
  // panel drawn anew would drop the focus of a keyboard user on its Copy button.
  const key =
    ctx === null || open.length === 0
      ? ''
      : JSON.stringify([ctx.lang, ctx.page, ctx.match, ctx.invite, ctx.unlisted, open.map((x) => x.i)]);
  if (el.dataset.drawn === key) return;
  el.dataset.drawn = key;
  if (ctx === null || open.length === 0) {
    fill(el);
    return;
  }
  const w = WORDS[ctx.lang].lobby;
  fill(
    el,
    h(
      'section',
      { class: 'panel' },
      h('h2', { class: 'small' }, w.invite),
      ctx.unlisted && !ctx.invite
        ? h('span', { class: 'muted' }, w.noInvite)
        : open.map(({ i }) => copyRow(w.inviteSeat(i), seatInvite(ctx.page, ctx.match, i, ctx.invite), ctx.lang, { 'data-invite': i })),
    ),
  );
}
