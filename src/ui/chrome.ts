/**
 * The look shared by the elements around the table (match, lobby, replay, app): panels on the
 * felt, forms, status pills, links, and bars of felt (`.bar`) for what sits outside a panel, so
 * that it reads on any page's background. Built on the theme's custom properties.
 * @module
 */
import { css } from './css.js';
import { THEME } from './theme.js';

/** Panels, forms, pills and bars. */
export const CHROME_CSS = css`${THEME}
.panel {
  background: radial-gradient(ellipse at 50% 0%, var(--_felt), var(--_felt-dark) 90%); color: var(--_ink);
  border-radius: calc(var(--_radius) + 6px); padding: 18px;
  box-shadow: inset 0 0 0 6px var(--_rim), inset 0 0 0 8px rgba(0, 0, 0, 0.35), 0 8px 24px rgba(0, 0, 0, 0.25);
}
.panel + .panel { margin-top: 14px; }
h2 { margin: 0 0 12px; font: 700 1.35rem var(--_card-font); color: var(--_ink); }
h3, h2.small { margin: 0 0 8px; font-family: inherit; font-size: 0.8rem; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); }
.form { display: grid; gap: 12px; max-width: 36rem; }
.field { display: grid; gap: 4px; }
.field > span, legend { font-size: 0.85rem; font-weight: 650; color: var(--_muted); }
.field input, .field select {
  min-height: 44px; border-radius: 10px; border: 1px solid rgba(0, 0, 0, 0.25); padding: 6px 10px; background: #fffdf6; color: #201a12; max-width: 100%;
  min-width: 0;
}
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 10px 14px; }
fieldset { border: 1px solid var(--_line); border-radius: 10px; padding: 10px 12px; margin: 0; min-width: 0; }
details > summary { cursor: pointer; font-weight: 650; min-height: 32px; }
.pill { display: inline-flex; align-items: center; gap: 6px; padding: 4px 12px; border-radius: 999px; background: rgba(0, 0, 0, 0.3); font-size: 0.9rem; }
.pill::before { content: ""; width: 9px; height: 9px; border-radius: 50%; background: var(--_muted); }
.pill[data-state="open"]::before { background: var(--_ok); }
.pill[data-state="connecting"]::before, .pill[data-state="reconnecting"]::before { background: var(--_accent); }
.pill[data-state="closed"]::before { background: var(--_danger); }
.error { color: #fff; background: rgba(176, 40, 30, 0.85); border-radius: 10px; padding: 8px 12px; margin: 0; }
.error:empty { display: none; }
.strip { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; margin-bottom: 10px; }
.bar { margin: 0; padding: 8px 12px; border-radius: var(--_radius); background: var(--_felt-dark); color: var(--_ink); } .bar:empty { display: none; }
.links { display: grid; gap: 8px; }
.link { display: flex; flex-wrap: wrap; gap: 6px 8px; align-items: center; min-width: 0; }
.muted:empty { display: none; }
.link input:not([type="radio"]) { flex: 1 1 14rem; min-width: 0; min-height: 40px; border-radius: 10px; border: 1px solid transparent; padding: 0 10px; background: #fffdf6; color: #201a12; }
.list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.list li { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 8px 10px; border-radius: 10px; background: rgba(0, 0, 0, 0.2); }
.list li .grow { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.muted { color: var(--_muted); }
`;
