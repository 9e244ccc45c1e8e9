/**
 * The table's stylesheet: the felt, the seats, the cards, the decision tray, the score. Layout
 * follows the element's own width (container queries), so the same table fits a phone, a side
 * panel and a wide desktop. On a phone the score's names take what its numbers leave and break
 * between words, within one only when it is wider than that. With large text the bid's field
 * narrows and the score scrolls within itself; a big card's name sits above its lower value.
 * @module
 */
import { css } from '../css.js';
import { THEME } from '../theme.js';

const CARDS = css`
.card {
  --w: var(--cw, var(--_card-w)); --c: var(--_card-ink);
  position: relative; flex: none; width: var(--w); height: calc(var(--w) * 1.4);
  border-radius: calc(var(--w) * 0.1); border: 1px solid var(--_edge);
  background: color-mix(in srgb, var(--c) 10%, var(--_face)); color: var(--c);
  font-family: var(--_card-font); font-size: calc(var(--w) * 0.27); line-height: 1;
  display: grid; place-items: center; user-select: none;
  box-shadow: 0 1px 0 rgba(0, 0, 0, 0.2), 0 3px 8px rgba(0, 0, 0, 0.35);
  transition: transform 0.15s ease, box-shadow 0.15s ease;
}
.card[data-kind="government"]::before {
  content: ""; position: absolute; inset: calc(var(--w) * 0.06); border-radius: calc(var(--w) * 0.06);
  border: max(1px, calc(var(--w) * 0.025)) solid var(--c); opacity: 0.55; pointer-events: none;
}
.card[data-office="diplomacy"] { --c: var(--_diplomacy); }
.card[data-office="military"] { --c: var(--_military); }
.card[data-office="architecture"] { --c: var(--_architecture); }
.card[data-office="entertainment"] { --c: var(--_entertainment); }
.card[data-office="provisions"] { --c: var(--_provisions); }
.card[data-office="livestock"] { --c: var(--_livestock); }
.card .pip, .card .name, .card .letter { color: color-mix(in srgb, var(--c) 72%, var(--_card-ink)); }
.card .pip::before, .card .name::before, .card .letter::before { content: attr(data-t); }
.card .pip { position: absolute; font-weight: 700; height: 1em; display: grid; place-items: center; }
.card .tl { top: 9%; left: 12%; }
.card .br { bottom: 9%; right: 12%; transform: rotate(180deg); }
.card .letter { position: absolute; top: 10%; right: 12%; font-size: 0.45em; font-family: var(--_font); }
.card .emblem { width: 52%; display: block; margin-top: -8%; }
.card .emblem svg, .card .crown svg { width: 100%; height: auto; display: block; }
.card:not(.big) .br { display: none; }
.card .name {
  position: absolute; bottom: 11%; left: 3%; right: 3%; text-align: center; font-family: var(--_font);
  font-size: max(7px, 0.34em); font-weight: 650; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
}
.card[data-kind="king"] {
  --c: var(--_king);
  background: radial-gradient(circle at 50% 38%, #fff8dc 0 30%, #f1d98c 75%, #e2bf5c);
  border-color: color-mix(in srgb, var(--_king) 60%, var(--_edge));
}
.card[data-kind="king"]::before {
  content: ""; position: absolute; inset: calc(var(--w) * 0.06); border-radius: calc(var(--w) * 0.06);
  border: max(1px, calc(var(--w) * 0.03)) double var(--_king); opacity: 0.7;
}
.card .crown { width: 64%; margin-top: -12%; color: var(--_gold); stroke: var(--_king); }
.card .crown svg { stroke: var(--_king); }
.card[data-kind="gold"] { --c: #7a5a00; background: linear-gradient(160deg, #fffaf0, #f6e3aa); }
.card .coins { display: flex; flex-wrap: wrap; justify-content: center; align-content: center; gap: 4%; width: 74%; margin-top: -8%; }
.card .coin {
  display: block; width: 40%; aspect-ratio: 1; border-radius: 50%;
  background: radial-gradient(circle at 35% 30%, #fff6c2, var(--_gold) 48%, #9c7208);
  box-shadow: inset 0 0 0 max(1px, calc(var(--w) * 0.022)) rgba(110, 70, 0, 0.55), 0 1px 2px rgba(0, 0, 0, 0.3);
}
.card .coins[data-n="1"] .coin { width: 52%; }
.card.back {
  background: radial-gradient(circle at 50% 50%, transparent 0 22%, rgba(255, 255, 255, 0.08) 23% 26%, transparent 27%),
    repeating-linear-gradient(45deg, var(--_back) 0 5px, var(--_back-2) 5px 10px);
  border: max(2px, calc(var(--w) * 0.05)) solid var(--_back-rim);
}
.card.small { --w: calc(var(--cw, var(--_card-w)) * 0.62); }
.card.small .name, .card.small .letter { display: none; }
.card.small .emblem { margin-top: 0; }
.card.big { --w: calc(var(--cw, var(--_card-w)) * 1.25); }
.card.big .name { bottom: 22%; }
.card.big .tl ~ .name { bottom: calc(9% + var(--w) * 0.27); }
.card.big .emblem { width: 46%; margin-top: -16%; }
.card.mini { --w: 16px; border-width: 1.5px; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.4); }
.card.playable { cursor: pointer; outline: 3px solid var(--_accent); outline-offset: 2px; transform: translateY(-4px); }
.card.playable:hover { transform: translateY(-9px); box-shadow: 0 10px 18px rgba(0, 0, 0, 0.4); }
.card.playable:focus-visible {
  outline: 4px solid var(--_focus); outline-offset: 3px; transform: translateY(-9px);
  box-shadow: 0 0 0 3px var(--_felt-dark), 0 0 0 9px var(--_ink);
}
.backs { display: inline-flex; align-items: center; }
.backs .card + .card { margin-left: -9px; }
.backs .more { margin-left: 4px; font-size: 0.8rem; color: var(--_muted); }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; min-width: 0; }
.fan { display: flex; flex-wrap: wrap; row-gap: 10px; align-items: flex-end; padding-left: calc(var(--cw, var(--_card-w)) * 0.3); min-width: 0; }
.fan > .card { margin-left: calc(var(--cw, var(--_card-w)) * -0.3); }
.fan > .card.gap { margin-left: 6px; }
.placeholder {
  width: var(--cw, var(--_card-w)); height: calc(var(--cw, var(--_card-w)) * 1.4); border-radius: calc(var(--cw, var(--_card-w)) * 0.1);
  border: 2px dashed var(--_line); display: grid; place-items: center; color: var(--_muted); font-size: 0.75rem; text-align: center; padding: 4px;
}
`;

