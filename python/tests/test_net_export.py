"""python/train/net_export.py on a tiny made-up networks file: a run too small to hold out a game
(``net_train.py`` writes the policy's held-out figures as ``null``) exports ``null`` for them and
a curve that says there is none, instead of failing. Standard library only, as the exporter."""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "train", "net_export.py")


def network(shapes):
    """``NetworkData`` of zeros with these layer shapes."""
    count = sum(r * c + r for r, c in shapes)
    return {"shapes": shapes, "weights": base64.b64encode(bytes(4 * count)).decode("ascii")}


def nets(policy_held):
    """A networks file: a value network with held-out losses, a policy network whose are ``policy_held``."""
    return {
        "value": network([[2, 3], [2, 2], [2, 2], [1, 2]]),
        "policy": network([[2, 2], [2, 2], [2, 2], [1, 2]]),
        "layout": {"seat": 3, "context": 2, "decision": 2, "choice": 2},
        "curves": {
            "value": [{"epoch": e, "train": 1.0, "held": {"4": 1.2 - e / 10}, "cpu": 0.1} for e in (1, 2)],
            "policy": [{"epoch": e, "train": 0.9, "held": policy_held, "cpu": 0.1} for e in (1, 2)],
        },
    }


class NetExportTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="net-export-test-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)

    def export(self, data):
        path = os.path.join(self.dir, "nets.json")
        with open(path, "w") as f:
            json.dump(data, f)
        module, svg = os.path.join(self.dir, "weights.ts"), os.path.join(self.dir, "net-training.svg")
        r = subprocess.run(
            [sys.executable, SCRIPT, "--nets", path, "--seed", "1", "--module", module, "--svg", svg], capture_output=True, text=True
        )
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(module) as f, open(svg) as g:
            return f.read(), g.read()

    def test_a_run_with_no_held_out_game_exports_null_figures(self):
        module, svg = self.export(nets({"loss": None, "agree": None}))
        self.assertIn('"policy": {"loss": null, "agree": null}', module)
        self.assertIn('"value": {"4": 1.0}', module)
        self.assertIn("no held-out games", svg)
        for word in ("None", "nan", "NaN"):
            self.assertNotIn(word, module)
            self.assertNotIn(word, svg)

    def test_held_out_figures_are_rounded(self):
        module, svg = self.export(nets({"loss": 0.812345, "agree": 0.698765}))
        self.assertIn('"policy": {"loss": 0.8123, "agree": 0.6988}', module)
        self.assertNotIn("no held-out games", svg)


if __name__ == "__main__":
    unittest.main()
