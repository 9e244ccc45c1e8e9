"""For the King (and Me) as a learning environment for Python.

Wrappers around ``for-the-king env-server`` from the npm package ``for-the-king-and-me``,
standard library and numpy only:

- :class:`ForTheKingEnv`: one game, one agent acting at a time (PettingZoo's AEC API; a
  PettingZoo ``AECEnv`` when ``pettingzoo`` can be imported, a plain class with the same methods
  otherwise), over JSON lines.
- :class:`ForTheKingParallelEnv`: the same game through PettingZoo's parallel API.
- :class:`VectorEnv` (in ``for_the_king_vector.py``, also importable from here): many games at
  once over a binary pipe, in the style of Gymnasium's vector API, for training.

    from for_the_king_env import ForTheKingEnv

    env = ForTheKingEnv(players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None                    # the game is over: info has the points and winners
        else:
            legal = obs["action_mask"].nonzero()[0]
            action = int(legal[0])           # a policy would read obs["observation"]
        env.step(action)
    env.close()

Observations are ``{"observation": float32[OBSERVATION_SIZE], "action_mask": int8[364]}``; the
features are documented in docs/env.md of the package. Agents are named ``player_0`` ...
``player_{N-1}`` (the game's seats). Rewards come at the end: 1 to the winner, a shared win
split, 0 to the others (or the points scored with ``reward="points"``).

Actions are integers only: an ``int``, a numpy integer or anything with ``__index__``. A float
(``0.5``, ``np.float32(1)``), a string (``"0"``) or a bool raises :class:`ActionTypeError` (a
``TypeError``); an index outside 0 ... 363 raises :class:`InvalidActionError` (a ``ValueError``);
an illegal action raises :class:`ForTheKingError` with the library's code (``ILLEGAL_ACTION``)
and changes nothing. ``step`` or ``observe`` before ``reset`` raises :class:`NotResetError`, and
an agent that is not in the game raises :class:`UnknownAgentError` (a ``KeyError``).

The server stops on ``close()``, when the environment is garbage collected, and when a request
is cut off before its whole answer was read (a Ctrl-C while a step is awaited, an output that is
not the protocol, code ``PROTOCOL``): every later call then raises :class:`ForTheKingError` with
code ``CLOSED``.

The server command is, in order: the ``command`` argument (a list, or a string split like a shell
would), the ``FOR_THE_KING_ENV_COMMAND`` environment variable (split the same way), ``for-the-king
env-server`` when it is on the PATH, else ``npx --no-install for-the-king env-server``. A command
that cannot start raises :class:`ForTheKingError` ``CLOSED`` naming it. ``close()`` waits 5 s at
most for the server to stop, then kills it.
"""

import copy
import weakref

import numpy as np

import for_the_king_protocol as protocol
from for_the_king_protocol import (
    ACTION_COUNT,
    ActionTypeError,
    Bridge,
    ForTheKingError,
    InvalidActionError,
    NotResetError,
    SeedError,
    UnknownAgentError,
    action_index,
    decode,
    default_command,
    options_text,
    seed_value,
    whole,
)

__all__ = [
    "ACTION_COUNT",
    "ActionTypeError",
    "Bridge",
    "ForTheKingEnv",
    "ForTheKingError",
    "ForTheKingParallelEnv",
    "InvalidActionError",
    "NotResetError",
    "SeedError",
    "UnknownAgentError",
    "VectorEnv",
    "action_index",
    "default_command",
    "env",
    "parallel_env",
]



