"""What the tests share: the server command and a seeded random legal action."""

import os
import shlex
import unittest

import numpy as np

#: The env-server command: ``FOR_THE_KING_ENV_COMMAND`` (``npm run test:python`` sets it to the built CLI).
COMMAND = shlex.split(os.environ["FOR_THE_KING_ENV_COMMAND"]) if os.environ.get("FOR_THE_KING_ENV_COMMAND") else None


def needs_server(cls):
    """Skips a test class when no server command is configured (run the suite through npm)."""
    if COMMAND is None:
        return unittest.skip("set FOR_THE_KING_ENV_COMMAND, e.g. 'node dist/cli.js env-server' (npm run test:python does)")(cls)
    return cls


def random_legal(mask, rng):
    """A uniformly random legal index of one mask (any integer or boolean dtype)."""
    return int(rng.choice(np.flatnonzero(mask)))
