"""For the King (and Me) through PettingZoo's parallel API (standard library and numpy only).

    from for_the_king_parallel import ForTheKingParallelEnv

    env = ForTheKingParallelEnv(players=4)
    observations, infos = env.reset(seed=1)
    while env.agents:
        actions = {}
        for agent, obs in observations.items():
            legal = obs["action_mask"].nonzero()[0]
            if len(legal):                   # only the agent to act has legal actions
                actions[agent] = int(legal[0])
        observations, rewards, terminations, truncations, infos = env.step(actions)
    env.close()

The game is turn-based: every step, exactly one agent (the one whose ``action_mask`` is not all
zeros) acts. ``step`` needs that agent's action and ignores the others' entries, so the usual
"an action for every live agent" loop works as it is. Every agent receives its observation on
every step, a reward of 0 until the step that ends the game, and then its final reward with
``terminations`` all ``True`` and ``infos[agent]`` holding the final ``points`` and ``winners``;
``agents`` is then empty. It is a PettingZoo ``ParallelEnv`` when ``pettingzoo`` can be imported.
"""

import numpy as np

from for_the_king_env import (
    ActionTypeError,
    InvalidActionError,
    NotResetError,
    _Game,
    _ParallelEnv,
    action_index,
    decode,
    seed_value,
)

__all__ = ["ForTheKingParallelEnv", "parallel_env"]


class _ParallelCore(_Game):
    """The parallel environment's methods, shared by the PettingZoo and the plain class."""

    metadata = {"name": "for_the_king_parallel_v0", "render_modes": ["human"], "is_parallelizable": True}

    def __init__(self, players=4, variants=None, reward="win", seed=None, command=None, render_mode=None, info_state=False):
        self._open(players, variants, reward, seed, command, render_mode, info_state)
        self.agents = []
        self._acting = None
        self._last = None

    def _observations(self, answer):
        return {
            name: {
                "observation": decode(answer["observations"][p], np.float32),
                "action_mask": decode(answer["masks"][p], np.uint8).astype(np.int8),
            }
            for p, name in enumerate(self.possible_agents)
        }

    def reset(self, seed=None, options=None):
        """Starts a game and returns ``(observations, infos)``; ``seed`` as in ``ForTheKingEnv.reset``."""
        request = {"cmd": "reset", "seats": "all"}
        seed = seed_value(seed)  # as the AEC environment: np.int64 passes, a bool or 2**60 is a SeedError
        if seed is None and not self._started:
            seed = self._seed  # the first reset starts the run the constructor named
        if seed is not None:
            request["seed"] = seed
        answer = self._request(**request)
        self._started = True
        self.agents = list(self.possible_agents)
        self._last = answer
        self._acting = f"player_{answer['agent']}"
        return self._observations(answer), {name: {} for name in self.agents}

    def step(self, actions):
        """Plays the acting agent's entry of ``actions`` (a dict by agent name; the other entries are ignored).

        Returns ``(observations, rewards, terminations, truncations, infos)``, each a dict by agent.
        """
        self._check_started("step")
        if not self.agents:
            raise NotResetError("the game is over: call reset() to play again")
        if not isinstance(actions, dict):
            raise ActionTypeError(f"actions is a dict from agent name to action index, got {type(actions).__name__}")
        for name in actions:
            self._seat_of(name)
        action = actions.get(self._acting)
        if action is None:
            raise InvalidActionError(f"actions needs an action for {self._acting}, the agent to act")
        answer = self._request(cmd="step", action=action_index(action, self.action_count), seats="all")
        self._last = answer
        done = bool(answer["done"])
        names = list(self.agents)
        observations = self._observations(answer)
        rewards = {name: float(answer["rewards"][self._seat[name]]) for name in names}
        terminations = {name: done for name in names}
        truncations = {name: False for name in names}
        if done:
            infos = {name: {"points": answer["points"][self._seat[name]], "winners": list(answer["winners"])} for name in names}
            self.agents = []
            self._acting = None
        else:
            infos = {name: {} for name in names}
            self._acting = f"player_{answer['agent']}"
        return observations, rewards, terminations, truncations, infos

    def state(self):
        """**Privileged**: the global state from ``player_0``'s seat (every hidden card). For centralised critics only."""
        return self.global_state(self.possible_agents[0])

    def render(self):
        """Prints the last answer's agent, step count and rewards."""
        if self._last is not None:
            print(f"step {self._last['steps']}: agent {self._last['agent']}, rewards {self._last['rewards']}")


if _ParallelEnv is not None:

    class ForTheKingParallelEnv(_ParallelCore, _ParallelEnv):
        """For the King (and Me) as a PettingZoo parallel environment."""

else:

    class ForTheKingParallelEnv(_ParallelCore):
        """For the King (and Me) through PettingZoo's parallel API (install pettingzoo for the ParallelEnv base class)."""


def parallel_env(**kwargs):
    """PettingZoo-style constructor: ``parallel_env(players=4)``."""
    return ForTheKingParallelEnv(**kwargs)
