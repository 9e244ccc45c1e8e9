/**
 * The transport's floor: what the host's sockets alone cost per action, with no game behind
 * them. A `ws` server in this process and `--client-procs` client processes play the message
 * pattern of `bench:server`'s closed loop: `--matches` groups of `--players` WebSocket clients,
 * the seat to move sends a small JSON action (about 60 bytes), and the server answers it with a
 * text frame of `--bytes` characters (473 by default, `bench:server`'s mean update) to every
 * seat of the group, corked until the next turn of the event loop as the match host does
 * (`src/server/websocket.ts`), after `JSON.parse` of the action; the next seat then moves. No
 * views, no store, no rules: the server's CPU time per action here is the part of
 * `bench:server`'s host CPU per action that no change to the game's code can remove (Node's
 * streams, the `ws` frames, the kernel's loopback TCP), on the same machine, with the clients
 * competing for the same cores.
 *
 *   npm run bench:ws-floor -- [--matches 200] [--players 4] [--actions 250] [--bytes 473] [--client-procs 2] [--work 0]
 *
 * `--actions` is the number of actions per group (50,000 in all by default, about
 * `bench:server`'s 49,290). `--work US` keeps the server busy for that many microseconds on
 * each action, standing in for the game's own work (`bench:host-core` measures it), so that the
 * sockets are driven at `bench:server`'s pace: fewer actions per turn of the event loop cost
 * more system calls each. The figure printed then also gives the CPU time less the stand-in.
 * @module
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { WebSocket, WebSocketServer } from 'ws';

const { values } = parseArgs({
  options: {
    matches: { type: 'string', default: '200' },
    players: { type: 'string', default: '4' },
    actions: { type: 'string', default: '250' },
    bytes: { type: 'string', default: '473' },
    'client-procs': { type: 'string', default: '2' },
    work: { type: 'string', default: '0' },
    client: { type: 'string' },
    url: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
  },
});
const MATCHES = Number(values.matches);
const PLAYERS = Number(values.players);
const ACTIONS = Number(values.actions);
const BYTES = Number(values.bytes);
const PROCS = Number(values['client-procs']);
const WORK_US = Number(values.work);

/**
 * Stands in for the game's work on an action: keeps the CPU busy until the process has used
 * `WORK_US` more microseconds of CPU time (CPU time, not wall time, so that being descheduled by
 * the clients does not shorten it).
 */
function work(): void {
  if (WORK_US <= 0) return;
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= WORK_US) return;
  }
}

interface Move {
  readonly seq: number;
  readonly next: number;
}

if (values.client !== undefined) {
  // A client process: the seats of matches [from, to), each a WebSocket that moves when told to.
  const url = String(values.url);
  const from = Number(values.from);
  const to = Number(values.to);
  let open = 0;
  for (let m = from; m < to; m++) {
    for (let s = 0; s < PLAYERS; s++) {
      const ws = new WebSocket(`${url}?m=${m}&s=${s}`, { perMessageDeflate: false });
      ws.on('open', () => {
        if (++open === (to - from) * PLAYERS) process.send?.('ready');
      });
      ws.on('message', (data) => {
        const text = String(data);
        // Only the head of `{"seq":N,"next":S,"pad":"…"}` is parsed: the part before the padding.
        const head = JSON.parse(`${text.slice(0, text.indexOf(',"pad"'))}}`) as Move;
        if (head.next === s) ws.send(JSON.stringify({ type: 'act', id: head.seq, seq: head.seq, action: { type: 'place', card: 12 } }));
      });
      ws.on('error', (e) => {
        console.error(String(e));
        process.exit(1);
      });
    }
  }
  process.on('message', (m) => {
    if (m === 'stop') process.exit(0);
  });
} else {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false, maxPayload: 64 * 1024 });
  await new Promise<void>((resolve) => server.on('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const groups: { sockets: (WebSocket | undefined)[]; seq: number }[] = [];
  for (let m = 0; m < MATCHES; m++) groups.push({ sockets: new Array<WebSocket | undefined>(PLAYERS), seq: 0 });
  const pad = 'x'.repeat(Math.max(0, BYTES - 40));
  let actions = 0;
  let finished = 0;
  let done: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    done = resolve;
  });
  const corked = new Set<WebSocket>();
  const send = (ws: WebSocket, text: string): void => {
    // As the host: the socket corked until the next turn, so what one turn sends goes in one write.
    const socket = (ws as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
    if (!corked.has(ws)) {
      corked.add(ws);
      socket.cork();
      setImmediate(() => {
        corked.delete(ws);
        socket.uncork();
      });
    }
    ws.send(text);
  };
  const push = (g: (typeof groups)[number]): void => {
    const next = g.seq % PLAYERS;
    const text = `{"seq":${g.seq},"next":${g.seq >= ACTIONS ? -1 : next},"pad":"${pad}"}`;
    for (const ws of g.sockets) if (ws !== undefined) send(ws, text);
  };
  server.on('connection', (ws, req) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const g = groups[Number(q.get('m'))];
    const s = Number(q.get('s'));
    if (g === undefined) return ws.close();
    g.sockets[s] = ws;
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { seq: number };
      if (m.seq !== g.seq) return;
      actions++;
      work();
      g.seq++;
      push(g);
      if (g.seq === ACTIONS && ++finished === MATCHES) done();
    });
  });
  const url = `ws://127.0.0.1:${port}/`;
  const children = [];
  const per = Math.ceil(MATCHES / PROCS);
  for (let p = 0; p < PROCS; p++) {
    const from = p * per;
    const to = Math.min(MATCHES, from + per);
    if (from >= to) break;
    const child = fork(
      new URL(import.meta.url).pathname,
      ['--client', '1', '--url', url, '--from', String(from), '--to', String(to), '--players', String(PLAYERS)],
      { execArgv: process.execArgv },
    );
    children.push(child);
  }
  await Promise.all(children.map((c) => new Promise<void>((resolve) => c.on('message', () => resolve()))));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const g of groups) push(g);
  await allDone;
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  for (const c of children) c.send('stop');
  server.close();
  console.log(
    `bench:ws-floor: ${MATCHES} groups × ${PLAYERS} WebSocket clients in ${children.length} client process(es), ${BYTES}-character frames, Node ${process.version}`,
  );
  console.log(`actions:  ${actions} in ${(wall / 1000).toFixed(1)} s = ${Math.round((actions * 1000) / wall)} actions/s`);
  console.log(
    `server CPU per action: ${((cpu.user + cpu.system) / actions).toFixed(1)} µs (${(cpu.user / actions).toFixed(1)} user + ${(cpu.system / actions).toFixed(1)} system)` +
      (WORK_US > 0 ? `; less the ${WORK_US} µs of stand-in work: ${((cpu.user + cpu.system) / actions - WORK_US).toFixed(1)} µs` : ''),
  );
  process.exit(0);
}
