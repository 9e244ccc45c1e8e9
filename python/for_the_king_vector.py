"""Many games of For the King (and Me) at once, for training (standard library and numpy only).

A :class:`VectorEnv` in the style of Gymnasium's vector API, over ``for-the-king env-server
--vector``: one small binary frame of actions out, one frame of arrays back per step (raw
little-endian bytes read straight into numpy arrays, no JSON per step).

    import numpy as np
    from for_the_king_vector import VectorEnv

    with VectorEnv(num_envs=64, players=4, seed=1) as envs:
        obs, mask, info = envs.reset()
        rng = np.random.default_rng(0)
        for _ in range(1000):
            # a random legal action per game: the largest random key among the legal indexes
            actions = np.argmax(np.where(mask, rng.random(mask.shape), -1), axis=1)
            obs, mask, rewards, terminations, truncations, infos = envs.step(actions)
            # rewards[g] holds every seat's reward of game g when it ended on this step

- ``obs``: ``float32[num_envs, observation_size]``, the observation of the seat to act in each
  game (``info["agent"]``); with ``seats="all"``, ``[num_envs, players, observation_size]``,
  every seat's.
- ``mask``: ``bool[num_envs, 364]``, the legal actions of the seat to act.
- ``rewards``: ``float32[num_envs, players]``, every seat's reward: zeros except in a game that
  ended on this step, whose row holds its final rewards (all seats, acting or not).
- ``terminations``: ``bool[num_envs]``, the games that ended on this step. They are reset at
  once (auto-reset): ``obs`` and ``mask`` are already the new game's first ones.
- ``truncations``: ``bool[num_envs]``, always ``False`` (every game ends by the rules).
- ``infos``: ``"agent"`` (int8, the seat to act), ``"points"`` (float32, every seat's final
  points) and ``"winners"`` (bool) for the games that ended, with ``"_points"`` and
  ``"_winners"`` saying which rows hold them; and, when asked for, ``"info_state"``
  (int16 tokens) with ``"info_state_length"``, the **privileged** ``"global_state"``, and
  ``"teacher_action"`` (what the ``teacher`` bot would play).

``reset(seed)`` starts a new run: game ``g`` of the batch plays the seeds ``f"{seed}/{g}/0"``,
``f"{seed}/{g}/1"``, ... (auto-reset moves on along them). ``reset()`` without a seed starts each
game's next game of the run, never one already played; the first ``reset()`` starts the run of
the constructor's ``seed`` (random seeds without one).
"""

import json
import math
import operator
import struct
import subprocess
import weakref

import numpy as np

import for_the_king_protocol as protocol
from for_the_king_protocol import (
    ACTION_COUNT,
    ActionTypeError,
    ForTheKingError,
    InvalidActionError,
    NotResetError,
    broken_message,
    ended_message,
    options_text,
    seed_value,
    server_command,
    start_server,
    stop_process,
    whole,
)

__all__ = ["VectorEnv"]

_MAKE, _RESET, _STEP, _CLOSE = 1, 2, 3, 4
_ARRAYS, _JSON, _ERROR = 0, 1, 2
_HEADER = struct.Struct("<II")
#: The longest JSON or error answer read: the make answer is about 10 KB, an error a line. A
#: longer one (or an unknown code) means the output is not the protocol, say a program's text read
#: as a header: refused before anything that size is allocated.
_MAX_JSON = 1 << 20


