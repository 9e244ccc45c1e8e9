"""An example that learns: a small network trained against three heuristic bots, in minutes.

    npm run example:train                      # builds, then: python3 examples/train.py
    python3 examples/train.py --minutes 8 --seed 1 --command "node dist/cli.js env-server"

The learner plays seat 0 of 4-player games; ``env-server --vector`` plays the three other seats
with the library's ``heuristicBot`` (``bots=[None, "heuristic", "heuristic", "heuristic"]``), so
the Python side sees only the learner's turns, 64 games at a time, through ``VectorEnv``.

The policy is a two-layer network in plain numpy (observation → 128 → 128, a value head, and a
softmax over the legal action indexes; a small *raise head* adds to the logits of "bid the high
bid + r", so that "raise by one" is one output whatever the high bid). It learns two ways at once
from the games it plays itself:

- **PPO**: clipped policy gradient with a learned baseline and generalised advantage estimates.
  The reward comes at the end of each game: the learner's share of the win, plus its points minus
  the best opponent's divided by 40, so that lost games still say how close it came.
- **Imitation (DAgger)**: ``VectorEnv(teacher="heuristic")`` gives, for every position the learner
  reaches, the action the heuristic bot would choose there (from the learner's own view); a
  cross-entropy term pulls the policy towards it, counting actions that do the same thing (paying
  with either of two Gold cards of value 2) as one (``--imitate 0``: PPO alone).

Every game that ends during training is a game against three heuristic bots with a fresh deal, so
the win share over the last ``--window`` games is the learning curve; it is printed as it goes (with
how often the learner's choice matches the teacher's, by kind of action, when there is a teacher)
and drawn at the end into an SVG (``--plot``, default docs/learning-curve.svg). Before and after,
the network plays ``--eval`` new games (seeds never used in training) taking its most likely
action. An even share with four players is 25%.

Standard library and numpy only. Matrix products use numpy's ``einsum``: Debian's numpy links the
reference BLAS, against which ``einsum`` is several times faster for these sizes.
"""

import argparse
import json
import os
import shlex
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

from for_the_king_vector import VectorEnv  # noqa: E402

BOTS = [None, "heuristic", "heuristic", "heuristic"]
#: The kind of each action index (docs/env.md, "Actions and masks").
KIND = ["place"] * 3 + ["take"] * 108 + ["king"] * 36 + ["bid"] * 108 + ["pass"] + ["pay"] * 108


def mm(a, b):
    """a @ b. numpy's own einsum loop: several times faster than the reference BLAS Debian's numpy links by default."""
    return np.einsum("ij,jk->ik", a, b, optimize=False)


def mm_tn(a, b):
    """a.T @ b."""
    return np.einsum("ji,jk->ik", a, b, optimize=False)


def mm_nt(a, b):
    """a @ b.T."""
    return np.einsum("ij,kj->ik", a, b, optimize=False)


#: Set by `configure` from the environment: where the high bid is in an observation, the highest
#: bid, and each action index's class (actions of one class do the same thing: paying with either of
#: two Gold cards of value 2, say).
HIGH_BID = {"offset": 0, "scale": 1}
CLASS = np.arange(364)


def configure(envs):
    HIGH_BID["offset"] = next(g["offset"] for g in envs.layout if g["name"] == "high-bid")
    HIGH_BID["scale"] = envs.max_bid

    def card_class(c):
        card = envs.cards[c]
        return ("gold", card["value"]) if card["kind"] == "gold" else ("king",) if card["kind"] == "king" else card["id"]

    keys = [("take", card_class(a - 3)) if 3 <= a < 111 else ("pay", card_class(a - 256)) if a >= 256 else a for a in range(364)]
    ids = {k: i for i, k in enumerate(dict.fromkeys(keys))}
    CLASS[:] = [ids[k] for k in keys]


def high_bids(x):
    """The high bid of each observation (0 before the first bid)."""
    return np.rint(x[:, HIGH_BID["offset"]] * HIGH_BID["scale"]).astype(np.int64)


RAISES = 16  # the raise head's reach: bids of the high bid + 1 … + RAISES
FIRST_BID = 146  # action index of a bid of `amount`: 146 + amount (docs/env.md, "Actions and masks")


