"""python/train/net_train.py on a tiny made-up set of records: a run killed after an epoch and
started again writes the weights of an uninterrupted run, bit for bit; a checkpoint of other
records (more games played since) or one that cannot be read is trained again from nothing, with
a line saying so; ``value`` without ``--data`` and ``reference`` without ``--fixture`` are usage
errors, as is a folder holding no records (or no ``layout.json``); a run whose starter is killed
(``train:net`` with SIGKILL, which cannot stop it) ends on its own. Needs torch (Debian's python3-torch); skipped without it."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

import numpy as np

try:
    import torch  # noqa: F401

    HAVE_TORCH = True
except ImportError:
    HAVE_TORCH = False

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "train", "net_train.py")
LAYOUT = {"seat": 3, "context": 2, "decision": 2, "choice": 2}


def write_games(folder, name, first, games, seed):
    """Positions of 4-player games ``first`` ... ``first + games - 1`` (3 each) as a chunk of records."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(first, first + games):
        for _ in range(3):
            result = np.zeros(4, dtype=np.float32)
            result[rng.integers(4)] = 1
            rows.append(np.concatenate([rng.random(4 * 3 + 2, dtype=np.float32), result, [g]]))
    np.asarray(rows, dtype="<f4").tofile(os.path.join(folder, f"{name}.value-4.f32"))


def alive(pid):
    """Whether process ``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def read(path):
    with open(path) as f:
        return f.read()


# Starts the command after the log file's name, its output into that file; prints its pid, then waits.
STARTER = """import subprocess, sys, time
with open(sys.argv[1], "w") as log:
    child = subprocess.Popen(sys.argv[2:], stdout=log)
