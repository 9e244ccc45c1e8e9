/**
 * The match element's own look, on top of the shared chrome: the creator's seat panel, and the
 * rematch under the final score (seats as small cards, a tick when they agreed).
 * @module
 */
import { css } from '../css.js';

/** The match's own look: the creator's seat panel, and the rematch under the final score. */
export const MATCH_CSS = css`
.strip:empty { display: none; } .match { display: grid; gap: 10px; }
.keeper > summary { font: 700 1.05rem var(--_card-font); }
.keeper .note, .rematch .note { margin: 8px 0; color: var(--_muted); font-size: 0.9rem; }
.keeper .note:empty, .rematch .note:empty { display: none; }
.keeper li[data-state="away"], .keeper li[data-state="left"] { box-shadow: inset 4px 0 0 var(--_accent); }
.keeper .presence { width: 11px; height: 11px; border-radius: 50%; flex: none; background: var(--_ok); }
.keeper .presence.away, .keeper .presence.left { background: var(--_accent); }
.keeper .presence.bot, .keeper .presence.open { background: var(--_muted); }
.keeper .state, .keeper .wait { font-variant-numeric: tabular-nums; }
.keeper li .link { flex-basis: 100%; }
.after { display: grid; gap: 10px; margin: 14px 0 4px; }
.after .strip { margin: 0; }
.rematch { padding: 14px; border-radius: var(--_radius); background: var(--_panel); box-shadow: inset 0 0 0 1px var(--_line); }
.rematch h3 { font: 700 1.2rem var(--_card-font); letter-spacing: 0; text-transform: none; color: var(--_ink); }
.votes { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.votes li {
  display: inline-flex; align-items: center; gap: 8px; padding: 6px 12px 6px 6px; border-radius: 10px;
  background: var(--_face); color: var(--_card-ink); border: 1px solid var(--_edge); box-shadow: 0 2px 6px rgba(0, 0, 0, 0.3);
}
.votes .chip {
  display: grid; place-items: center; width: 26px; height: 26px; border-radius: 50%; font-weight: 700;
  background: rgba(0, 0, 0, 0.12); color: var(--_card-ink);
}
.votes li[data-vote="ready"] .chip { background: var(--_gold); color: #2a1d05; }
.votes .vote { font-size: 0.85rem; opacity: 0.8; }
.btn.big { font-size: 1.1rem; padding: 0.6em 1.4em; display: inline-flex; gap: 8px; align-items: center; }
.btn .crown { width: 22px; display: inline-block; } .btn .crown svg { width: 100%; display: block; stroke: currentColor; }
.btn[aria-disabled="true"] { background: none; color: var(--_muted); box-shadow: none; outline: 1px dashed; outline-offset: -1px; cursor: default; }
`;
