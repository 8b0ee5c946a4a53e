"""A tiny game with hidden information and chance, for testing the engine and the agents."""

from __future__ import annotations

from typing import Any

from bellica.core import Action, Game, GameInfo, IllegalAction, InvalidPosition, Outcome, State
from bellica.core.rng import Rng

# Pebbles: a public pile; each seat holds a secret number 1-3, dealt from a shuffled deck.
# On your turn take 1 or 2 pebbles, or once per game reveal your secret and take that many
# (at most what is left). Whoever takes the last pebble wins.

_ACTIONS = [
    Action("take", {"count": 1}, 0, "Take 1"),
    Action("take", {"count": 2}, 1, "Take 2"),
    Action("reveal", {}, 2, "Reveal secret and take it"),
]


class PebblesState(State):
    __slots__ = ("pile", "player", "secrets", "used", "winner")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        deck = [1, 2, 3, 1, 2, 3]
        self.rng.shuffle(deck)
        self.secrets = deck[: game.players]
        self.pile = 7 + self.rng.below(6)
        self.player = 0
        self.used = [False] * game.players
        self.winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.player

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    def _legal_actions(self) -> list[Action]:
        out = [_ACTIONS[0]]
        if self.pile >= 2:
            out.append(_ACTIONS[1])
        if not self.used[self.player]:
            out.append(_ACTIONS[2])
        return out

    def _apply(self, action: Action) -> None:
        if action.kind == "reveal":
            self.used[self.player] = True
            take = min(self.secrets[self.player], self.pile)
        else:
            take = action.get("count")
        self.pile -= take
        if self.pile == 0:
            self.winner = self.player
        else:
            self.player = (self.player + 1) % self.game.players

    def _outcome(self) -> Outcome:
        assert self.winner is not None
        scores = tuple(1.0 if s == self.winner else 0.0 for s in range(self.game.players))
        return Outcome((self.winner,), scores, "took the last pebble")

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "to_play": self.current_player,
            "my_secret": self.secrets[seat],
            "revealed": [
                self.secrets[s] if self.used[s] else None for s in range(self.game.players)
            ],
        }

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        hidden = [s for s in range(self.game.players) if s != seat and not self.used[s]]
        deck = [1, 2, 3, 1, 2, 3]
        for s in range(self.game.players):
            if s not in hidden:
                deck.remove(self.secrets[s])
        rng.shuffle(deck)
        for s, value in zip(hidden, deck, strict=False):
            self.secrets[s] = value

    def _copy(self) -> PebblesState:
        copy = PebblesState.__new__(PebblesState)
        copy.pile, copy.player, copy.winner = self.pile, self.player, self.winner
        copy.secrets, copy.used = list(self.secrets), list(self.used)
        return copy

    def position(self) -> str:
        secrets = ",".join(map(str, self.secrets))
        used = ",".join("1" if u else "0" for u in self.used)
        return f"{self.pile} {self.player} {secrets} {used}"


class Pebbles(Game):
    info = GameInfo("pebbles", "Pebbles", 2, 3, ("standard",))
    num_distinct_actions = 3

    def new_game(self, seed: int = 0) -> PebblesState:
        return PebblesState(self, seed)

    def load_position(self, text: str) -> PebblesState:
        try:
            pile, player, secrets, used = text.split()
            state = PebblesState(self, 0)
            state.pile, state.player = int(pile), int(player)
            state.secrets = [int(x) for x in secrets.split(",")]
            state.used = [x == "1" for x in used.split(",")]
        except ValueError as err:
            raise InvalidPosition(f"bad pebbles position {text!r}: {err}") from None
        return state

    def action_from_json(self, data: Any) -> Action:
        for action in _ACTIONS:
            if action.to_json() == data:
                return action
        raise IllegalAction(f"not a pebbles action: {data!r}")

    def decode(self, index: int, state: State | None = None) -> Action:
        if not 0 <= index < len(_ACTIONS):
            raise IllegalAction(f"no action {index}")
        return _ACTIONS[index]

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, PebblesState)
        if state.is_terminal:
            return state.returns()[seat]
        # Leaving a multiple of 3 to the opponent wins in plain Nim(1,2).
        mover_good = state.pile % 3 != 0
        good_for_seat = mover_good == (state.player == seat)
        return 0.5 if good_for_seat else -0.5