class Network:
    """A two-layer tanh network with a value head and a policy head: one logit per action index,
    plus a *raise head* that adds to the logit of a bid of the high bid + r (r = 1 … RAISES), so that
    "raise by one" is one output whatever the high bid."""

    def __init__(self, inputs, actions, hidden, rng):
        def layer(n_in, n_out, scale):
            return (rng.standard_normal((n_in, n_out)) * scale / np.sqrt(n_in)).astype(np.float32)

        self.params = {
            "W1": layer(inputs, hidden, 1.0),
            "b1": np.zeros(hidden, np.float32),
            "W2": layer(hidden, hidden, 1.0),
            "b2": np.zeros(hidden, np.float32),
            "Wp": layer(hidden, actions, 0.01),
            "bp": np.zeros(actions, np.float32),
            "Wv": layer(hidden, 1, 1.0),
            "bv": np.zeros(1, np.float32),
            "Wr": layer(hidden, RAISES, 0.01),
            "br": np.zeros(RAISES, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.t = 0

    def forward(self, x, mask, high_bid):
        p = self.params
        h1 = np.tanh(mm(x, p["W1"]) + p["b1"])
        h2 = np.tanh(mm(h1, p["W2"]) + p["b2"])
        logits = mm(h2, p["Wp"]) + p["bp"]
        # The raise head, on the bids of the high bid + 1 … + RAISES (only rows that may bid have legal bids).
        target = FIRST_BID + high_bid[:, None] + np.arange(1, RAISES + 1)
        valid = target <= FIRST_BID + 108
        rows = np.nonzero(valid)[0]
        cols = target[valid]
        raises = mm(h2, p["Wr"]) + p["br"]
        logits[rows, cols] += raises[valid]
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits) * mask
        probs = e / e.sum(axis=1, keepdims=True)
        value = (mm(h2, p["Wv"]) + p["bv"])[:, 0]
        return probs, value, (x, h1, h2, valid, rows, cols)

    def backward(self, cache, dlogits, dvalue):
        p = self.params
        x, h1, h2, valid, rows, cols = cache
        draise = np.zeros((len(x), RAISES), np.float32)
        draise[valid] = dlogits[rows, cols]
        grads = {
            "Wp": mm_tn(h2, dlogits),
            "bp": dlogits.sum(axis=0),
            "Wv": mm_tn(h2, dvalue[:, None]),
            "bv": np.array([dvalue.sum()], np.float32),
        }
        grads["Wr"] = mm_tn(h2, draise)
        grads["br"] = draise.sum(axis=0)
        dh2 = (mm_nt(dlogits, p["Wp"]) + mm_nt(draise, p["Wr"]) + dvalue[:, None] * p["Wv"][:, 0]) * (1 - h2 * h2)
        grads["W2"] = mm_tn(h1, dh2)
        grads["b2"] = dh2.sum(axis=0)
        dh1 = mm_nt(dh2, p["W2"]) * (1 - h1 * h1)
        grads["W1"] = mm_tn(x, dh1)
        grads["b1"] = dh1.sum(axis=0)
        return grads

    def adam(self, grads, lr, clip=0.5):
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, clip / (norm + 1e-8))
        self.t += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * scale * g
            v *= 0.999
            v += 0.001 * (scale * g) ** 2
            mhat = m / (1 - 0.9**self.t)
            vhat = v / (1 - 0.999**self.t)
            self.params[k] -= (lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)


def infos_teacher(info, actions):
    """The teacher's choice for each game (the learner's own action where there is no teacher)."""
    return info.get("teacher_action", actions)


def sample_actions(probs, rng):
    """One action per row, drawn from each row's probabilities."""
    u = rng.random((probs.shape[0], 1), dtype=np.float32)
    return np.minimum((np.cumsum(probs, axis=1) < u).sum(axis=1), probs.shape[1] - 1)


def shaped_return(rewards_row, points_row, winners_row):
    """The learner's return: its share of the win, plus its points minus the best opponent's, / 40."""
    share = winners_row[0] / max(1, winners_row.sum())
    margin = points_row[0] - points_row[1:].max()
    return float(share + margin / 40.0)