class VectorEnv:
    """``num_envs`` games stepped together by one ``env-server --vector`` process.

    The process stops on :meth:`close`, when the environment is garbage collected, and when a
    request is cut off before its whole answer was read (a Ctrl-C while a step is awaited, an
    output that is not the protocol): every later call then raises :class:`ForTheKingError`
    ``CLOSED``, since that answer would otherwise be read as the next request's.

    :param num_envs: how many games (1 or more).
    :param players: 2 to 5.
    :param seed: the run's seed (an int or a string); without it, random seeds.
    :param reward: ``"win"`` (1 to the winner, a shared win split) or ``"points"``.
    :param variants: rule variants, e.g. ``{"payment": "by-lot"}``.
    :param seats: ``"acting"`` (default) or ``"all"``: whose observations to return.
    :param info_state: ``False``, ``True`` (rows long enough for any history: perfect recall) or a
        row width in tokens (a history's last tokens when longer).
    :param global_state: also return the **privileged** global state (for a centralised critic).
    :param bots: one entry per seat, a bot id (``"heuristic"``, ``"random"``, ``"ismcts:N"``) or
        ``None`` for a seat you play: the server plays the bots' seats, you see only yours.
    :param teacher: a bot id whose choice for each game's acting seat comes in
        ``infos["teacher_action"]`` (the game does not move): labels for imitation learning. The
        bot sees only that seat's view. Its random numbers are each game's own, seeded from the
        game's seed: the same seeds played the same way give the same labels.
    :param command: the ``env-server`` command (``--vector`` is added), as for ``ForTheKingEnv``: a
        list, or a string split as a shell would.
    :param copy: return copies (default) or views that the next step overwrites (faster).
    """

    def __init__(
        self,
        num_envs=64,
        players=4,
        *,
        seed=None,
        reward="win",
        variants=None,
        seats="acting",
        info_state=False,
        global_state=False,
        bots=None,
        teacher=None,
        command=None,
        copy=True,
    ):
        self.num_envs = self._count(num_envs, "num_envs")
        seed = seed_value(seed)
        make = {"players": whole(players), "games": self.num_envs, "reward": reward, "seats": seats, "globalState": bool(global_state)}
        if seed is not None:
            make["seed"] = seed
        if variants is not None:
            make["variants"] = variants
        if info_state is not False and info_state is not None:
            make["infoState"] = True if info_state is True else self._count(info_state, "info_state")
        if bots is not None:
            make["bots"] = list(bots)
        if teacher is not None:
            make["teacher"] = teacher
        make_text = options_text(make).encode()  # options JSON cannot hold are refused before the server starts
        self.copy = bool(copy)
        self._seed = seed
        self._frame = bytearray(4096)  # the answer to make is read here; the arrays' buffer replaces it
        self._view = memoryview(self._frame)
        self._command = [*server_command(command), "--vector"]
        self._process = start_server(self._command, bufsize=0)
        self._finalizer = weakref.finalize(self, stop_process, self._process)
        self._closed = False
        self._broken = None  # why every call is refused, once a request was cut off
        self._started = False
        try:
            spec = self._ask(_MAKE, make_text)
            if not isinstance(spec, dict):
                raise ForTheKingError("PROTOCOL", f"the answer to make is {type(spec).__name__}, not a JSON object")
        except BaseException:
            self.close()
            raise
        self.players = spec["players"]
        self.observation_size = spec["observationSize"]
        self.action_count = spec["actionCount"]
        self.seats_per_game = spec["seatsPerGame"]
        self.info_state_length = spec["infoStateLength"]
        self.info_token_count = spec["infoTokenCount"]
        self.global_state_size = spec["globalStateSize"]
        #: The observation's groups ``[{"name", "offset", "size"}, ...]`` (docs/env.md), and the global state's.
        self.layout = spec["layout"]
        self.global_layout = spec["globalLayout"]
        #: The card catalogue (``CARDS``: ``{"id", "kind", ...}`` by catalogue index) and the highest bid (the deck's size).
        self.cards = spec["cards"]
        self.max_bid = spec["maxBid"]
        self._frame = bytearray(_HEADER.size + spec["frameBytes"])
        self._view = memoryview(self._frame)
        self._arrays = {}
        for f in spec["fields"]:
            dtype = np.dtype(f["dtype"]).newbyteorder("<")
            count = int(np.prod(f["shape"]))
            at = _HEADER.size + f["offset"]
            self._arrays[f["name"]] = np.frombuffer(self._frame, dtype=dtype, count=count, offset=at).reshape(f["shape"])
        self._request = bytearray(_HEADER.size + 4 * self.num_envs)
        _HEADER.pack_into(self._request, 0, _STEP, 4 * self.num_envs)
        self._actions = np.frombuffer(self._request, dtype="<i4", count=self.num_envs, offset=_HEADER.size)
        self._try_pipe_size()

    # -- the pipe ------------------------------------------------------------------------------

    @staticmethod
    def _count(x, name):
        if isinstance(x, (bool, np.bool_)):
            raise TypeError(f"{name} must be a whole number, got {x!r}")
        try:
            n = operator.index(x)
        except TypeError:
            raise TypeError(f"{name} must be a whole number, got {type(x).__name__} {x!r}") from None
        if n < 1:
            raise ValueError(f"{name} must be 1 or more, got {n}")
        return n

    def _try_pipe_size(self):
        """Asks Linux for a pipe that holds a whole frame, so one write and one read move it (ignored elsewhere)."""
        try:
            import fcntl

            size = min(1 << 20, 1 << math.ceil(math.log2(len(self._frame))))
            fcntl.fcntl(self._process.stdout.fileno(), fcntl.F_SETPIPE_SZ, size)
        except (ImportError, AttributeError, OSError, ValueError):
            pass

    def _read_into(self, view):
        stream = self._process.stdout
        got = 0
        while got < len(view):
            n = stream.readinto(view[got:])
            if not n:
                raise ForTheKingError("CLOSED", ended_message(self._process, self._command))
            got += n

    def _send(self, data):
        try:
            view = memoryview(data)
            while len(view):
                view = view[self._process.stdin.write(view) :]
        except (BrokenPipeError, OSError) as e:
            raise ForTheKingError("CLOSED", ended_message(self._process, self._command, "the server has exited")) from e

    def _answer(self):
        """Reads one answer: ``(code, None)`` for an arrays frame (now in the buffer), else ``(code, JSON value)``.

        The header is read first, on its own: an error's text must not land on the arrays that
        the last answer left in the buffer (with ``copy=False`` the caller holds views of them,
        and a refused step leaves every game, and so those arrays, as they were). Only one answer
        is ever outstanding, so nothing of the next is read. A header that is not the protocol's
        (an unknown code, a length no answer has) is refused before anything is allocated.
        """
        view = self._view
        self._read_into(view[: _HEADER.size])
        code, length = _HEADER.unpack_from(self._frame, 0)
        if code == _ARRAYS:
            if length != len(self._frame) - _HEADER.size:
                raise ForTheKingError("PROTOCOL", f"an arrays frame of {length} bytes, expected {len(self._frame) - _HEADER.size}")
            self._read_into(view[_HEADER.size :])
            return code, None
        if code not in (_JSON, _ERROR) or length > _MAX_JSON:
            raise ForTheKingError(
                "PROTOCOL",
                f"the server's output is not the --vector protocol (a frame header of code {code}, length {length}: "
                f"{bytes(view[: _HEADER.size])!r})",
            )
        payload = bytearray(length)
        self._read_into(memoryview(payload))
        try:
            value = json.loads(payload.decode("utf-8"))
        except ValueError:
            raise ForTheKingError("PROTOCOL", f"a frame of code {code} that is not JSON: {bytes(payload[:200])!r}") from None
        if code == _ERROR and not isinstance(value, dict):
            raise ForTheKingError("PROTOCOL", f"an error frame that is not a JSON object: {bytes(payload[:200])!r}")
        return code, value

    def _exchange(self, data):
        """Sends one request and reads its whole answer: the JSON value, or None for the arrays.

        Raises :class:`ForTheKingError` for an error answer. Anything that stops the exchange
        between the first byte sent and the answer's last byte read (Ctrl-C, an output that is not
        the protocol, the server's end) breaks the environment: the server is stopped and every
        later call raises ``CLOSED``, since the answer left in the pipe would be read as the next
        request's. The original exception goes on.
        """
        if self._broken is not None:
            raise ForTheKingError("CLOSED", self._broken)
        if self._closed:
            raise ForTheKingError("CLOSED", "the environment is closed")
        try:
            self._send(data)
            code, value = self._answer()
        except BaseException as e:
            self._broken = broken_message(e)
            self._closed = True
            self._finalizer.detach()
            stop_process(self._process)
            raise
        if code == _ERROR:
            raise ForTheKingError(value.get("code", "ERROR"), value.get("message", ""))
        return value

    def _ask(self, op, payload=b""):
        return self._exchange(_HEADER.pack(op, len(payload)) + payload)

    # -- the vector API ------------------------------------------------------------------------

    def _out(self, name):
        a = self._arrays[name]
        return a.copy() if self.copy else a

    def _results(self):
        masks = self._arrays["masks"].view(np.bool_)
        infos = {"agent": self._out("agents")}
        ended = self._arrays["dones"].view(np.bool_).copy()
        infos["points"] = self._out("points")
        infos["_points"] = ended
        infos["winners"] = self._arrays["winners"].view(np.bool_).copy()
        infos["_winners"] = ended
        if "infoStates" in self._arrays:
            infos["info_state"] = self._out("infoStates")
            infos["info_state_length"] = self._out("infoStateLengths")
        if "globalStates" in self._arrays:
            infos["global_state"] = self._out("globalStates")  # privileged: for a critic, never an actor
        if "teacherActions" in self._arrays:
            infos["teacher_action"] = self._out("teacherActions")
        obs = self._out("observations")
        mask = masks.copy() if self.copy else masks
        return obs, mask, ended, infos

    def reset(self, seed=None, options=None):
        """Starts every game: ``(obs, mask, info)``. Without ``seed``, each game's next game of the run; with one, a new run."""
        seed = seed_value(seed)
        if seed is None and not self._started:
            seed = self._seed  # the first reset starts the run the constructor named (its game 0)
        payload = b"" if seed is None else json.dumps({"seed": seed}).encode()
        self._ask(_RESET, payload)
        self._started = True
        obs, mask, _, infos = self._results()
        return obs, mask, infos

    def step(self, actions):
        """Plays ``actions[g]`` (an action index) in every game ``g``: ``(obs, mask, rewards, terminations, truncations, infos)``.

        ``actions`` is an integer array (or a list of ints) of shape ``(num_envs,)``. Every action
        is checked before any game moves: an array of anything but integers (float, bool, string,
        timedelta64 ...) or a list holding a bool raises :class:`ActionTypeError`, a wrong shape
        or an index outside 0 ... 363 raises :class:`InvalidActionError`, and an action the game
        does not allow raises :class:`ForTheKingError` (``ILLEGAL_ACTION`` or ``WRONG_STEP``,
        naming the game) with every game unchanged.
        """
        if not self._started:
            raise NotResetError("call reset() before step()")
        if isinstance(actions, (list, tuple)):
            for x in actions:
                if isinstance(x, (bool, np.bool_)):  # np.asarray would make [True, 0] an integer array
                    raise ActionTypeError(f"actions must be integer action indexes, got the bool {x!r}")
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":  # not bool, float, timedelta64, string, object ...
            raise ActionTypeError(f"actions must be integer action indexes, got an array of {a.dtype}")
        if a.shape != (self.num_envs,):
            raise InvalidActionError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        if a.size and (a.min() < 0 or a.max() >= ACTION_COUNT):
            raise InvalidActionError(f"action indexes are from 0 to {ACTION_COUNT - 1}, got {a.min()} ... {a.max()}")
        self._actions[:] = a
        self._exchange(self._request)
        obs, mask, ended, infos = self._results()
        rewards = self._out("rewards")
        return obs, mask, rewards, ended, np.zeros(self.num_envs, dtype=np.bool_), infos

    def close(self):
        """Stops the server: waits for it 5 s at most (``CLOSE_WAIT``), then kills it."""
        if self._closed:
            return
        try:
            if self._process.poll() is None:
                self._process.stdin.write(_HEADER.pack(_CLOSE, 0))
                self._process.stdin.close()
                self._process.wait(timeout=protocol.CLOSE_WAIT)
        except (BrokenPipeError, OSError, subprocess.TimeoutExpired):
            pass  # stopped below
        finally:
            # Even when the wait is interrupted: no server outlives its environment.
            self._closed = True
            self._finalizer.detach()
            stop_process(self._process)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