class _Game:
    """What both Python APIs share: the bridge, the agent names, the spaces, the checks."""

    metadata = {"name": "for_the_king_v0", "render_modes": ["human"], "is_parallelizable": True}

    def _open(self, players, variants, reward, seed, command, render_mode, info_state):
        seed = seed_value(seed)  # checked before the server starts
        self.render_mode = render_mode
        make = {"cmd": "make", "players": whole(players), "reward": reward, "encoding": "base64"}
        if variants is not None:
            make["variants"] = variants
        if seed is not None:
            make["seed"] = seed
        if info_state:
            make["infoState"] = True
        options_text(make)  # options JSON cannot hold are refused before the server starts
        self._bridge = Bridge(command)
        self._id = 0
        #: A clone's finalizer, which drops it on the server once it is garbage collected (``None`` for the original).
        self._dropper = None
        try:
            info = self._bridge.request(**make)
        except BaseException:  # a refusal, Ctrl-C, an answer that is not the protocol: no server left running
            self._bridge.close()
            raise
        self.players = info["players"]
        self.observation_size = info["observationSize"]
        self.action_count = info["actionCount"]
        #: The observation's groups: ``[{"name", "offset", "size"}, ...]`` (see docs/env.md).
        self.layout = info["layout"]
        #: The card catalogue (``CARDS``: ``{"id", "kind", ...}`` by catalogue index) and the highest bid (the deck's size).
        self.cards = info["cards"]
        self.max_bid = info["maxBid"]
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self._seat = {name: p for p, name in enumerate(self.possible_agents)}
        self._spaces = None
        self._seed = seed
        self._started = False
        self._closed = False

    @property
    def num_agents(self):
        """How many agents are still in the game (PettingZoo)."""
        return len(self.agents)

    @property
    def max_num_agents(self):
        """The player count (PettingZoo)."""
        return len(self.possible_agents)

    def _request(self, **message):
        if self._closed:
            raise ForTheKingError("CLOSED", "the environment is closed")
        return self._bridge.request(env=self._id, **message)

    def _seat_of(self, agent):
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise UnknownAgentError(f"no agent {agent!r} in this game: the agents are {', '.join(self.possible_agents)}")
        return seat

    def _check_started(self, what):
        if not self._started:
            raise NotResetError(f"call reset() before {what}()")

    def _make_spaces(self):
        try:
            from gymnasium import spaces
        except ImportError:
            return None
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=15.0, shape=(self.observation_size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.action_count,), dtype=np.int8),
            }
        )
        return observation, spaces.Discrete(self.action_count)

    def observation_space(self, agent):
        """A gymnasium ``Dict`` space when gymnasium is installed, else a description of the shapes (the same object every call)."""
        self._seat_of(agent)
        if self._spaces is None:
            self._spaces = self._make_spaces() or (
                {"observation": (self.observation_size,), "action_mask": (self.action_count,)},
                self.action_count,
            )
        return self._spaces[0]

    def action_space(self, agent):
        """``Discrete(364)`` when gymnasium is installed, else the number of action indexes (the same object every call)."""
        self.observation_space(agent)
        return self._spaces[1]

    def _observation(self, answer):
        return {
            "observation": decode(answer["observation"], np.float32),
            "action_mask": decode(answer["mask"], np.uint8).astype(np.int8),
        }

    def info_state(self, agent):
        """``agent``'s information state: every token of what it saw since the game began (perfect recall), as int16.

        Needs ``info_state=True`` when the environment is made. The tokens are documented in
        docs/env.md (``INFO_TOKENS``).
        """
        self._check_started("info_state")
        answer = self._request(cmd="infoState", agent=self._seat_of(agent))
        return decode(answer["infoState"], np.int16)

    def global_state(self, agent):
        """**Privileged**: ``agent``'s global state, every hidden card included. For a centralised critic, never for an actor."""
        self._check_started("global_state")
        return decode(self._request(cmd="globalState", agent=self._seat_of(agent))["globalState"], np.float32)

    def action_of(self, action):
        """The action (as the library's JSON object) that index ``action`` means for the agent to act."""
        self._check_started("action_of")
        return self._request(cmd="action", action=action_index(action))["action"]

    def game_state(self):
        """**Privileged**: the full game state as JSON, hidden cards included (for logging and saves; never for a policy)."""
        self._check_started("game_state")
        return self._request(cmd="state")["state"]

    def close(self):
        """Stops the server (once the last clone sharing it is closed too)."""
        if not self._closed:
            self._closed = True
            if self._dropper is not None:
                self._dropper.detach()
            if self._id != 0:
                try:
                    self._bridge.request_within(protocol.CLOSE_WAIT, cmd="drop", env=self._id)
                except (ForTheKingError, OSError):
                    pass
            self._bridge.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _cloned(self):
        """A shallow copy of this wrapper on a new server-side clone of the game (same process)."""
        answer = self._request(cmd="clone")
        other = copy.copy(self)
        other._id = answer["env"]
        self._bridge.users += 1
        # Let go without close(), it is dropped on the server all the same.
        other._dropper = weakref.finalize(other, self._bridge.drop_later, other._id)
        return other