def play(envs, net, rng, games, greedy):
    """Plays until `games` games have ended; returns the learner's win shares."""
    obs, mask, info = envs.reset()
    shares = []
    while len(shares) < games:
        probs, _, _ = net.forward(obs, mask, high_bids(obs))
        actions = np.argmax(probs, axis=1) if greedy else sample_actions(probs, rng)
        obs, mask, rewards, terminations, _, infos = envs.step(actions)
        for g in np.flatnonzero(terminations):
            w = infos["winners"][g]
            shares.append(w[0] / max(1, w.sum()))
    return shares


def train(args, command):
    rng = np.random.default_rng(args.seed)
    teacher = args.imitate > 0  # --imitate 0: no teacher, so no agreement with one to count
    envs = VectorEnv(args.games, 4, seed=f"train-{args.seed}", bots=BOTS, teacher="heuristic" if teacher else None, command=command)
    net = Network(envs.observation_size, envs.action_count, args.hidden, rng)
    # Per game: the decisions of the game in progress (obs, mask, action, old probability, value).
    pending = [[] for _ in range(args.games)]
    batch = []  # finished games: (decisions, return)
    curve = []  # (games played, seconds, win share of the last window)
    shares = []
    margins = []
    lengths = []
    agree = {k: [0, 0] for k in set(KIND)}
    started = time.perf_counter()
    updates = 0
    decisions = 0

    def collect(obs, mask, actions, p_old, value, teacher):
        for g in range(len(actions)):
            pending[g].append((obs[g], mask[g], int(actions[g]), float(p_old[g]), float(value[g]), int(teacher[g])))

    def on_game(g, ret):
        batch.append((pending[g], ret))
        pending[g] = []

    obs, mask, info = envs.reset()
    while time.perf_counter() - started < args.minutes * 60:
        probs, value, _ = net.forward(obs, mask, high_bids(obs))
        actions = sample_actions(probs, rng)
        collect(obs, mask, actions, probs[np.arange(len(actions)), actions], value, infos_teacher(info, actions))
        decisions += len(actions)
        obs, mask, rewards, terminations, _, info = envs.step(actions)
        for g in np.flatnonzero(terminations):
            w = info["winners"][g]
            shares.append(w[0] / max(1, w.sum()))
            points = info["points"][g]
            margins.append(float(points[0] - points[1:].max()))
            lengths.append(len(pending[g]))
            if teacher:
                for d in pending[g]:
                    kind = KIND[d[5]]
                    agree[kind][0] += CLASS[d[2]] == CLASS[d[5]]
                    agree[kind][1] += 1
            on_game(g, shaped_return(rewards[g], points, w))
            if len(shares) % args.window == 0:
                recent = float(np.mean(shares[-args.window :]))
                curve.append((len(shares), time.perf_counter() - started, recent))
                print(
                    f"{len(shares):>6} games  {time.perf_counter() - started:6.0f} s  "
                    f"win share of the last {args.window}: {100 * recent:5.1f}%  "
                    f"points behind the best opponent: {-np.mean(margins[-args.window:]):5.1f}  "
                    f"decisions per game: {np.mean(lengths[-args.window:]):.0f}  ({updates} updates)"
                    + "".join(f"  {k} {100 * a / max(1, n):.0f}%" for k, (a, n) in sorted(agree.items()) if teacher),
                    flush=True,
                )
                for v in agree.values():
                    v[0] = v[1] = 0
        if len(batch) >= args.batch_games:
            ppo_update(net, batch, args, rng)
            batch = []
            updates += 1
    envs.close()
    return net, curve, len(shares), decisions, time.perf_counter() - started