const LAYOUT = css`
:host { container-type: inline-size; }
.table {
  --cw: var(--_card-w); position: relative; display: grid; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "bar" "score" "seats" "titles" "felt" "tray" "mine" "log";
  border-radius: calc(var(--_radius) + 6px); min-width: 0;
  background: radial-gradient(ellipse at 50% 25%, var(--_felt), var(--_felt-dark) 85%);
  box-shadow: inset 0 0 0 6px var(--_rim), inset 0 0 0 8px rgba(0, 0, 0, 0.35), inset 0 0 60px rgba(0, 0, 0, 0.35);
  padding: 18px;
}
.table > * { margin-bottom: 12px; min-width: 0; }
.table > :last-child { margin-bottom: 0; }
@container (min-width: 820px) {
  .table {
    grid-template-columns: minmax(0, 1fr) minmax(15rem, 19rem); column-gap: 16px;
    grid-template-areas: "bar bar" "score score" "seats seats" "felt titles" "tray log" "mine log";
  }
  .log { align-self: start; }
  .table.over { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-areas: "bar bar" "score score" "titles log"; }
}
.table.over .seats, .table.over .felt, .table.over .mine-seat { display: none; }
.bar { grid-area: bar; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; font-size: 0.95rem; }
.bar .phase { font-weight: 700; letter-spacing: 0.03em; text-transform: uppercase; font-size: 0.8rem; color: var(--_muted); }
.bar .turn { font-weight: 700; padding: 4px 12px; border-radius: 999px; background: var(--_panel); }
.bar .turn.mine { background: var(--_accent); color: var(--_button-ink); }
.bar .clock { font-variant-numeric: tabular-nums; padding: 4px 10px; border-radius: 999px; background: var(--_panel); }
.bar .clock.low { background: var(--_danger); color: var(--_danger-ink); }
.bar .extra { margin-left: auto; }
.panel { background: var(--_panel); border-radius: var(--_radius); padding: 10px 12px; box-shadow: inset 0 0 0 1px rgba(255, 255, 255, 0.06); }
h2, h3 { margin: 0 0 8px; font-size: 0.78rem; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); }
.seats { grid-area: seats; display: flex; flex-wrap: wrap; gap: 10px; }
.seat {
  flex: 1 1 12rem; min-width: 0; max-width: 100%; position: relative; transition: box-shadow 0.2s, transform 0.2s;
}
@container (min-width: 820px) { .seat { max-width: 24rem; } }
.seat.to-move { box-shadow: inset 0 0 0 2px var(--_accent), 0 0 18px color-mix(in srgb, var(--_accent) 35%, transparent); }
.seat-head { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; margin-bottom: 6px; }
.seat-name { font-weight: 700; font-size: 1rem; overflow-wrap: anywhere; }
.presence { width: 9px; height: 9px; border-radius: 50%; background: var(--_ok); box-shadow: 0 0 0 2px rgba(0, 0, 0, 0.3); }
.presence.off { background: none; border: 2px solid #9aa39d; }
.badge { font-size: 0.72rem; font-weight: 650; padding: 2px 8px; border-radius: 999px; background: rgba(255, 255, 255, 0.12); }
.badge.advisor { background: var(--_accent); color: var(--_button-ink); }
.badge.out { background: rgba(0, 0, 0, 0.35); color: var(--_muted); }
.badge.warn { background: var(--_danger); color: var(--_danger-ink); }
.badge.word { background: #fff; color: #222; }
.seat-body { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; }
.seat-known { display: flex; flex-wrap: wrap; gap: 4px; }
.count { font-size: 0.8rem; color: var(--_muted); }
.felt {
  grid-area: felt; display: flex; flex-wrap: wrap; gap: 14px 18px; align-items: flex-start;
  background: rgba(0, 0, 0, 0.16); border-radius: var(--_radius); padding: 14px; box-shadow: inset 0 2px 12px rgba(0, 0, 0, 0.35);
}
.piles { display: flex; gap: 14px; flex-wrap: wrap; }
.pile { display: grid; justify-items: center; gap: 4px; font-size: 0.78rem; color: var(--_muted); text-align: center; }
.stack { position: relative; width: var(--cw); height: calc(var(--cw) * 1.4); }
.stack > .card { position: absolute; inset: 0; }
.stack > .card:nth-child(2) { transform: translate(2px, -2px); }
.stack > .card:nth-child(3) { transform: translate(4px, -4px); }
.stack .placeholder { position: absolute; inset: 0; }
.pile .n { font-weight: 700; color: var(--_ink); font-size: 0.9rem; }
.stage { flex: 1 1 16rem; display: grid; gap: 12px; min-width: 0; }
.zone { display: grid; gap: 6px; min-width: 0; }
.advisor-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
.slots { display: flex; flex-wrap: wrap; gap: 6px; }
.slot { font-size: 0.78rem; padding: 4px 10px; border-radius: 999px; box-shadow: inset 0 0 0 1px var(--_line); }
.slot.used { background: rgba(0, 0, 0, 0.3); color: var(--_muted); text-decoration: line-through; }
.auction { display: flex; flex-wrap: wrap; gap: 14px; align-items: center; }
.bid-info { display: grid; gap: 6px; min-width: 0; }
.high { display: flex; align-items: center; gap: 10px; }
.medal {
  width: 52px; height: 52px; border-radius: 50%; display: grid; place-items: center; font: 700 1.4rem var(--_card-font); flex: none;
  background: radial-gradient(circle at 35% 30%, #fff3c4, var(--_gold) 55%, #946c05); color: #3b2a00;
  box-shadow: inset 0 0 0 3px rgba(100, 60, 0, 0.45), 0 3px 8px rgba(0, 0, 0, 0.35);
}
.medal.empty { background: rgba(255, 255, 255, 0.1); color: var(--_muted); box-shadow: inset 0 0 0 2px var(--_line); }
.progress { height: 8px; border-radius: 99px; background: rgba(0, 0, 0, 0.35); overflow: hidden; min-width: 8rem; }
.progress > i { display: block; height: 100%; background: var(--_gold); }
.titles { grid-area: titles; align-self: start; }
.title-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(7.2rem, 1fr)); gap: 8px; }
.title {
  --c: #999; display: grid; grid-template-columns: 18px minmax(0, 1fr); grid-template-areas: "em name" "vals vals" "you you";
  gap: 2px 5px; align-items: center; padding: 6px 8px; border-radius: 10px; min-width: 0;
  background: color-mix(in srgb, var(--c) 30%, rgba(0, 0, 0, 0.25)); box-shadow: inset 3px 0 0 var(--c);
}
.title[data-office="diplomacy"] { --c: var(--_diplomacy); }
.title[data-office="military"] { --c: var(--_military); }
.title[data-office="architecture"] { --c: var(--_architecture); }
.title[data-office="entertainment"] { --c: var(--_entertainment); }
.title[data-office="provisions"] { --c: var(--_provisions); }
.title[data-office="livestock"] { --c: var(--_livestock); }
.title .emblem { grid-area: em; width: 18px; color: #fff; opacity: 0.9; }
.title .emblem svg { width: 100%; display: block; }
.title .tname { grid-area: name; font-size: 0.7rem; font-weight: 650; line-height: 1.15; overflow: hidden; text-overflow: ellipsis; }
.title .vals { grid-area: vals; font: 700 1.15rem var(--_card-font); white-space: nowrap; }
.title .vals small { font-size: 0.75rem; opacity: 0.8; margin-left: 4px; }
.title .you { grid-area: you; font-size: 0.72rem; color: var(--_muted); }
.title.flash { animation: flash 1.2s ease; }
@keyframes flash { 0%, 100% { filter: none; } 30% { filter: brightness(1.8); } }
.tray { grid-area: tray; display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; }
.tray.mine { box-shadow: inset 0 0 0 2px var(--_accent), 0 0 24px color-mix(in srgb, var(--_accent) 25%, transparent); }
.tray .prompt { margin: 0; font-size: 1.05rem; font-weight: 700; color: var(--_ink); text-transform: none; letter-spacing: 0; }
.tray .note { margin: 0; color: var(--_muted); font-size: 0.9rem; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.king-grid { display: grid; gap: 6px; }
.king-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.king-row .office { min-width: 9rem; display: flex; align-items: center; gap: 6px; font-weight: 650; }
.king-row .btn { min-width: 44px; padding: 0.5em 0.8em; }
.stepper { display: inline-flex; align-items: center; gap: 4px; max-width: 100%; }
.stepper input { width: 4.5em; min-width: 0; min-height: 44px; text-align: center; border-radius: 10px; border: 1px solid transparent; padding: 0 6px; font-weight: 700; }
.mine-seat { grid-area: mine; }
.mine-seat .fan { min-height: calc(var(--cw) * 1.4 + 6px); }
.mine-head { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; margin-bottom: 8px; }
.mine-head .seat-name { font-size: 1.05rem; }
.log { grid-area: log; }
.log summary { cursor: pointer; font-size: 0.78rem; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); min-height: 28px; }
.log ol { margin: 6px 0 0; padding: 0; list-style: none; max-height: 18rem; overflow-y: auto; font-size: 0.86rem; display: grid; gap: 3px; }
.log li { padding-left: 10px; border-left: 2px solid var(--_line); }
.log li:last-child { border-left-color: var(--_accent); }
.score { grid-area: score; }
.score .wide { overflow-x: auto; }
.score table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.score th, .score td { padding: 6px 4px; text-align: center; border-bottom: 1px solid var(--_line); }
.score th:first-child, .score td:first-child { text-align: left; }
.score thead th { font-size: 0.72rem; color: var(--_muted); font-weight: 650; }
.score .dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 4px; vertical-align: -1px; }
.score tr.winner { background: color-mix(in srgb, var(--_accent) 16%, transparent); }
.score td.total { font: 700 1.2rem var(--_card-font); }
.score .won { font-weight: 700; }
.score .long { display: none; }
@container (min-width: 640px) { .score .long { display: inline; } .score .short { display: none; } }
.final-hands { display: grid; gap: 8px; margin-top: 12px; }
.final-hands .row { gap: 4px; }
.winner-line { font: 700 1.3rem var(--_card-font); margin: 0 0 10px; color: var(--_accent); display: flex; align-items: center; gap: 8px; }
.winner-line .crown { flex: none; width: 28px; color: var(--_gold); }
.winner-line .crown svg { width: 100%; display: block; stroke: var(--_king); }
.shake { animation: shake 0.5s ease; }
@keyframes shake { 0%, 100% { transform: none; } 25% { transform: translateX(-4px); } 75% { transform: translateX(4px); } }
.pop { animation: pop 0.35s ease; }
@keyframes pop { 0% { transform: scale(0.6); opacity: 0; } 70% { transform: scale(1.1); } 100% { transform: none; opacity: 1; } }
@container (max-width: 520px) {
  .table { padding: 12px 10px; --cw: calc(var(--_card-w) * 0.8); }
  .card.small { --w: calc(var(--cw) * 0.66); }
  .card.mini { --w: 13px; }
  .seat { flex-basis: 9rem; padding: 8px; }
  .seat-known .card.small { --w: 26px; font-size: 13px; }
  .seat-known .card .emblem, .seat-known .card .coins, .seat-known .card .letter { display: none; }
  .seat-known .card .tl { top: 50%; left: 50%; transform: translate(-50%, -50%); }
  .seat-known .card .crown { width: 80%; margin: 0; }
  .felt { padding: 10px; gap: 10px; }
  .king-row .office { min-width: 100%; }
  .title-grid { grid-template-columns: repeat(auto-fit, minmax(3.6rem, 1fr)); gap: 6px; }
  .title { grid-template-areas: "em em" "vals vals" "you you"; justify-items: center; padding: 6px 4px; }
  .title .tname { display: none; }
  .score th, .score td { padding: 5px 2px; font-size: 0.85rem; }
}
@container (max-width: 380px) {
  .score th, .score td { padding: 5px 1px; }
  .score thead th { font-size: 0.62rem; }
  .score tbody th { width: 100%; font-size: 0.8rem; overflow-wrap: anywhere; hyphens: auto; }
}
`;

/** The whole stylesheet of the table element. */
export const TABLE_CSS = THEME + CARDS + LAYOUT;

/** The card styles alone (for elements that show cards outside a table, such as the lobby). */
export const CARD_CSS = CARDS;