print(child.pid, flush=True)
time.sleep(600)
"""


@unittest.skipUnless(HAVE_TORCH, "needs torch")
class NetTrainTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="net-train-test-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)

    def folder(self, name, games=100):
        d = os.path.join(self.dir, name)
        os.makedirs(d)
        with open(os.path.join(d, "layout.json"), "w") as f:
            json.dump(LAYOUT, f)
        write_games(d, "heuristic-000000", 0, games, 1)
        return d

    def run_value(self, d, epochs=4, stop_after=None, check=True):
        env = dict(os.environ)
        env.pop("NET_TRAIN_STOP_AFTER", None)
        if stop_after is not None:
            env["NET_TRAIN_STOP_AFTER"] = str(stop_after)
        cmd = [sys.executable, SCRIPT, "value", "--data", d, "--out", os.path.join(d, "nets.json"), "--epochs", str(epochs), "--seed", "3", "--batch", "16"]
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if check:
            self.assertEqual(r.returncode, 0, r.stderr)
        return r

    def nets(self, d):
        with open(os.path.join(d, "nets.json")) as f:
            return json.load(f)

    def test_a_run_stopped_after_an_epoch_and_resumed_writes_the_uninterrupted_weights(self):
        full, stopped = self.folder("full"), self.folder("stopped")
        self.run_value(full)
        first = self.run_value(stopped, stop_after=2)
        self.assertIn("value epoch 2/4", first.stdout)
        self.assertNotIn("value epoch 3/4", first.stdout)
        second = self.run_value(stopped)
        self.assertIn("value: resuming after epoch 2", second.stdout)
        self.assertNotIn("value epoch 2/4", second.stdout)
        a, b = self.nets(full), self.nets(stopped)
        self.assertEqual(a["value"], b["value"])
        strip = lambda curve: [(p["epoch"], p["train"], p["held"]) for p in curve]  # noqa: E731
        self.assertEqual(strip(a["curves"]["value"]), strip(b["curves"]["value"]))

    def test_a_checkpoint_of_other_records_is_trained_again_from_nothing(self):
        d, fresh = self.folder("grown", games=50), self.folder("fresh", games=50)
        self.run_value(d)
        # More games played since (a run started again with more): the same 50, then 50 more.
        write_games(d, "heuristic-000050", 50, 50, 2)
        write_games(fresh, "heuristic-000050", 50, 50, 2)
        again = self.run_value(d)
        self.assertIn("value: the checkpoint was written for other records or arguments: training from nothing", again.stdout)
        self.assertIn("value epoch 1/4", again.stdout)
        self.run_value(fresh)
        self.assertEqual(self.nets(d)["value"], self.nets(fresh)["value"])

    def test_a_checkpoint_that_cannot_be_read_is_trained_again_from_nothing(self):
        d, fresh = self.folder("cut"), self.folder("whole")
        self.run_value(d, stop_after=1)
        ckpt = os.path.join(d, "value.ckpt")
        with open(ckpt, "r+b") as f:
            f.truncate(os.path.getsize(ckpt) // 2)
        again = self.run_value(d)
        self.assertIn("value: the checkpoint", again.stdout)
        self.assertIn("cannot be read", again.stdout)
        self.assertIn("value epoch 1/4", again.stdout)
        self.run_value(fresh)
        self.assertEqual(self.nets(d)["value"], self.nets(fresh)["value"])
        self.assertFalse(os.path.exists(ckpt + ".tmp"))

    def test_missing_required_options_are_usage_errors(self):
        out = os.path.join(self.dir, "nets.json")
        for args, flag in ((["value"], "--data"), (["policy"], "--data"), (["reference"], "--fixture")):
            with self.subTest(args=args):
                r = subprocess.run([sys.executable, SCRIPT, *args, "--out", out], capture_output=True, text=True)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(flag, r.stderr)
                self.assertNotIn("Traceback", r.stderr)

    def test_a_folder_without_records_is_a_usage_error(self):
        empty = os.path.join(self.dir, "empty")
        os.makedirs(empty)
        with open(os.path.join(empty, "layout.json"), "w") as f:
            json.dump(LAYOUT, f)
        out = os.path.join(self.dir, "nets.json")
        for args, names in (
            (["value", "--data", empty, "--only", "heuristic"], [empty, "heuristic-*.value-"]),
            (["value", "--data", empty], [empty, "*.value-"]),
            (["policy", "--data", empty], [empty, "*.decisions.f32"]),
            (["value", "--data", os.path.join(self.dir, "typo")], [os.path.join(self.dir, "typo"), "layout.json"]),
        ):
            with self.subTest(args=args):
                r = subprocess.run([sys.executable, SCRIPT, *args, "--out", out, "--epochs", "1"], capture_output=True, text=True)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
                for name in names:
                    self.assertIn(name, r.stderr)
                self.assertFalse(os.path.exists(out))

    def test_records_all_held_out_are_a_usage_error(self):
        held = os.path.join(self.dir, "held")
        os.makedirs(held)
        with open(os.path.join(held, "layout.json"), "w") as f:
            json.dump(LAYOUT, f)
        write_games(held, "heuristic-000000", 90, 10, 1)  # games 90-99: every one held out
        out = os.path.join(self.dir, "nets.json")
        r = subprocess.run([sys.executable, SCRIPT, "value", "--data", held, "--out", out, "--epochs", "1"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        self.assertIn("held-out game", r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_it_ends_soon_after_the_process_that_started_it_is_killed(self):
        d = self.folder("orphan")
        log = os.path.join(self.dir, "orphan.log")
        cmd = [sys.executable, SCRIPT, "value", "--data", d, "--out", os.path.join(d, "nets.json"), "--epochs", "100000", "--batch", "16"]
        starter = subprocess.Popen([sys.executable, "-c", STARTER, log, *cmd], stdout=subprocess.PIPE, text=True)
        pid = int(starter.stdout.readline())
        try:
            deadline = time.monotonic() + 60
            while "value epoch 1/" not in read(log):
                self.assertLess(time.monotonic(), deadline, "the training never started")
                time.sleep(0.1)
            starter.kill()  # SIGKILL: it cannot stop its child
            starter.wait()
            starter.stdout.close()
            deadline = time.monotonic() + 5
            while alive(pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertFalse(alive(pid), "the training still runs 5 s after its starter was killed")
        finally:
            if alive(pid):
                os.kill(pid, 9)


if __name__ == "__main__":
    unittest.main()