def ppo_update(net, batch, args, rng):
    """PPO on the finished games: advantages by GAE over each game, then a few epochs of minibatches."""
    xs, masks, acts, p_old, adv, ret, teach = [], [], [], [], [], [], []
    for decisions, final in batch:
        values = np.array([d[4] for d in decisions] + [0.0], np.float32)
        rewards = np.zeros(len(decisions), np.float32)
        rewards[-1] = final
        gae = 0.0
        a = np.zeros(len(decisions), np.float32)
        for t in range(len(decisions) - 1, -1, -1):
            delta = rewards[t] + values[t + 1] - values[t]
            gae = delta + args.lam * gae
            a[t] = gae
        for t, d in enumerate(decisions):
            xs.append(d[0])
            masks.append(d[1])
            acts.append(d[2])
            p_old.append(d[3])
            teach.append(d[5])
        adv.append(a)
        ret.append(a + values[:-1])
    x = np.stack(xs)
    m = np.stack(masks)
    acts = np.array(acts)
    teach = np.array(teach)
    p_old = np.array(p_old, np.float32)
    adv = np.concatenate(adv)
    ret = np.concatenate(ret)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(acts)
    for _ in range(args.epochs):
        order = rng.permutation(n)
        for start in range(0, n, args.minibatch):
            idx = order[start : start + args.minibatch]
            probs, value, cache = net.forward(x[idx], m[idx], high_bids(x[idx]))
            rows = np.arange(len(idx))
            p_new = probs[rows, acts[idx]]
            ratio = p_new / np.maximum(p_old[idx], 1e-8)
            a = adv[idx]
            # The clipped objective's gradient flows only where the ratio is inside the clip range (or would move back into it).
            active = np.where(a >= 0, ratio < 1 + args.clip, ratio > 1 - args.clip).astype(np.float32)
            # d(-ratio * a)/dlogits = -a * ratio * (onehot - probs)
            coef = (-a * ratio * active / len(idx)).astype(np.float32)
            dlogits = -probs * coef[:, None]
            dlogits[rows, acts[idx]] += coef
            # Entropy bonus: d(-H)/dlogits = probs * (log probs + H), over the legal actions.
            logp = np.log(np.maximum(probs, 1e-12))
            entropy = -(probs * logp).sum(axis=1)
            dlogits += args.entropy * probs * (logp + entropy[:, None]) / len(idx)
            if args.imitate > 0:
                # Imitation (DAgger): cross-entropy towards the teacher's choice in the learner's own
                # positions, counting every action of the same class as the teacher's: -log P(class).
                same = (CLASS[None, :] == CLASS[teach[idx]][:, None]) & m[idx]
                in_class = probs * same
                q = in_class / np.maximum(in_class.sum(axis=1, keepdims=True), 1e-12)
                dlogits += args.imitate * (probs - q) / len(idx)
            dlogits *= m[idx]
            dvalue = (args.value * 2 * (value - ret[idx]) / len(idx)).astype(np.float32)
            net.adam(net.backward(cache, dlogits.astype(np.float32), dvalue), args.lr)


def evaluate(net, args, command, label, seed):
    rng = np.random.default_rng(seed)
    with VectorEnv(args.games, 4, seed=f"eval-{seed}", bots=BOTS, command=command) as envs:
        shares = play(envs, net, rng, args.eval, greedy=not args.sample_eval)[: args.eval]
    mean = float(np.mean(shares))
    # A normal-approximation interval over the games' shares (a tied win is shared, so a share
    # need not be 0 or 1), not the Wilson interval over win counts that the benchmarks print.
    half = 1.96 * float(np.std(shares)) / np.sqrt(len(shares))
    print(f"{label}: win share {100 * mean:.1f}% (95% CI {100 * (mean - half):.1f}–{100 * (mean + half):.1f}%) over {len(shares)} games")
    return mean, half


