// The demo page: one human seat (player 0) against bots, framework-free.
//
// Hidden information: the full game state lives only inside `createTable` below. The page is
// drawn from `view(state, HUMAN)` and `eventsFor(events, HUMAN)` and nothing else; bots get their
// own views, which are never drawn. Only visible cards carry their id (`data-card`) in the DOM.
//
// URL parameters: ?players=3&seed=7&delay=600&lang=uk (delay: milliseconds between bot moves).
// With ?online (and &match=ID) the page plays on a match host instead (online.js): the table is
// then the host's, seen through for-the-king-and-me/client, and HUMAN is the seat it holds.
import { createGameWithEvents, eventsFor, makeRecord, officesInPlay, step, view } from './lib/index.js';
import { describeAction, describeCard, describeEvent, labels } from './lib/text.js';
import { BOT_NAME, botFor } from './players.js';

let HUMAN = 0;
const MAX_BID_BUTTONS = 10;

/** Demo-only words; everything about the game itself comes from the library's `labels`. */
const TEXT = {
  en: {
    title: 'For the King (and Me)',
    cards: (n) => `${n} card${n === 1 ? '' : 's'}`,
    holds: 'holds a drawn card',
    first: 'first player',
    out: 'out',
    defaulted: 'defaulted',
    myFavor: 'Your cards on the favor pile',
    bidOther: 'Other bid',
    bid: 'Bid',
    king: 'Choose a new value for one primary title',
    pays: (who, paid, due, mode) => `${who}: ${paid} of ${due} paid (${mode === 'gold' ? 'gold value' : 'cards discarded'})`,
    bots: (name) => `${name} bots are playing…`,
    finalHands: 'Final hands',
    download: 'Download the game record',
    empty: '—',
    primaryShort: '1st',
    secondaryShort: '2nd',
  },
  uk: {
    title: 'За Короля та за мене',
    cards: (n) => `карт: ${n}`,
    holds: 'тримає витягнуту карту',
    first: 'перший гравець',
    out: 'поза торгами',
    defaulted: 'не заплатив',
    myFavor: 'Ваші карти в стосі прихильності',
    bidOther: 'Інша ставка',
    bid: 'Ставка',
    king: 'Оберіть нове значення одного головного титулу',
    pays: (who, paid, due, mode) => `${who}: сплачено ${paid} з ${due} (${mode === 'gold' ? 'золотом' : 'скинутими картами'})`,
    bots: (name) => `Боти (${name}) грають…`,
    finalHands: 'Руки наприкінці',
    download: 'Завантажити запис гри',
    empty: '—',
    primaryShort: '1-й',
    secondaryShort: '2-й',
  },
};

// ---------------------------------------------------------------------------------------------
// Settings from the URL.

