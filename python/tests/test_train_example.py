"""examples/train.py, a few seconds of it: the progress lines give the learner's agreement with its
teacher by kind of action only when there is a teacher (``--imitate 0`` trains without one)."""

import os
import re
import shlex
import subprocess
import sys
import tempfile
import unittest

from tests.helpers import COMMAND, needs_server

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "examples", "train.py")
#: The agreement figures of a progress line: "bid 93%  king 100%  ...".
AGREEMENT = re.compile(r"\b(bid|king|pass|pay|place|take) \d+%")


@needs_server
class TrainExampleTest(unittest.TestCase):
    def progress(self, imitate):
        """The progress lines of a short run (8 games at a time, a line every 8 games)."""
        with tempfile.TemporaryDirectory(prefix="train-example-test-") as d:
            r = subprocess.run(
                [sys.executable, SCRIPT, "--minutes", "0.05", "--games", "8", "--window", "8", "--eval", "1", "--hidden", "16"]
                + ["--imitate", str(imitate), "--plot", os.path.join(d, "curve.svg"), "--command", shlex.join(COMMAND)],
                capture_output=True,
                text=True,
            )
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [line for line in r.stdout.splitlines() if "win share of the last" in line]
        self.assertTrue(lines, r.stdout)
        return lines

    def test_without_a_teacher_no_agreement_is_printed(self):
        for line in self.progress(0):
            self.assertIsNone(AGREEMENT.search(line), line)

    def test_with_a_teacher_the_agreement_is_printed(self):
        for line in self.progress(1):
            self.assertIsNotNone(AGREEMENT.search(line), line)


if __name__ == "__main__":
    unittest.main()