def svg(curve, untrained, trained, path, title, window=200):
    """A line chart of the win share over training, with the even share and the two evaluations."""
    w, h, left, right, top, bottom = 720, 400, 64, 24, 48, 56
    x_max = max(c[0] for c in curve) if curve else 1
    y_max = max(0.4, max([c[2] for c in curve] + [trained[0] + trained[1]]) * 1.15)

    def X(games):
        return left + (w - left - right) * games / x_max

    def Y(share):
        return top + (h - top - bottom) * (1 - share / y_max)

    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="13" role="img">',
        f"<title>{title}: the win share against three heuristic bots over training, from {100 * untrained[0]:.1f}% untrained "
        f"to {100 * trained[0]:.1f}% in new games after training</title>",
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{left}" y="24" font-size="15" font-weight="bold">{title}</text>',
    ]
    for k in range(0, int(y_max * 100) + 1, 5):
        y = Y(k / 100)
        lines.append(f'<line x1="{left}" x2="{w - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e5e5e5"/>')
        lines.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end" fill="#555">{k}%</text>')
    step = max(1, int(round(x_max / 6, -3)) or 1000)
    g = 0
    while g <= x_max:
        lines.append(f'<text x="{X(g):.1f}" y="{h - bottom + 20}" text-anchor="middle" fill="#555">{int(g):,}</text>')
        g += step
    lines.append(
        f'<text x="{(left + w - right) / 2}" y="{h - 14}" text-anchor="middle" fill="#333">'
        f"training games against three heuristic bots (win share of each {window}, sampling its actions)</text>"
    )
    lines.append(f'<line x1="{left}" x2="{w - right}" y1="{Y(0.25):.1f}" y2="{Y(0.25):.1f}" stroke="#888" stroke-dasharray="6 4"/>')
    lines.append(f'<text x="{w - right - 4}" y="{Y(0.25) - 6:.1f}" text-anchor="end" fill="#666">even share (25%)</text>')
    if curve:
        points = " ".join(f"{X(c[0]):.1f},{Y(c[2]):.1f}" for c in curve)
        lines.append(f'<polyline points="{points}" fill="none" stroke="#1f5fbf" stroke-width="2.5"/>')
    for share, label, color, at in ((untrained[0], "untrained", "#b03030", 0), (trained[0], "trained, new games", "#1f8f3f", x_max)):
        lines.append(f'<circle cx="{X(at):.1f}" cy="{Y(share):.1f}" r="5" fill="{color}"/>')
        anchor = "start" if at == 0 else "end"
        dx = 8 if at == 0 else -8
        lines.append(f'<text x="{X(at) + dx:.1f}" y="{Y(share) - 8:.1f}" text-anchor="{anchor}" fill="{color}">{label}: {100 * share:.1f}%</text>')
    lines.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=8.0, help="training time on the clock")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=64, help="games played at once")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch-games", type=int, default=32, help="finished games per update")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--entropy", type=float, default=0.003)
    parser.add_argument("--value", type=float, default=0.5)
    parser.add_argument("--imitate", type=float, default=1.0, help="weight of imitating the heuristic bot (0: PPO alone)")
    parser.add_argument("--window", type=int, default=200, help="games per point of the curve")
    parser.add_argument("--eval", type=int, default=400, help="evaluation games, before and after")
    parser.add_argument("--sample-eval", action="store_true", help="evaluate by sampling actions (default: the most likely action)")
    parser.add_argument("--plot", default=os.path.join(ROOT, "docs", "learning-curve.svg"))
    parser.add_argument("--json", default=None, help="also write the curve and the results as JSON here")
    parser.add_argument("--command", default=None, help='server command (default: node dist/cli.js env-server)')
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else ["node", os.path.join(ROOT, "dist", "cli.js"), "env-server"]

    print(f"training for {args.minutes} minutes: PPO, a {args.hidden}×{args.hidden} network, seat 0 against three heuristic bots, {args.games} games at a time")
    with VectorEnv(1, 4, command=command) as probe:
        configure(probe)
    untrained_net = Network(502, 364, args.hidden, np.random.default_rng(args.seed))  # the same start as training
    untrained = evaluate(untrained_net, args, command, "untrained network vs 3 heuristic bots", 10_000 + args.seed)
    net, curve, games, decisions, seconds = train(args, command)
    print(f"trained on {games:,} games ({decisions:,} decisions of the learner) in {seconds:.0f} s")
    trained = evaluate(net, args, command, "trained network vs 3 heuristic bots", 20_000 + args.seed)
    svg(curve, untrained, trained, args.plot, f"PPO in numpy against three heuristic bots ({args.minutes:g} minutes, seed {args.seed})", args.window)
    print(f"learning curve written to {os.path.relpath(args.plot)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"curve": curve, "untrained": untrained, "trained": trained, "games": games, "decisions": decisions, "seconds": seconds}, f)


if __name__ == "__main__":
    main()