function intParam(params, name, min, max, fallback) {
  const n = Number(params.get(name));
  return params.has(name) && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

function readSettings() {
  const params = new URLSearchParams(location.search);
  const rawSeed = params.get('seed');
  const seed = rawSeed === null || rawSeed === '' ? String(Math.floor(Math.random() * 1e6)) : rawSeed;
  return {
    players: intParam(params, 'players', 2, 5, 3),
    seed: /^\d{1,9}$/.test(seed) ? Number(seed) : seed,
    delay: intParam(params, 'delay', 0, 60000, 600),
    lang: params.get('lang') === 'uk' ? 'uk' : 'en',
  };
}

// ---------------------------------------------------------------------------------------------
// The table: the only place that holds the full state.

function createTable(options) {
  const opening = createGameWithEvents(options);
  let state = opening.state;
  const actions = [];
  const bots = [];
  for (let p = 0; p < options.players; p++) bots.push(p === HUMAN ? null : botFor(`${options.seed}/${p}`));
  return {
    /** The human's view and the opening events as the human sees them. */
    humanView: () => view(state, HUMAN),
    openingEvents: () => eventsFor(opening.events, HUMAN),
    /** Applies an action; returns the events as the human sees them. */
    act(action) {
      const result = step(state, action);
      state = result.state;
      actions.push(action);
      return eventsFor(result.events, HUMAN);
    },
    /** The bot to move plays from its own view (never drawn). */
    botMove() {
      const p = view(state, 'spectator').currentPlayer;
      const bot = p === null ? null : bots[p];
      if (!bot) throw new Error('no bot to move');
      return this.act(bot(view(state, p)));
    },
    /**
     * The game record (options, every action, the seats' names). It holds the seed, from which
     * every hidden card follows: the page hands it out only once the game is over.
     */
    record() {
      if (view(state, 'spectator').currentPlayer !== null) throw new Error('the game is not over');
      const names = Array.from({ length: options.players }, (_, p) => (p === HUMAN ? 'You' : `${BOT_NAME} bot`));
      return makeRecord(options, actions, { names, meta: { program: 'for-the-king-and-me demo', bots: BOT_NAME } });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// DOM helpers.

function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// The page.

let settings = readSettings();
let table = null;
let logEvents = [];
let timer = 0;
let game = 0; // increases with every new game, so a stale bot timer does nothing
let recordUrl = null; // an object URL of the finished game's record

function t() {
  return TEXT[settings.lang];
}

function L() {
  return labels[settings.lang];
}

function playerName(p) {
  return p === HUMAN ? L().ui.you : `${L().ui.player} ${p}`;
}

function cardEl(card) {
  const l = L();
  const title = describeCard(card, settings.lang);
  if (card.kind === 'government') {
    return h(
      'span',
      { class: `card gov ${card.office}`, 'data-card': card.id, title: `${title} (${card.letter})` },
      h('b', { class: 'value' }, card.value),
      h('span', { class: 'name' }, l.offices[card.office]),
      h('span', { class: 'letter' }, card.letter),
    );
  }
  if (card.kind === 'king') {
    return h(
      'span',
      { class: 'card king', 'data-card': card.id, title },
      h('b', { class: 'value' }, '♛'),
      h('span', { class: 'name' }, l.kinds.king),
    );
  }
  return h(
    'span',
    { class: 'card gold', 'data-card': card.id, title },
    h('b', { class: 'value' }, card.value),
    h('span', { class: 'name' }, l.kinds.gold),
  );
}

function cardsEl(cards, className = '') {
  return cards.length === 0 ? h('span', { class: 'none' }, t().empty) : h('span', { class: `cards ${className}` }, cards.map(cardEl));
}

function backs(n) {
  return h(
    'span',
    { class: 'backs', title: t().cards(n) },
    Array.from({ length: Math.min(n, 10) }, () => h('span', { class: 'back' })),
  );
}

function influence(hand, office) {
  let sum = 0;
  for (const c of hand) if (c.kind === 'government' && c.office === office) sum += c.value;
  return sum;
}

function statusEl(v) {
  const l = L();
  const turn =
    v.currentPlayer === null
      ? l.ui.gameOver
      : v.currentPlayer === HUMAN
        ? l.ui.yourTurn
        : `${l.ui.waitingFor}: ${playerName(v.currentPlayer)}`;
  return h(
    'section',
    { class: 'status', id: 'status' },
    h('span', { class: 'phase' }, l.phases[v.phase]),
    v.currentPlayer === null ? null : h('span', { class: `turn ${v.currentPlayer === HUMAN ? 'mine' : ''}` }, turn),
    v.advisor === null ? null : h('span', null, `${l.ui.advisor}: ${playerName(v.advisor)}`),
    h('span', null, `${l.ui.deck}: ${v.deckSize}`),
    h('span', null, `${l.ui.favorPile}: ${v.favorSize}`),
  );
}

function titlesEl(v) {
  const l = L();
  const offices = officesInPlay(v.players);
  return h(
    'section',
    { class: 'panel titles' },
    h('h2', null, l.ui.titles),
    h(
      'table',
      null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, ''),
          h('th', null, l.titles.primary),
          v.players > 2 ? h('th', null, l.titles.secondary) : null,
          h('th', null, `${l.ui.influence} (${l.ui.you})`),
        ),
      ),
      h(
        'tbody',
        null,
        offices.map((office) => {
          const title = v.titles[office];
          return h(
            'tr',
            { class: office },
            h('th', null, h('span', { class: `dot ${office}` }), l.offices[office]),
            h('td', null, title?.primary ?? ''),
            v.players > 2 ? h('td', null, title?.secondary ?? '') : null,
            h('td', null, influence(v.hand, office)),
          );
        }),
      ),
    ),
  );
}

function tableEl(v) {
  const l = L();
  const auction = v.lot
    ? h(
        'div',
        { class: 'lot' },
        h('h3', null, l.ui.lot),
        cardEl(v.lot),
        h(
          'dl',
          null,
          h('dt', null, l.ui.highBid),
          h('dd', null, v.highBidder === null ? t().empty : `${v.highBid} (${playerName(v.highBidder)})`),
          h('dt', null, l.ui.stillIn),
          h('dd', null, v.stillIn.map(playerName).join(', ') || t().empty),
        ),
        v.payment
          ? h(
              'p',
              { class: 'payment' },
              `${l.ui.payment} — ${t().pays(playerName(v.payment.player), v.payment.paid, v.payment.due, v.payment.mode)}`,
            )
          : null,
      )
    : null;
  const king = v.king ? h('div', { class: 'king-note' }, cardEl(v.king.card), ` ${playerName(v.king.player)} — ${t().king}`) : null;
  return h(
    'section',
    { class: 'panel table' },
    h('h2', null, l.ui.middle),
    cardsEl(v.middle),
    auction,
    king,
    h('h3', null, `${l.ui.discard} (${v.discard.length})`),
    cardsEl(v.discard.slice(-10), 'small'),
  );
}

function playersEl(v) {
  const l = L();
  return h(
    'section',
    { class: 'panel players' },
    h('h2', null, l.ui.players),
    h(
      'ul',
      null,
      Array.from({ length: v.players }, (_, p) => {
        const tags = [];
        if (p === v.firstPlayer) tags.push(t().first);
        if (p === v.advisor) tags.push(l.ui.advisor);
        if (p === v.advisor && v.advisorHoldsCard && p !== HUMAN) tags.push(t().holds);
        if (v.lot && v.defaulted.includes(p)) tags.push(t().defaulted);
        else if (v.lot && !v.stillIn.includes(p)) tags.push(t().out);
        return h(
          'li',
          { class: `seat ${p === v.currentPlayer ? 'to-move' : ''} ${p === HUMAN ? 'me' : ''}`, 'data-seat': p },
          h(
            'div',
            { class: 'seat-head' },
            h('strong', null, playerName(p)),
            tags.map((x) => h('span', { class: 'tag' }, x)),
          ),
          h('div', { class: 'seat-hand' }, `${l.ui.hand}: `, backs(v.handSizes[p] ?? 0), ` ${t().cards(v.handSizes[p] ?? 0)}`),
          h('div', { class: 'seat-known' }, `${l.ui.known}: `, cardsEl(v.known[p] ?? [], 'small')),
        );
      }),
    ),
  );
}

function mineEl(v) {
  const l = L();
  return h(
    'section',
    { class: 'panel mine' },
    v.drawn ? h('div', { class: 'drawn' }, h('h2', null, l.ui.drawn), cardEl(v.drawn)) : null,
    h('h2', null, `${l.ui.hand} (${v.hand.length})`),
    cardsEl(v.hand),
    v.myFavor.length > 0 ? h('div', null, h('h3', null, t().myFavor), cardsEl(v.myFavor, 'small')) : null,
  );
}

function actionButton(v, action, index, text) {
  const sentence = describeAction(action, settings.lang, v);
  return h(
    'button',
    { type: 'button', class: `act ${action.type}`, 'data-action': index, title: sentence, 'aria-label': sentence },
    text ?? sentence,
  );
}

function actionsEl(v) {
  const l = L();
  if (v.legal.length === 0) {
    return h('section', { class: 'panel actions waiting' }, h('p', null, v.currentPlayer === null ? l.ui.gameOver : t().bots(BOT_NAME)));
  }
  const indexed = v.legal.map((action, index) => ({ action, index }));
  const body = [];
  const bids = indexed.filter((x) => x.action.type === 'bid');
  const kings = indexed.filter((x) => x.action.type === 'king');
  const others = indexed.filter((x) => x.action.type !== 'bid' && x.action.type !== 'king');
  if (bids.length > 0) {
    body.push(
      h('p', { class: 'hint' }, `${l.ui.lot}: ${v.lot ? describeCard(v.lot, settings.lang) : ''} · ${l.ui.highBid}: ${v.highBid}`),
      h(
        'div',
        { class: 'bid-row' },
        bids.slice(0, MAX_BID_BUTTONS).map((x) => actionButton(v, x.action, x.index, String(x.action.amount))),
      ),
    );
    if (bids.length > MAX_BID_BUTTONS) {
      // The view gives the bid range: no need to scan the (up to 108) legal bids for it.
      const first = v.minBid;
      const last = v.maxBid;
      const input = h('input', { type: 'number', min: first, max: last, value: first + MAX_BID_BUTTONS, id: 'bid-amount' });
      body.push(
        h(
          'form',
          {
            class: 'bid-other',
            onsubmit: (event) => {
              event.preventDefault();
              const pick = bids.find((x) => x.action.amount === Number(input.value));
              if (pick) choose(pick.index);
            },
          },
          h('label', null, `${t().bidOther} (${first}–${last}) `, input),
          h('button', { type: 'submit' }, t().bid),
        ),
      );
    }
  }
  if (kings.length > 0) {
    body.push(h('p', { class: 'hint' }, t().king));
    for (const office of officesInPlay(v.players)) {
      const row = kings.filter((x) => x.action.office === office);
      body.push(
        h(
          'div',
          { class: 'king-row' },
          h(
            'span',
            { class: 'king-office' },
            h('span', { class: `dot ${office}` }),
            `${l.offices[office]} (${v.titles[office]?.primary ?? ''})`,
          ),
          row.map((x) => actionButton(v, x.action, x.index, String(x.action.value))),
        ),
      );
    }
  }
  if (others.length > 0)
    body.push(
      h(
        'div',
        { class: 'choices' },
        others.map((x) => actionButton(v, x.action, x.index)),
      ),
    );
  return h('section', { class: 'panel actions mine-to-move' }, h('h2', null, l.ui.yourTurn), body);
}

/** An office's name cut for a narrow score table ("Entertainment" → "Ente."); the full name is its tooltip. */
function shortName(name) {
  return name.length <= 5 ? name : `${name.slice(0, 4)}.`;
}

function scoreEl(v) {
  const l = L();
  const s = v.score;
  const offices = officesInPlay(v.players);
  const gold = (p) => (v.hands?.[p] ?? []).reduce((sum, c) => sum + (c.kind === 'gold' ? c.value : 0), 0);
  const cell = (office, p) => {
    const r = s.offices[office];
    if (!r) return '';
    if (r.first === p) return `${r.primary} (${t().primaryShort})`;
    if (r.second === p) return `${r.secondary ?? 0} (${t().secondaryShort})`;
    return r.influence[p] ? '0' : '';
  };
  return h(
    'section',
    { class: 'panel score' },
    h('h2', null, l.ui.score),
    h(
      'table',
      { id: 'score' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, l.ui.player),
          offices.map((o) =>
            h(
              'th',
              { title: l.offices[o] },
              h('span', { class: 'long' }, l.offices[o]),
              h('span', { class: 'short' }, shortName(l.offices[o])),
            ),
          ),
          h('th', null, l.ui.gold),
          h('th', null, l.ui.points),
        ),
      ),
      h(
        'tbody',
        null,
        Array.from({ length: v.players }, (_, p) =>
          h(
            'tr',
            { 'data-player': p, class: s.winners.includes(p) ? 'winner' : '' },
            h('th', null, playerName(p), s.winners.includes(p) ? h('span', { class: 'tag win' }, l.ui.winner) : null),
            offices.map((o) => h('td', null, cell(o, p))),
            h('td', null, gold(p)),
            h('td', { class: 'total' }, s.points[p]),
          ),
        ),
      ),
    ),
    h('h3', null, t().finalHands),
    h(
      'ul',
      { class: 'final-hands' },
      (v.hands ?? []).map((hand, p) => h('li', null, h('strong', null, `${playerName(p)}: `), cardsEl(hand, 'small'))),
    ),
    h('p', null, h('a', { id: 'download-record', class: 'download', href: recordUrl, download: recordFile() }, t().download)),
  );
}

