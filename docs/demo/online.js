// Online play for the demo page (`npm run serve`, then open the page with ?online).
//
// The match lives on the host; this page holds only its seat token (in localStorage, never in the
// URL it shares) and draws what for-the-king-and-me/client hands it: the seat's view and its
// filtered events. demo.js draws the table exactly as for a local game; this file adds the lobby
// (create a match, choose bots for the empty seats, share the link, join) and the connection.
import { connectMatch, createMatch, fetchRecord, getMatch, joinMatch } from './lib/client.js';

const TEXT = {
  en: {
    create: 'Create an online match',
    players: 'Players',
    name: 'Your name',
    seat: (n) => `Seat ${n}`,
    person: 'a person (share the link)',
    bot: 'a bot (heuristic)',
    go: 'Create and sit down',
    join: 'Join this match',
    sit: 'Sit down',
    full: 'Every seat of this match is taken.',
    share: 'Share this link with the other players:',
    status: { connecting: 'connecting…', open: 'connected', closed: 'disconnected' },
    offline: 'The match host does not answer here: start it with npm run serve.',
    local: 'Play against bots on this page instead',
  },
  uk: {
    create: 'Створити гру онлайн',
    players: 'Гравці',
    name: "Ваше ім'я",
    seat: (n) => `Місце ${n}`,
    person: 'людина (надішліть посилання)',
    bot: 'бот (евристичний)',
    go: 'Створити й сісти',
    join: 'Приєднатися до гри',
    sit: 'Сісти',
    full: 'Усі місця в цій грі зайняті.',
    share: 'Надішліть це посилання іншим гравцям:',
    status: { connecting: 'зʼєднання…', open: 'зʼєднано', closed: 'відʼєднано' },
    offline: 'Сервер гри тут не відповідає: запустіть npm run serve.',
    local: 'Грати з ботами на цій сторінці',
  },
};

const STYLE = `
.online-bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: 0 0 1rem; }
.online-bar input[readonly] { flex: 1 1 18rem; min-width: 0; font: inherit; padding: .25rem .4rem; }
.online-bar .conn[data-state="open"] { color: #2a7a2a; }
.online-bar .conn[data-state="connecting"] { color: #a06000; }
.online-form { display: grid; gap: .6rem; max-width: 32rem; }
.online-form label { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.online-error { color: #b00020; }
`;

const tokenKey = (id) => `ftk-token:${id}`;
const creatorKey = (id) => `ftk-creator:${id}`;

