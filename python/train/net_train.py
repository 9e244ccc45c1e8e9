#!/usr/bin/env python3
"""Trains the networks of ``netBot`` and ``ismctsNetBot`` from self-play records.

Called by ``npm run train:net`` (``test/bench/net/train.ts``), which plays the games and writes
the records (``test/bench/net/records.ts`` describes the files) and a ``layout.json`` with the
vector sizes. Debian's ``python3-torch`` (CPU) and ``python3-numpy``, nothing else::

    /usr/bin/python3 python/train/net_train.py value  --data DIR --out nets.json --seed 1
    /usr/bin/python3 python/train/net_train.py policy --data DIR --out nets.json --seed 1
    /usr/bin/python3 python/train/net_train.py reference --out nets.json --fixture FILE

``--extra DIR`` (repeatable) adds the records of another folder (a later round of search
self-play, ``records-<r>``) to those of ``--data``; ``value --only heuristic`` reads only the
heuristic games' positions (the first round's value network). ``NET_TRAIN_STOP_AFTER=K`` in the
environment stops after epoch ``K``'s checkpoint, as a kill would (for the tests).

``value`` fits the value network (each seat's chance to win a full state): a perceptron scores
each seat from its vector and the shared context, and a softmax over the seats gives the
chances; the loss is the cross-entropy with the final result (a shared win split). ``policy``
fits the policy network: the same shape scores each choice from its vector and the decision's,
and a softmax over the choices is fitted to the search's share of visits. Both hold
out the games whose number's tens digit is 9 (a tenth of each stage, every setup), checkpoint after every epoch (a killed run resumes from
the last one, with the generators' states, so its weights are those of a run never killed; a
checkpoint of other arguments or other records, or one that cannot be read, is trained again from
nothing, with a line saying so), log to stdout, and write their layers into ``--out`` (a JSON file of base64
float32 weights, the format ``src/bots/net/network.ts`` reads) with their learning curve (and,
for the policy network, its weights before training and after every epoch, for the win-rate curve).
``reference`` writes a few inputs and the outputs of the networks in ``--out`` on them, for the
TypeScript inference's test. One thread, and the same seed and records give the same weights. It
ends on its own soon after the process that started it is gone (train:net killed with SIGKILL).
Records that cannot be trained on (none match, no ``layout.json``, policy files that do not match)
stop it with one line naming them and exit code 2.
"""

import argparse
import base64
import glob
import hashlib
import json
import math
import os
import sys
import threading
import time

import numpy as np
import torch

torch.set_num_threads(1)
# The process that started this one: train:net gives its pid (it could be gone already, killed in
# the second or two numpy and torch take to load), taken out for this process's own children.
STARTED_BY = int(os.environ.pop("TRAIN_NET_PID", os.getppid()))
HELD_OUT = 9  # games whose number has this tens digit are held out (every setup of a stage, see selfplay.ts)


def stop(message):
    """Stops with ``message`` on one line and exit code 2, as for a usage error (records that cannot be trained on)."""
    print(f"net_train.py: {message}", file=sys.stderr)
    raise SystemExit(2)


def exit_with_parent():
    """Ends this process (exit code 1) soon after the process that started it is gone: train:net
    killed with SIGKILL cannot stop it, and a process whose parent dies is handed to another, so its
    parent's pid changes. Checked every half second on a thread of its own (training holds the main one)."""

    def watch():
        while os.getppid() == STARTED_BY:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def layout(data):
    path = os.path.join(data, "layout.json")
    if not os.path.isfile(path):
        stop(f"{path} is not there: --data names a folder of self-play records, with the layout.json train:net writes")
    with open(path) as f:
        return json.load(f)


def no_records(kind, dirs, patterns):
    """Stops: no records in the folders ``dirs`` match ``patterns`` (a folder name mistyped, a stage never played)."""
    stop(f"{kind}: no records in {', '.join(dirs)} match {' or '.join(patterns)}")