class _ForTheKingCore(_Game):
    """The AEC environment's methods, shared by the PettingZoo and the plain class."""

    metadata = {"name": "for_the_king_v0", "render_modes": ["human"], "is_parallelizable": True}

    def __init__(self, players=4, variants=None, reward="win", seed=None, command=None, render_mode=None, info_state=False):
        self._open(players, variants, reward, seed, command, render_mode, info_state)
        self.agents = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = None
        self._cache = {}
        self._last = None

    def _take_turn(self, answer):
        self._last = answer
        self._cache = {}
        done = answer["done"]
        for p, name in enumerate(self.possible_agents):
            if name not in self.rewards:
                continue
            reward = float(answer["rewards"][p])
            self.rewards[name] = reward
            self._cumulative_rewards[name] = self._cumulative_rewards.get(name, 0.0) + reward
            self.terminations[name] = bool(done)
        if done:
            self.agent_selection = self.agents[0] if self.agents else None
            for name in self.agents:
                self.infos[name] = {"points": answer["points"][self._seat[name]], "winners": list(answer["winners"])}
        else:
            agent = f"player_{answer['agent']}"
            self.agent_selection = agent
            self._cache[agent] = self._observation(answer)

    def _start_tables(self):
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._started = True

    def reset(self, seed=None, options=None):
        """Starts a game. With ``seed`` (an int or a string): a new run, whose first game has that seed.

        Without: the run's next game, never one already played (the run's games are ``seed``,
        ``f"{seed}/1"``, ``f"{seed}/2"``, ...); the first ``reset()`` starts the run of the
        constructor's ``seed`` (a random game without one).
        """
        request = {"cmd": "reset"}
        seed = seed_value(seed)
        if seed is None and not self._started:
            seed = self._seed  # the first reset starts the run the constructor named (its game 0)
        if seed is not None:
            request["seed"] = seed
        answer = self._request(**request)
        self._start_tables()
        self._take_turn(answer)

    def observe(self, agent):
        """``{"observation": float32[...], "action_mask": int8[364]}`` for ``agent`` (a mask of zeros unless it is to act)."""
        seat = self._seat_of(agent)
        self._check_started("observe")
        cached = self._cache.get(agent)
        if cached is None:
            cached = self._observation(self._request(cmd="observe", agent=seat))
            self._cache[agent] = cached
        return cached

    def last(self, observe=True):
        """``(observation, cumulative reward, termination, truncation, info)`` of the agent to act."""
        self._check_started("last")
        agent = self.agent_selection
        if agent is None:
            raise NotResetError("every agent is done: call reset() to play again")
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action):
        """Plays action index ``action`` for the agent to act; ``None`` for an agent whose game is over."""
        self._check_started("step")
        agent = self.agent_selection
        if agent is None:
            raise NotResetError("every agent is done: call reset() to play again")
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise InvalidActionError(f"the game is over for {agent}: step(None)")
            # PettingZoo's dead step: the agent leaves, with its entries; the next finished agent is selected.
            self.agents.remove(agent)
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                del table[agent]
            for name in self.rewards:
                self.rewards[name] = 0.0
            self.agent_selection = self.agents[0] if self.agents else None
            return
        if action is None:
            raise ActionTypeError(f"{agent} is still playing: step() needs an action index, not None")
        answer = self._request(cmd="step", action=action_index(action, self.action_count))
        self._cumulative_rewards[agent] = 0.0
        self._take_turn(answer)

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done (PettingZoo's loop)."""
        count = 0
        while self.agents and count < max_iter:
            yield self.agent_selection
            count += 1

    def clone(self):
        """A new, independent environment in exactly this position (OpenSpiel's ``clone``), on the same server process."""
        other = self._cloned()
        for name in ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos", "_cache"):
            setattr(other, name, copy.deepcopy(getattr(self, name)))
        return other

    def restore(self, snapshot):
        """Puts this environment back in the position of ``snapshot``, a ``clone()`` of it (or of a clone)."""
        if not isinstance(snapshot, _ForTheKingCore) or snapshot._bridge is not self._bridge:
            raise ForTheKingError("INVALID_OPTIONS", "restore takes an environment made by this one's clone()")
        self._request(cmd="restore", **{"from": snapshot._id})
        for name in ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos", "_cache", "_last"):
            setattr(self, name, copy.deepcopy(getattr(snapshot, name)))
        self.agent_selection = snapshot.agent_selection
        self._started = snapshot._started

    def load_state(self, save):
        """**Privileged**: continues from a game state or save (JSON object or text), checked by the server.

        Starts a fresh agent loop at that position; information states start there (what came
        before is unknown).
        """
        answer = self._request(cmd="load", save=save)
        self._start_tables()
        self._take_turn(answer)

    def render(self):
        """Prints the last answer's agent, step count and rewards."""
        if self._last is not None:
            print(f"step {self._last['steps']}: agent {self._last['agent']}, rewards {self._last['rewards']}")


try:
    from pettingzoo import AECEnv as _AECEnv
    from pettingzoo import ParallelEnv as _ParallelEnv
except ImportError:  # pettingzoo is optional
    _AECEnv = None
    _ParallelEnv = None

if _AECEnv is not None:

    class ForTheKingEnv(_ForTheKingCore, _AECEnv):
        """For the King (and Me) as a PettingZoo AEC environment."""

        def __init__(self, *args, **kwargs):
            _AECEnv.__init__(self)
            _ForTheKingCore.__init__(self, *args, **kwargs)

else:

    class ForTheKingEnv(_ForTheKingCore):
        """For the King (and Me) as a plain agent-loop environment (install pettingzoo for the AECEnv base class)."""


def env(**kwargs):
    """PettingZoo-style constructor: ``env(players=4)``."""
    return ForTheKingEnv(**kwargs)


def __getattr__(name):
    """The classes of the sibling modules, importable from here too (loaded on first use)."""
    if name in ("ForTheKingParallelEnv", "parallel_env"):
        import for_the_king_parallel

        return getattr(for_the_king_parallel, name)
    if name == "VectorEnv":
        import for_the_king_vector

        return for_the_king_vector.VectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
