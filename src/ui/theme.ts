/**
 * The theme every element shares: CSS custom properties with their defaults (a page overrides
 * any of them on the element or an ancestor), buttons, focus rings and the visually hidden text
 * for screen readers. docs/theming.md lists each property. In forced colours (high contrast) the
 * transparent borders of buttons and fields are drawn in the system's colours, a pressed
 * button is highlighted in them, and a Gold card's coins (gradients, which forced colours drop)
 * keep an edge. The elements are left to right (their languages are) on a right-to-left page too.
 * @module
 */
import { css } from './css.js';

/** The custom properties and their defaults, set on `:host` so that a page's values win. */
export const THEME = css`
:host {
  --_font: var(--ftk-font, system-ui, "Segoe UI", "DejaVu Sans", sans-serif);
  --_card-font: var(--ftk-card-font, Georgia, "DejaVu Serif", serif);
  --_felt: var(--ftk-felt, #1f6b47);
  --_felt-dark: var(--ftk-felt-dark, #0f3f29);
  --_rim: var(--ftk-rim, #5a3a1f);
  --_ink: var(--ftk-ink, #f7f1e3);
  --_muted: var(--ftk-ink-muted, #cfe3d5);
  --_panel: var(--ftk-panel, rgba(0, 0, 0, 0.22));
  --_line: var(--ftk-line, rgba(255, 255, 255, 0.22));
  --_accent: var(--ftk-accent, #f2c14e);
  --_focus: var(--ftk-focus, #ffe27a);
  --_danger: var(--ftk-danger, #ff8a80);
  --_danger-ink: var(--ftk-danger-ink, #2b0000);
  --_ok: var(--ftk-ok, #8fe3a1);
  --_button: var(--ftk-button, #f2c14e);
  --_button-ink: var(--ftk-button-ink, #2a1d05);
  --_radius: var(--ftk-radius, 12px);
  --_card-w: var(--ftk-card-width, 64px);
  --_face: var(--ftk-card-face, #fbf7ec);
  --_card-ink: var(--ftk-card-ink, #2a2118);
  --_edge: var(--ftk-card-edge, #d8ccb0);
  --_back: var(--ftk-card-back, #7d1f2e);
  --_back-2: var(--ftk-card-back-2, #5e1422);
  --_back-rim: var(--ftk-card-back-rim, #f1e3bf);
  --_diplomacy: var(--ftk-diplomacy, #2f5fa8);
  --_military: var(--ftk-military, #b0352b);
  --_architecture: var(--ftk-architecture, #23807f);
  --_entertainment: var(--ftk-entertainment, #8a3fa6);
  --_provisions: var(--ftk-provisions, #4f8a25);
  --_livestock: var(--ftk-livestock, #8b5a2b);
  --_king: var(--ftk-king, #6b3fa0);
  --_gold: var(--ftk-gold, #d9a514);
  display: block;
  direction: ltr;
  font-family: var(--_font);
  color: var(--_ink);
  -webkit-tap-highlight-color: transparent;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.btn {
  font: inherit; font-weight: 650; line-height: 1.1; min-height: 44px; min-width: 44px; padding: 0.5em 1.1em;
  border-radius: 999px; border: 1px solid transparent; background: var(--_button); color: var(--_button-ink); cursor: pointer;
  box-shadow: 0 2px 0 rgba(0, 0, 0, 0.35), inset 0 1px 0 rgba(255, 255, 255, 0.5); transition: transform 0.12s, filter 0.12s;
}
.btn:hover:not(:disabled) { filter: brightness(1.08); transform: translateY(-1px); }
.btn:active:not(:disabled) { transform: translateY(1px); box-shadow: 0 1px 0 rgba(0, 0, 0, 0.35); }
.btn.quiet { background: rgba(255, 255, 255, 0.1); color: var(--_ink); box-shadow: inset 0 0 0 1px var(--_line); }
.btn:disabled { opacity: 0.45; cursor: not-allowed; }
.btn:focus-visible, [tabindex]:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible, a:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
input, select { font: inherit; }
a { color: var(--_accent); }
@media (forced-colors: active) {
  .btn[aria-pressed="true"] { forced-color-adjust: none; background: Highlight; color: HighlightText; outline-color: CanvasText; }
  .coin { border: 1px solid; }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important; }
}
`;