/** Called by demo.js when the page was opened with ?online. */
export function start(page) {
  const { h } = page;
  const t = () => TEXT[page.lang()];
  document.head.append(h('style', null, STYLE));
  document.getElementById('new-game').style.display = 'none';
  const app = document.getElementById('app');
  const params = new URLSearchParams(location.search);
  const matchId = params.get('match');
  const bar = h('section', { class: 'panel online-bar', id: 'online-bar' });
  app.before(bar);
  const showError = (e) => {
    const line = h('p', { class: 'online-error', id: 'online-error' }, e instanceof Error ? e.message : String(e));
    document.getElementById('online-error')?.remove();
    bar.append(line);
  };
  const localLink = () => h('a', { href: location.pathname }, t().local);

  if (matchId === null) {
    lobby();
    return;
  }
  const token = localStorage.getItem(tokenKey(matchId));
  if (token !== null) play(matchId, token);
  else joinForm(matchId);

  function lobby() {
    document.body.dataset.status = 'lobby';
    const seats = h('div', { class: 'seats' });
    const players = h(
      'select',
      { id: 'online-players', name: 'players' },
      [2, 3, 4, 5].map((n) => h('option', n === 3 ? { selected: true } : null, String(n))),
    );
    const drawSeats = () => {
      seats.replaceChildren(
        ...Array.from({ length: Number(players.value) - 1 }, (_, i) =>
          h(
            'label',
            null,
            t().seat(i + 1),
            h('select', { id: `seat-${i + 1}` }, h('option', { value: 'bot' }, t().bot), h('option', { value: 'person' }, t().person)),
          ),
        ),
      );
    };
    players.addEventListener('change', drawSeats);
    drawSeats();
    const name = h('input', { id: 'online-name', name: 'name', maxlength: 40, required: true, autocomplete: 'nickname' });
    const form = h(
      'form',
      {
        class: 'online-form',
        id: 'online-create',
        onsubmit: async (event) => {
          event.preventDefault();
          const n = Number(players.value);
          const bots = [null];
          for (let s = 1; s < n; s++) bots.push(document.getElementById(`seat-${s}`).value === 'bot' ? 'heuristic' : null);
          try {
            const { match, creatorToken } = await createMatch(location.origin, { players: n, bots, spectators: 'none' });
            localStorage.setItem(creatorKey(match.id), creatorToken);
            const { token } = await joinMatch(location.origin, match.id, { name: name.value, seat: 0 });
            localStorage.setItem(tokenKey(match.id), token);
            location.search = `?online&match=${encodeURIComponent(match.id)}&lang=${page.lang()}`;
          } catch (e) {
            showError(e instanceof TypeError ? t().offline : e);
          }
        },
      },
      h('h2', null, t().create),
      h('label', null, t().players, players),
      seats,
      h('label', null, t().name, name),
      h('button', { type: 'submit', id: 'online-go' }, t().go),
    );
    app.replaceChildren(h('section', { class: 'panel' }, form, h('p', null, localLink())));
  }

  async function joinForm(id) {
    document.body.dataset.status = 'lobby';
    let summary;
    try {
      summary = await getMatch(location.origin, id);
    } catch (e) {
      showError(e instanceof TypeError ? t().offline : e);
      return;
    }
    const open = summary.seats.some((s) => s.open);
    const name = h('input', { id: 'online-name', name: 'name', maxlength: 40, required: true, autocomplete: 'nickname' });
    const form = h(
      'form',
      {
        class: 'online-form',
        id: 'online-join',
        onsubmit: async (event) => {
          event.preventDefault();
          try {
            const { token } = await joinMatch(location.origin, id, { name: name.value });
            localStorage.setItem(tokenKey(id), token);
            play(id, token);
          } catch (e) {
            showError(e);
          }
        },
      },
      h('h2', null, t().join),
      h(
        'ul',
        null,
        summary.seats.map((s, i) => h('li', null, `${t().seat(i)}: ${s.open ? '—' : (s.name ?? '')}`)),
      ),
      open ? [h('label', null, t().name, name), h('button', { type: 'submit', id: 'online-sit' }, t().sit)] : h('p', null, t().full),
    );
    app.replaceChildren(h('section', { class: 'panel' }, form));
  }

  function play(id, token) {
    const link = `${location.origin}${location.pathname}?online&match=${encodeURIComponent(id)}`;
    const conn = h('span', { class: 'conn', id: 'online-status', 'data-state': 'connecting' }, t().status.connecting);
    bar.replaceChildren(
      h('span', null, t().share),
      h('input', { readonly: true, id: 'share-link', value: link, onfocus: (e) => e.target.select() }),
      conn,
    );
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const client = connectMatch({ url, match: id, token });
    let sending = false;
    let started = false;
    let record = null;
    const early = [];
    const table = {
      // While an action is on its way, show no choices (a second click would only be refused as stale).
      humanView: () => (sending ? { ...client.view, legal: [] } : client.view),
      openingEvents: () => [],
      act(action) {
        sending = true;
        client
          .send(action)
          .catch((e) => showError(e))
          .finally(() => {
            sending = false;
            page.advance();
          });
        return [];
      },
      moves: () => client.seq,
      // The host gives the record out once the game is over; it is fetched before the last view is drawn.
      record: () => record,
    };
    client.on('status', (status) => {
      conn.dataset.state = status;
      conn.textContent = t().status[status];
      document.body.dataset.online = status;
    });
    client.on('events', ({ events }) => {
      if (started) page.addLog(events);
      else early.push(...events);
    });
    client.on('view', async (view) => {
      if (view.step === 'over' && record === null) {
        try {
          record = await fetchRecord(location.origin, id, token);
        } catch (e) {
          showError(e);
        }
      }
      if (!started) {
        started = true;
        page.useTable(table, typeof client.seat === 'number' ? client.seat : 0);
        page.addLog(early);
      }
      page.advance();
    });
    client.on('error', (e) => showError(e));
    client.on('revoked', () => {
      localStorage.removeItem(tokenKey(id));
      showError('This seat was given to someone else.');
    });
    window.__online = client;
  }
}