def records_digest(folders, patterns):
    """What a training stage reads: how many record files, and the SHA-256 of their names and bytes."""
    digest, files = hashlib.sha256(), 0
    for i, d in enumerate(folders):
        for pattern in patterns:
            for p in sorted(glob.glob(os.path.join(d, pattern))):
                digest.update(f"{i}/{os.path.basename(p)}/{os.path.getsize(p)}\n".encode())
                with open(p, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        digest.update(block)
                files += 1
    return {"files": files, "sha256": digest.hexdigest()}


def read_floats(folders, pattern):
    """The files matching ``pattern`` in each folder in turn (sorted by name within a folder), concatenated."""
    parts = [np.fromfile(p, dtype="<f4") for d in folders for p in sorted(glob.glob(os.path.join(d, pattern)))]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)


class SetNet(torch.nn.Module):
    """Scores every item of a set (the seats of a state, the choices of a decision) from its own
    vector and the set's shared vector, with the same weights for every item; a softmax over the
    items follows in the losses. The layers are those of ``src/bots/net/scorer.ts``."""

    def __init__(self, item, shared, h1, h2):
        super().__init__()
        self.item = torch.nn.Linear(item, h1)
        self.shared = torch.nn.Linear(shared, h1, bias=False)
        self.hidden = torch.nn.Linear(h1, h2)
        self.score = torch.nn.Linear(h2, 1)

    def forward(self, items, shared, mask=None):
        h = torch.relu(self.item(items) + self.shared(shared)[:, None, :])
        logits = self.score(torch.relu(self.hidden(h))).squeeze(-1)
        return logits if mask is None else logits.masked_fill(~mask, -1e9)

    def layers(self):
        return [
            (self.item.weight, self.item.bias),
            (self.shared.weight, torch.zeros(self.shared.weight.shape[0])),
            (self.hidden.weight, self.hidden.bias),
            (self.score.weight, self.score.bias),
        ]


def serialize(net):
    """The layers as ``NetworkData``: shapes, and base64 of little-endian float32 W then b."""
    shapes, flat = [], []
    for w, b in net.layers():
        w = w.detach().to(torch.float32).numpy()
        shapes.append([int(w.shape[0]), int(w.shape[1])])
        flat.append(w.reshape(-1))
        flat.append(b.detach().to(torch.float32).numpy().reshape(-1))
    raw = np.concatenate(flat).astype("<f4").tobytes()
    return {"shapes": shapes, "weights": base64.b64encode(raw).decode("ascii")}


def deserialize(data, net):
    raw = np.frombuffer(base64.b64decode(data["weights"]), dtype="<f4")
    at = 0
    with torch.no_grad():
        for (w, b), (rows, cols) in zip(net.layers(), data["shapes"]):
            w.copy_(torch.from_numpy(raw[at : at + rows * cols].reshape(rows, cols).copy()))
            at += rows * cols
            if b.requires_grad:
                b.copy_(torch.from_numpy(raw[at : at + rows].copy()))
            at += rows


def load_json(path):
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {}


