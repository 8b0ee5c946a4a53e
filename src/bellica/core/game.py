"""The game contract: `Game` (a configured ruleset) and `State` (one position of it)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from copy import deepcopy
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from bellica.core.action import Action
from bellica.core.errors import BellicaError, IllegalAction, InvalidConfig
from bellica.core.events import FORCED, Event
from bellica.core.options import Options, shown
from bellica.core.outcome import Outcome
from bellica.core.rng import Rng
from bellica.core.seating import Seating

if TYPE_CHECKING:
    from bellica.core.record import Record

SPECTATOR = -1
"""The seat number of someone who only watches: `observation(SPECTATOR)` is public information."""

# The parameters of an action that name what it touches as a drawing names it (a card's token,
# a square): a lone choice taken for a seat marks them, like the events its rules describe.
MARKED_PARAMS = ("card", "target", "square", "from", "to")


def marked(action: Action) -> tuple[str, ...]:
    """What `action` touched, as the browser's drawings name it (its card, its squares)."""
    return tuple(str(v) for k in MARKED_PARAMS if (v := action.get(k)) is not None)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What `bellica.games()` lists about one game."""

    id: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[str, ...]
    summary: str = ""
    player_counts: tuple[int, ...] = ()
    options: Options = field(default_factory=Options)
    variant_players: dict[str, tuple[int, ...]] = field(default_factory=dict)
    variant_titles: dict[str, str] = field(default_factory=dict)
    variant_descriptions: dict[str, str] = field(default_factory=dict)
    # The key of the house-rule option that ends a game after so many rounds (or days), "" if
    # the game has none: tools that cut games short (the adapters' tests, training) set it.
    round_limit: str = ""

    def variant_title(self, variant: str) -> str:
        """How menus name a variant: "Solo: the Siege of Troy" (its id if the game gives none)."""
        return self.variant_titles.get(variant, variant)

    def variant_description(self, variant: str) -> str:
        """A variant in one line: for a solo scenario, what you fight and how you win."""
        return self.variant_descriptions.get(variant, "")

    def allowed_players(self, variant: str | None = None) -> tuple[int, ...]:
        """The player counts the game (or one of its variants) is played with."""
        if variant is not None and variant in self.variant_players:
            return self.variant_players[variant]
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def default_variant(self, players: int | None) -> str:
        """The first variant played by `players` players (the first variant if None)."""
        if players is not None:
            for variant in self.variants:
                if players in self.allowed_players(variant):
                    return variant
        return self.variants[0]


class Game(ABC):
    """One game with its configuration: player count, variant, options and card data."""

    info: ClassVar[GameInfo]
    num_distinct_actions: int
    # MCTS's exploration constant unless a spec sets `c`: a game whose heuristic tells moves
    # apart by a few hundredths wants less exploring than one whose values spread widely.
    exploration: ClassVar[float] = 1.4
    # How many decisions of the playout policy MCTS plays from a new leaf before judging it,
    # unless a spec sets `rollout`; None: 0 (judge at once) for a game with a heuristic of its
    # own, 20 for one without. A game judged badly mid-turn sets its own depth.
    rollout_depth: ClassVar[int | None] = None
    # Whether every seat may see the whole state (no hidden hands, deck orders or face-down
    # cards): the learning adapters declare perfect information for such a game.
    perfect_information: ClassVar[bool] = False
    # Who sits where, in sides and teams; games with teams or scripted sides set their own.
    seating: Seating

    def __init__(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        cards: str | None = None,
    ) -> None:
        info = self.info
        if not isinstance(players, int | None) or isinstance(players, bool):
            raise InvalidConfig(f"the number of players must be a whole number, not {players!r}")
        if players is not None and players not in info.allowed_players():
            counts = ", ".join(map(str, info.allowed_players()))
            raise InvalidConfig(f"{info.title} is played by {counts} players, not {players}")
        variant = variant or info.default_variant(players)
        if variant not in info.variants:
            raise InvalidConfig(
                f"{info.title} has no variant {variant!r}; choose from {', '.join(info.variants)}"
            )
        allowed = info.allowed_players(variant)
        if players is None:
            players = allowed[0]
        if players not in allowed:
            counts = " or ".join(map(str, allowed))
            raise InvalidConfig(
                f"{info.title}'s {variant} variant is played by {counts} players, not {players}"
            )
        if options is not None and not isinstance(options, dict):
            raise InvalidConfig(f"options map option names to values, not {shown(options)}")
        self.players = players
        self.variant = variant
        self.options = self.check_options(info.options.check(info.title, options))
        self.cards = cards
        self.seating = Seating.duel(players)
        self.prepare()

    def prepare(self) -> None:
        """Load the game's data and build what its states share (after the config is checked);
        games override this rather than `__init__`. Nothing to do by default."""
        return

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Checks between options, once each has its canonical value (InvalidConfig)."""
        return options

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def zero_sum(self) -> bool:
        """Whether the returns of every ending add up to 0: two teams of equal size and no
        scripted side (a duel, two against two). Solo scenarios and free-for-alls of three or
        more are not: one winner's +1 is paid by several losers' -1."""
        seating = self.seating
        sizes = {len(members) for members in seating.members}
        return self.players > 1 and seating.teams == 2 and len(sizes) == 1 and not seating.scripted

    @property
    def max_game_length(self) -> int | None:
        """The most decisions one game can hold, all seats together, as the rules and the
        options allow: the set-up's and the round limit's rounds at their longest (OpenSpiel's
        `max_game_length`). None when nothing bounds it: no round limit, or a round the rules
        do not bound."""
        limit = self.options.get(self.info.round_limit, 0) if self.info.round_limit else 0
        rounds = self.max_round_decisions
        if not limit or rounds is None:
            return None
        return self.max_setup_decisions + limit * rounds

    @property
    def max_setup_decisions(self) -> int:
        """The most decisions the set-up can hold before the first round (games say)."""
        return 0

    @property
    def max_round_decisions(self) -> int | None:
        """The most decisions one round can hold, every seat's turn together, or None if the
        rules do not bound it (games derive it in their `length.py`)."""
        return None

    @abstractmethod
    def new_game(self, seed: int = 0) -> State:
        """The initial state; everything random follows from `seed`."""

    @abstractmethod
    def load_position(self, text: str) -> State:
        """A state from the game's position notation (raises InvalidPosition)."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Action:
        """The action that `action.to_json()` produced (raises IllegalAction if malformed)."""

    @abstractmethod
    def decode(self, index: int, state: State | None = None) -> Action:
        """The action with this index in the fixed action space."""

    def encode(self, action: Action) -> int:
        """The action's index in [0, num_distinct_actions)."""
        return action.index

    def heuristic(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat`, in [-1, 1]; games override this for agents."""
        if state.is_terminal:
            return state.returns()[seat]
        return 0.0

    def playout_action(self, state: State, rng: Rng) -> Action:
        """The action a fast default policy plays in MCTS rollouts; uniform unless a game
        knows better (a plausible policy makes rollouts tell good moves from bad)."""
        return rng.choice(state.legal_actions())

    def render(self, observation: dict[str, Any]) -> Any:
        """A rich renderable drawing of one seat's observation (the terminal board)."""
        import json

        return json.dumps(observation, indent=2)

    def heuristics(self, state: State) -> list[float]:
        """Every seat's `heuristic` at once; games override it when one pass serves all."""
        return [self.heuristic(state, seat) for seat in range(self.players)]

    def rules_text(self) -> str:
        """The game's own-words rules and rulings (Markdown)."""
        return f"# {self.info.title}\n\nNo rules summary yet."

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """How people name `seat`: "the attacker", "Athens", "Seat 3 (Troy, team 1)". Games
        whose roles are settled at the start of a game read them from `state`."""
        return f"Seat {seat}"

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of `state.observation_tensor(seat)`, the same for every state."""
        raise NotImplementedError(f"{self.info.title} has no observation tensor yet")

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its configuration: the copy is loaded afresh from it."""
        return (type(self), (self.players, self.variant, dict(self.options), self.cards))

    def __repr__(self) -> str:
        return f"<{self.info.title} players={self.players} variant={self.variant!r}>"


_EMPTY_HISTORY: tuple[Any, ...] = ()


class State(ABC):
    """One position. Subclasses implement the underscored hooks; this class keeps the contract:
    legality checks before any change, the action history for records, cached legal actions.
    """

    __slots__ = ("_history", "_legal", "caused", "game", "rng", "seed")

    game: Game
    seed: int
    rng: Rng

    # The action kinds that only pick what the next decision is about (a piece to move): a
    # table may let a player look before committing and send such an action together with its
    # follow-up (`follow_ups`). A selection kind must change nothing but what is picked: no
    # dice, no draw, nothing revealed.
    selection_kinds: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise InvalidConfig(f"a seed is a whole number from 0 to 2**64 - 1, not {shown(seed)}")
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self._history: tuple[Any, ...] = _EMPTY_HISTORY  # (earlier, action) pairs: O(1) clone
        self._legal: list[Action] | None = None
        # What the last action caused, as the game noted it: small tuples, cheap to make in a
        # playout; `events()` turns them into words only when someone asks.
        self.caused: list[tuple[Any, ...]] = []

    # -- the hooks a game implements ------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now; None when the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions, in a deterministic order (non-empty unless terminal)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already checked)."""

    @abstractmethod
    def _outcome(self) -> Outcome:
        """How the game ended (called only once terminal)."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Everything `seat` may know, as a JSON-able dict, and nothing more; for `SPECTATOR`,
        only what every player knows (no hand, no deck order)."""

    @abstractmethod
    def _copy(self) -> State:
        """A copy of the game-specific fields (the base fields are copied by `clone`)."""

    @abstractmethod
    def position(self) -> str:
        """The state in the game's position notation."""

    def _describe(self, caused: list[tuple[Any, ...]]) -> list[Event]:
        """The events behind what the game noted in `caused`; games override this."""
        return []

    def _observation_tensor(self, seat: int, out: Any) -> None:
        """Fill `out` (zeros, of `game.observation_shape`) with what `seat` knows."""
        raise NotImplementedError(f"{self.game.info.title} has no observation tensor yet")

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Resample, in this copy, whatever `seat` cannot know. Future dice are always unknown,
        so `determinize` always gives the copy a fresh random generator; games with hidden
        cards or chests override this to reshuffle them."""
        return

    # -- the contract ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal else self._legal_actions()
        return list(legal)

    def is_legal(self, action: Action) -> bool:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal else self._legal_actions()
        return action in legal

    def apply(self, action: Action) -> None:
        """Carry out `action` in place; an illegal one raises IllegalAction and changes nothing."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal else self._legal_actions()
        for candidate in legal:  # games intern their actions: identity is the fast path
            if candidate is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self._illegal_message(action))
        self._legal = None
        self.caused = []
        self._apply(action)
        self._history = (self._history, action)

    def public_text(self, action: Action) -> str:
        """The words every other seat may read for `action`, a legal action about to be taken
        here: its own text, unless that names something only the deciding seat may know (a
        card returned to a secret deck) — then the game's wording without it
        (`_public_words`). Logs and announcements show the others these words."""
        return self._public_words(action) or action.text

    def _public_words(self, action: Action) -> str | None:
        """The words for others where `action`'s text tells a secret; None when it does not
        (games override this)."""
        return None

    def follow_ups(self, action: Action) -> list[Action]:
        """The decisions open to the same seat once `action` is taken, if it is a legal action
        of a selection kind (see `selection_kinds`); otherwise none. This state is unchanged."""
        if action.kind not in self.selection_kinds or not self.is_legal(action):
            return []
        after = self.clone()
        after.apply(action)
        if after.current_player != self.current_player:
            return []
        return after.legal_actions()

    def cache_legal(self, legal: list[Action]) -> None:
        """Keep the legal actions the rules just worked out for this very state, so that
        `legal_actions` does not work them out again (games call this from their driver)."""
        self._legal = legal

    def outcome(self) -> Outcome:
        """How the game ended: winners, scores and the reason; raises BellicaError before."""
        if not self.is_terminal:
            raise BellicaError(
                f"{self.game.info.title} is not over yet (move {self.move_count}, "
                f"seat {self.current_player} to play): it has no outcome"
            )
        return self._outcome()

    def events(self) -> list[Event]:
        """What the last action caused, in order: public text, each seat's private text where
        it saw more, and the dice of any fight. Empty before the first action."""
        out: list[Event] = []
        batch: list[tuple[Any, ...]] = []
        for item in self.caused:
            if item[0] == FORCED:  # a lone choice the rules took for a seat
                out += self._describe(batch)
                batch = []
                _, seat, action = item
                said = f"{self.seat_label(seat)}: {action}"
                # Only the seat learns it had no other choice: that can tell what it holds.
                mine = ((seat, f"{said} (the only choice)"),)
                facts = (("seat", seat), ("action", action.text))
                out.append(Event(FORCED, said, mine, facts=facts, marks=marked(action)))
            else:
                batch.append(item)
        return out + self._describe(batch)

    def seat_label(self, seat: int) -> str:
        """How people name `seat` in this game ("the attacker", "Athens")."""
        return self.game.seat_label(seat, self)

    def observation_tensor(self, seat: int) -> Any:
        """What `seat` knows as a numpy array of `game.observation_shape` (float32, every value
        in [0, 1]); like `observation`, it holds nothing the seat may not know."""
        from bellica.core.tensors import blank

        out = blank(self.game.observation_shape)
        self._observation_tensor(seat, out)
        return out

    def legal_mask(self) -> Any:
        """A numpy int8 array of length `game.num_distinct_actions`: 1 where an action is legal."""
        from bellica.core.tensors import mask

        return mask(self.game.num_distinct_actions, [a.index for a in self.legal_actions()])

    def __repr__(self) -> str:
        info = self.game.info
        where = f"{info.title} ({self.game.variant}, {self.game.players}p)"
        if self.is_terminal:
            return f"<{where} state: over after {self.move_count} moves>"
        return f"<{where} state: move {self.move_count + 1}, seat {self.current_player} to play>"

    # -- pickling and deep copies: the history chain is stored flat ------------------------
    def __getstate__(self) -> dict[str, Any]:
        state: dict[str, Any] = {}
        for cls in type(self).__mro__:
            for name in cls.__dict__.get("__slots__", ()):
                if name not in state and hasattr(self, name):
                    state[name] = getattr(self, name)
        state["_history"] = tuple(self.actions())
        state["_legal"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        history: tuple[Any, ...] = _EMPTY_HISTORY
        for action in state.pop("_history"):
            history = (history, action)
        for name, value in state.items():
            setattr(self, name, value)
        self._history = history

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        memo[id(self.game)] = self.game  # the ruleset is shared, never copied
        copy = type(self).__new__(type(self))
        memo[id(self)] = copy
        copy.__setstate__(deepcopy(self.__getstate__(), memo))
        return copy

    def _illegal_message(self, action: object) -> str:
        if self.is_terminal:
            return f"the game is over; {action} cannot be played"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        return f"{action} is not legal now ({self._legal_summary()})"

    def _legal_summary(self) -> str:
        legal = self.legal_actions()
        shown = ", ".join(map(str, legal[:6]))
        more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
        return f"legal: {shown}{more}"

    def returns(self) -> list[float]:
        """Per seat: +1 for a winner, -1 for a loser, 0 for everyone in a draw. A victory that
        every seat of a table of several shares is a draw here: were it +1 for all, searching
        and learning agents would steer together for the tie instead of playing to win."""
        players = self.game.players
        if not self.is_terminal:
            return [0.0] * players
        winners = self.outcome().winners
        if not winners or (players > 1 and len(winners) == players):
            return [0.0] * players
        return [1.0 if seat in winners else -1.0 for seat in range(players)]

    def clone(self) -> State:
        copy = self._copy()
        copy.game = self.game
        copy.seed = self.seed
        copy.rng = self.rng.clone()
        copy._history = self._history
        copy._legal = self._legal
        copy.caused = self.caused
        return copy

    def determinize(self, seat: int, rng: int | random.Random | Rng) -> State:
        """A copy in which everything `seat` cannot know is resampled from `rng`."""
        source = Rng.from_any(rng)
        copy = self.clone()
        copy.rng = Rng(source.next64())
        copy._resample_hidden(seat, source)
        copy._legal = None
        return copy

    def actions(self) -> list[Action]:
        """The actions applied since the initial state, oldest first."""
        out: list[Action] = []
        node = self._history
        while node:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    @property
    def rounds(self) -> int | None:
        """The rounds (or days) begun so far, where the game counts them: the lab's length
        of a game in the rulebook's own unit. None for a game without rounds."""
        return None

    @property
    def timed_out(self) -> bool:
        """Whether a house-rule limit (of rounds, turns or days) ended the game rather than its
        own rules: the lab counts such endings apart, as timeouts."""
        return False

    @property
    def move_count(self) -> int:
        """How many actions have been applied."""
        count, node = 0, self._history
        while node:
            node = node[0]
            count += 1
        return count

    def record(self) -> Record:
        """The game so far as a record: its config, seed and actions."""
        from bellica.core.config import GameConfig  # (both know Game: imported on use)
        from bellica.core.record import Record

        config = replace(GameConfig.of_game(self.game), source=None)
        return Record(config, self.seed, [a.to_json() for a in self.actions()])

    @property
    def mid_move(self) -> bool:
        """True while the current decision completes an earlier one by the same seat (a piece
        is picked and its destination is being chosen); greedy agents look through these."""
        return False