/** The file name of the game's record: `for-the-king-<players>p-<seed>.json`. */
function recordFile() {
  return `for-the-king-${settings.players}p-${String(settings.seed).replace(/[^\w-]/g, '_')}.json`;
}

function render() {
  const v = table.humanView();
  if (v.currentPlayer === null && recordUrl === null) {
    // The game is over and every hand is public: the record may now leave the table.
    recordUrl = URL.createObjectURL(new Blob([`${JSON.stringify(table.record(), null, 1)}\n`], { type: 'application/json' }));
  }
  const app = $('app');
  app.replaceChildren(
    statusEl(v),
    ...(v.score ? [scoreEl(v)] : []),
    h(
      'div',
      { class: 'grid' },
      h('div', { class: 'col' }, v.score ? null : actionsEl(v), mineEl(v), tableEl(v)),
      h('div', { class: 'col' }, titlesEl(v), playersEl(v)),
    ),
  );
  document.body.dataset.moves = String(v.moveCount);
  document.body.dataset.status = v.currentPlayer === null ? 'over' : v.currentPlayer === HUMAN ? 'human' : 'bots';
}

function logLine(event) {
  return h('li', { class: `ev ev-${event.type}` }, describeEvent(event, settings.lang, { viewer: HUMAN }));
}

function addLog(events) {
  logEvents.push(...events);
  const list = $('log');
  list.append(...events.map(logLine));
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

function renderTexts() {
  const l = L();
  document.documentElement.lang = settings.lang;
  document.title = `${t().title} — demo`;
  $('title').textContent = t().title;
  $('players-label').textContent = l.ui.players;
  $('seed-label').textContent = l.ui.seed;
  $('new-game-button').textContent = l.ui.newGame;
  $('log-title').textContent = l.ui.log;
  for (const b of document.querySelectorAll('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === settings.lang));
  const list = $('log');
  list.replaceChildren(...logEvents.map(logLine));
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

/** Moves the bots until it is the human's turn or the game is over. */
function advance() {
  clearTimeout(timer);
  render();
  const status = document.body.dataset.status;
  if (status === 'over') {
    // The game is over and every hand is public: hand out the record for replaying (tests use this).
    window.__demo = { seed: settings.seed, players: settings.players, record: table.record() };
    return;
  }
  if (status !== 'bots' || !table.botMove) return;
  const current = game;
  timer = setTimeout(() => {
    if (current !== game) return;
    addLog(table.botMove());
    advance();
  }, settings.delay);
}

function choose(index) {
  const v = table.humanView();
  const action = v.legal[index];
  if (!action) return;
  addLog(table.act(action));
  advance();
}

function newGame() {
  game += 1;
  clearTimeout(timer);
  window.__demo = undefined;
  if (recordUrl !== null) URL.revokeObjectURL(recordUrl);
  recordUrl = null;
  table = createTable({ players: settings.players, seed: settings.seed });
  logEvents = [];
  $('players').value = String(settings.players);
  $('seed').value = String(settings.seed);
  renderTexts();
  addLog(table.openingEvents());
  advance();
}

/** Plays on another table (online.js's, whose moves come from a host) as seat `seat`. */
function useTable(other, seat) {
  game += 1;
  clearTimeout(timer);
  window.__demo = undefined;
  HUMAN = seat;
  table = other;
  logEvents = [];
  renderTexts();
}

function syncUrl() {
  const params = new URLSearchParams(location.search);
  params.set('players', String(settings.players));
  params.set('seed', String(settings.seed));
  params.set('lang', settings.lang);
  history.replaceState(null, '', `?${params}`);
}

$('app').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-action]');
  if (button && document.body.dataset.status === 'human') choose(Number(button.dataset.action));
});

$('new-game').addEventListener('submit', (event) => {
  event.preventDefault();
  const seed = $('seed').value.trim() || String(Math.floor(Math.random() * 1e6));
  settings = { ...settings, players: Number($('players').value), seed: /^\d{1,9}$/.test(seed) ? Number(seed) : seed };
  syncUrl();
  newGame();
});

for (const button of document.querySelectorAll('[data-lang]')) {
  button.addEventListener('click', () => {
    settings = { ...settings, lang: button.dataset.lang === 'uk' ? 'uk' : 'en' };
    syncUrl();
    renderTexts();
    render();
  });
}

if (new URLSearchParams(location.search).has('online')) {
  import('./online.js').then((online) => online.start({ useTable, advance, addLog, h, lang: () => settings.lang }));
} else newGame();