def save_json(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def folders(args):
    return [args.data] + (args.extra or [])


def value_data(data, lay, only="*"):
    """Per player count: seats [rows, n, S], context [rows, C], result [rows, n], held-out flags
    (from the chunks whose name starts with ``only``, a stage: all of them by default)."""
    out = {}
    S, C = lay["seat"], lay["context"]
    for n in (2, 3, 4, 5):
        flat = read_floats(data, f"{only}-*.value-{n}.f32")
        width = n * S + C + n + 1
        if flat.size == 0:
            continue
        rows = flat.reshape(-1, width)
        game = rows[:, -1].astype(np.int64)
        out[n] = {
            "seats": torch.from_numpy(rows[:, : n * S].reshape(-1, n, S).copy()),
            "context": torch.from_numpy(rows[:, n * S : n * S + C].copy()),
            "result": torch.from_numpy(rows[:, n * S + C : n * S + C + n].copy()),
            "held": (game // 10) % 10 == HELD_OUT,
        }
    return out


def policy_data(data, lay):
    """Decisions [rows, D], choices [rows, K, C] (padded), mask, visit shares, played, held-out flags."""
    D, C = lay["decision"], lay["choice"]
    dec = read_floats(data, "*.decisions.f32").reshape(-1, D + 2)
    ch = read_floats(data, "*.choices.f32").reshape(-1, C + 2)
    counts = dec[:, D].astype(np.int64)
    if len(dec) == 0:
        no_records("policy", data, ["*.decisions.f32"])
    if counts.sum() != len(ch):
        stop(f"policy records do not match: {counts.sum()} choices announced, {len(ch)} found")
    K = int(counts.max())
    rows = len(dec)
    choices = np.zeros((rows, K, C), dtype=np.float32)
    target = np.zeros((rows, K), dtype=np.float32)
    played = np.zeros((rows, K), dtype=np.float32)
    mask = np.zeros((rows, K), dtype=bool)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    for k in range(1, K + 1):
        idx = np.where(counts == k)[0]
        if idx.size == 0:
            continue
        gather = starts[idx][:, None] + np.arange(k)[None, :]
        choices[idx, :k] = ch[gather, :C]
        target[idx, :k] = ch[gather, C]
        played[idx, :k] = ch[gather, C + 1]
        mask[idx, :k] = True
    game = dec[:, D + 1].astype(np.int64)
    return {
        "decisions": torch.from_numpy(dec[:, :D].copy()),
        "choices": torch.from_numpy(choices),
        "mask": torch.from_numpy(mask),
        "target": torch.from_numpy(target),
        "played": torch.from_numpy(played),
        "held": (game // 10) % 10 == HELD_OUT,
    }


def value_loss(net, part, idx):
    logp = torch.log_softmax(net(part["seats"][idx], part["context"][idx]), -1)
    return -(part["result"][idx] * logp).sum(-1)


def policy_loss(net, part, idx):
    logp = torch.log_softmax(net(part["choices"][idx], part["decisions"][idx], part["mask"][idx]), -1)
    return -(part["target"][idx] * logp.masked_fill(~part["mask"][idx], 0)).sum(-1)


def evaluate_value(net, parts):
    res = {}
    with torch.no_grad():
        for n, part in parts.items():
            idx = torch.from_numpy(np.where(part["held"])[0])
            if len(idx) == 0:
                continue
            res[str(n)] = float(torch.cat([value_loss(net, part, idx[i : i + 8192]) for i in range(0, len(idx), 8192)]).mean())
    return res


def evaluate_policy(net, part):
    idx = torch.from_numpy(np.where(part["held"])[0])
    if len(idx) == 0:  # a tiny run (a test of the pipeline) with no held-out game: JSON has no NaN
        return {"loss": None, "agree": None}
    with torch.no_grad():
        logits = net(part["choices"][idx], part["decisions"][idx], part["mask"][idx])
        logp = torch.log_softmax(logits, -1)
        loss = -(part["target"][idx] * logp.masked_fill(~part["mask"][idx], 0)).sum(-1).mean()
        agree = (logits.argmax(-1) == part["target"][idx].argmax(-1)).float().mean()
    return {"loss": float(loss), "agree": float(agree)}


def same_args(a, b):
    """Whether a checkpoint's arguments are these (options left unset, such as ``--extra``, ignored)."""
    if a is None:
        return False
    return {k: v for k, v in a.items() if v is not None} == {k: v for k, v in b.items() if v is not None}


def load_checkpoint(kind, ckpt):
    """The checkpoint in ``ckpt``, or ``None`` when there is none or it cannot be read (a line says so)."""
    if not os.path.exists(ckpt):
        return None
    try:
        return torch.load(ckpt)
    except Exception as e:  # a file cut short (a kill during an older, in-place write), or not a checkpoint
        print(f"{kind}: the checkpoint {ckpt} cannot be read ({type(e).__name__}): training from nothing", flush=True)
        return None


def save_checkpoint(state, ckpt):
    """Writes ``state`` beside ``ckpt`` and renames it over: a kill leaves the old checkpoint or the new one."""
    tmp = ckpt + ".tmp"
    torch.save(state, tmp)
    os.replace(tmp, ckpt)


def train(kind, args):
    lay = layout(args.data)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    patterns = [f"{args.only}-*.value-{n}.f32" for n in (2, 3, 4, 5)] if kind == "value" else ["*.decisions.f32", "*.choices.f32"]
    records = records_digest(folders(args), patterns)
    # A test hook: stop after this epoch (counted from 1), its checkpoint written, as a kill would.
    stop_after = int(os.environ.get("NET_TRAIN_STOP_AFTER", "0"))
    if kind == "value":
        parts = value_data(folders(args), lay, args.only)
        if not parts:
            no_records("value", folders(args), [f"{args.only}-*.value-{{2,3,4,5}}.f32"])
        net = SetNet(lay["seat"], lay["context"], args.hidden, args.hidden2)
        sizes = {str(n): int((~p["held"]).sum()) for n, p in parts.items()}
        if sum(sizes.values()) == 0:
            stop(f"every value record in {', '.join(folders(args))} is of a held-out game (tens digit {HELD_OUT}): nothing to train on")
        print(f"value: training positions by player count {sizes}", flush=True)
    else:
        part = policy_data(folders(args), lay)
        if int((~part["held"]).sum()) == 0:
            stop(f"every policy record in {', '.join(folders(args))} is of a held-out game (tens digit {HELD_OUT}): nothing to train on")
        net = SetNet(lay["choice"], lay["decision"], args.hidden, args.hidden2)
        print(f"policy: {int((~part['held']).sum())} training decisions, {int(part['held'].sum())} held out", flush=True)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=args.decay)
    ckpt = os.path.join(args.data, f"{kind}{args.tag}.ckpt")
    curve = []
    # The network before training and after every epoch, for the win-rate curve (train.ts).
    snapshots = [serialize(net)]
    first = 0
    saved = load_checkpoint(kind, ckpt)
    if saved is not None:
        # Resumed only when written by these arguments, on these records, with the generators'
        # states (older checkpoints have none): then the run goes on as if never stopped.
        if same_args(saved.get("args"), vars(args)) and saved.get("records") == records and "rng" in saved:
            net.load_state_dict(saved["net"])
            opt.load_state_dict(saved["opt"])
            curve = saved["curve"]
            snapshots = saved.get("snapshots", [])
            first = saved["epoch"] + 1
            rng.bit_generator.state = saved["rng"]
            torch.set_rng_state(saved["torch_rng"])
            print(f"{kind}: resuming after epoch {first}", flush=True)
        else:
            print(f"{kind}: the checkpoint was written for other records or arguments: training from nothing", flush=True)
    started = time.process_time()
    for epoch in range(first, args.epochs):
        lr = args.lr * 0.5 * (1 + math.cos(math.pi * epoch / args.epochs))
        for group in opt.param_groups:
            group["lr"] = lr
        batches = []
        if kind == "value":
            for n, p in parts.items():
                idx = rng.permutation(np.where(~p["held"])[0])
                batches += [(n, idx[i : i + args.batch]) for i in range(0, len(idx), args.batch)]
        else:
            idx = rng.permutation(np.where(~part["held"])[0])
            batches = [(0, idx[i : i + args.batch]) for i in range(0, len(idx), args.batch)]
        order = rng.permutation(len(batches))
        total, count = 0.0, 0
        for b in order:
            n, idx = batches[b]
            idx = torch.from_numpy(idx)
            loss = value_loss(net, parts[n], idx).mean() if kind == "value" else policy_loss(net, part, idx).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss) * len(idx)
            count += len(idx)
        held = evaluate_value(net, parts) if kind == "value" else evaluate_policy(net, part)
        curve.append({"epoch": epoch + 1, "train": total / count, "held": held, "cpu": time.process_time() - started})
        print(f"{kind} epoch {epoch + 1}/{args.epochs}: train {total / count:.4f}, held out {json.dumps(held)}", flush=True)
        snapshots.append(serialize(net))
        save_checkpoint(
            {
                "net": net.state_dict(),
                "opt": opt.state_dict(),
                "curve": curve,
                "snapshots": snapshots,
                "epoch": epoch,
                "args": vars(args),
                "records": records,
                "rng": rng.bit_generator.state,
                "torch_rng": torch.get_rng_state(),
            },
            ckpt,
        )
        if epoch + 1 == stop_after:
            raise SystemExit(0)
    out = load_json(args.out)
    out[kind] = serialize(net)
    out["layout"] = lay
    out.setdefault("curves", {})[kind + (args.tag or "")] = curve
    if kind == "policy":
        out["snapshots"] = {"policy": snapshots}
    save_json(args.out, out)


def reference(args):
    """A few inputs and what the networks in ``--out`` make of them, for the TypeScript test."""
    nets = load_json(args.out)
    lay = nets["layout"]
    g = torch.Generator().manual_seed(7)
    fixture = {"value": [], "policy": []}
    v = nets["value"]
    value = SetNet(lay["seat"], lay["context"], v["shapes"][0][0], v["shapes"][2][0])
    deserialize(v, value)
    for n in (2, 3, 4, 5):
        seats = torch.rand(1, n, lay["seat"], generator=g)
        context = torch.rand(1, lay["context"], generator=g)
        with torch.no_grad():
            p = torch.softmax(value(seats, context), -1)[0]
        fixture["value"].append({"seats": seats[0].reshape(-1).tolist(), "context": context[0].tolist(), "out": p.tolist()})
    if "policy" in nets:
        q = nets["policy"]
        policy = SetNet(lay["choice"], lay["decision"], q["shapes"][0][0], q["shapes"][2][0])
        deserialize(q, policy)
        for k in (2, 3, 5):
            dec = torch.rand(1, lay["decision"], generator=g)
            ch = torch.rand(1, k, lay["choice"], generator=g)
            with torch.no_grad():
                p = torch.softmax(policy(ch, dec), -1)[0]
            fixture["policy"].append({"decision": dec[0].tolist(), "choices": ch[0].reshape(-1).tolist(), "out": p.tolist()})
    with open(args.fixture, "w") as f:
        json.dump(fixture, f)
        f.write("\n")


def main():
    exit_with_parent()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kind", choices=["value", "policy", "reference"])
    ap.add_argument("--data", help="folder of the self-play records (and layout.json)")
    ap.add_argument("--extra", action="append", help="another folder of records (a later round's), repeatable")
    ap.add_argument("--only", default="*", help="value: the positions of this stage's games only (heuristic), not all")
    ap.add_argument("--out", required=True, help="the networks file (JSON) to update")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--decay", type=float, default=1e-5)
    ap.add_argument("--hidden", type=int, help="first hidden layer (value 16, policy 32)")
    ap.add_argument("--hidden2", type=int, default=16)
    ap.add_argument("--tag", default="", help="suffix of the curve's name in the networks file")
    ap.add_argument("--fixture", help="reference: where to write the inputs and outputs")
    args = ap.parse_args()
    if args.kind in ("value", "policy") and args.data is None:
        ap.error(f"{args.kind} needs --data DIR (the folder of the self-play records)")
    if args.kind == "reference" and args.fixture is None:
        ap.error("reference needs --fixture FILE (where to write the inputs and outputs)")
    if args.hidden is None:
        args.hidden = 16 if args.kind == "value" else 32
    if args.kind == "reference":
        reference(args)
    else:
        train(args.kind, args)


if __name__ == "__main__":
    main()
