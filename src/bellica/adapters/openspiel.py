"""Our games as OpenSpiel Python games, registered as `bellica_<id>` when this is imported."""

from __future__ import annotations

import hashlib
import json
import math
import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel

import bellica
from bellica.adapters.configs import Config, configs
from bellica.core import Action, BellicaError, Game, GameInfo, IllegalAction, InvalidConfig, Rng
from bellica.core import State as BellicaCoreState
from bellica.core.events import Event
from bellica.core.options import Choice, Option, Switch, WholeNumber
from bellica.core.registry import game_info

PREFIX = "bellica_"
ENTROPY = -1
"""`rng_seed=-1`: the games' seeds come from the operating system (OpenSpiel's convention)."""

# The parameters every game has besides its options; the default seed makes a run reproducible.
_COMMON = ("players", "variant", "rng_seed", "cards")
_DEFAULT_SEED = 0
# What OpenSpiel's game strings ("name(key=value,...)") cannot hold in a value.
_UNWRITABLE = frozenset("(),=\n")
# What OpenSpiel reads back from a game string as a number or a switch, not as a string.
_NUMBER_CHARACTERS = frozenset("+-0123456789.")
_SWITCH_WORDS = frozenset({"true", "false"})
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


# -- names and parameters ------------------------------------------------------------------------
def short_name(game_id: str) -> str:
    """OpenSpiel's name for a bellica game: "bellica_imperio_bellum"."""
    return PREFIX + game_id.replace("-", "_")


def _spell(choice: str) -> str:
    """A choice as an OpenSpiel string parameter that a game string reads back as the same
    string: commas (which separate parameters) become hyphens ("Athens-Sparta") and a bare
    number gets a "#" ("#0"), lest OpenSpiel read it as an int."""
    text = choice.replace(",", "-")
    if set(text) <= _NUMBER_CHARACTERS or text.casefold() in _SWITCH_WORDS:
        text = "#" + text
    return text


def _folded(text: str) -> str:
    return "".join(text.split()).casefold()


def _spelled_default(option: Option) -> Any:
    """An option's default as an OpenSpiel parameter: an int, a bool or a (spelled) string."""
    if isinstance(option, Choice):
        spellings = [_spell(choice) for choice in option.choices]
        if len({_folded(s) for s in spellings}) != len(spellings):
            raise ValueError(f"option {option.key}: two choices are spelled alike for OpenSpiel")
        unwritable = [s for s in spellings if _UNWRITABLE & set(s)]
        if unwritable:
            raise ValueError(f"option {option.key}: OpenSpiel cannot write {unwritable[0]!r}")
        return _spell(option.default)
    if isinstance(option, WholeNumber | Switch):
        return option.default
    raise TypeError(f"option {option.key}: no OpenSpiel parameter for a {type(option).__name__}")


def parameter_specification(info: GameInfo) -> dict[str, Any]:
    """A game's OpenSpiel parameters with their defaults: `players`, `variant`, `rng_seed`,
    `cards` (a card file's path; "" for the game's own cards) and each option (whole numbers
    as ints, switches as bools, choices as strings)."""
    clash = [option.key for option in info.options if option.key in _COMMON]
    if clash:
        raise ValueError(f"{info.title}'s option {clash[0]} clashes with an OpenSpiel parameter")
    variant = info.variants[0]
    spec: dict[str, Any] = {
        "players": info.allowed_players(variant)[0],
        "variant": variant,
        "rng_seed": _DEFAULT_SEED,
        "cards": "",
    }
    spec.update({option.key: _spelled_default(option) for option in info.options})
    return spec


def parameters(config: Config) -> dict[str, Any]:
    """The OpenSpiel parameters of one configuration (its options spelled as OpenSpiel writes
    them), for `pyspiel.load_game(short_name(config.game_id), parameters(config))`."""
    info = game_info(config.game_id)
    out: dict[str, Any] = {"players": config.players, "variant": config.variant}
    for key, value in config.options.items():
        option = info.options[key]
        out[key] = _spell(option.check(value)) if isinstance(option, Choice) else value
    return out


def _option_value(option: Option, value: Any) -> Any:
    """The bellica value of an option given as an OpenSpiel parameter (spelled or not)."""
    if isinstance(option, Choice) and isinstance(value, str):
        wanted = _folded(value)
        for choice in option.choices:
            if wanted in (_folded(_spell(choice)), _folded(choice)):
                return choice
        spellings = ", ".join(_spell(choice) for choice in option.choices)
        raise InvalidConfig(f"parameter {option.key} must be one of {spellings}, not {value!r}")
    return value


def _whole(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value < 2**63:
        raise InvalidConfig(f"{name} must be a whole number from {least} up, not {value!r}")
    return value


def _configured(info: GameInfo, params: dict[str, Any]) -> tuple[Game, int]:
    """The bellica game and the seed of the game-level generator that `params` ask for."""
    spec = parameter_specification(info)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        known = ", ".join(spec)
        raise InvalidConfig(f"{info.title} has no parameter {unknown[0]!r}; parameters: {known}")
    values = {**spec, **params}
    seed = _whole("rng_seed", values["rng_seed"], ENTROPY)
    options = {option.key: _option_value(option, values[option.key]) for option in info.options}
    cards = values["cards"] or None
    game = bellica.load(info.id, values["players"], values["variant"], options, cards)
    return game, seed


def _canonical(game: Game, seed: int) -> dict[str, Any]:
    """The parameters of a loaded game as OpenSpiel shows them (`str(game)`): every value in
    its canonical form, so that `pyspiel.load_game(str(game))` loads the same game."""
    out: dict[str, Any] = {
        "players": game.players,
        "variant": game.variant,
        "rng_seed": seed,
        "cards": game.cards or "",
    }
    for option in game.info.options:
        value = game.options[option.key]
        out[option.key] = _spell(value) if isinstance(option, Choice) else value
    return out


def _length_bound(game: Game) -> int:
    """The most decisions a game can last (`Game.max_game_length`). OpenSpiel needs one: a
    game played without its round limit has none, and is refused saying so."""
    length = game.max_game_length
    if length is not None:
        return length
    info = game.info
    if not game.options.get(info.round_limit):
        why = f"with these options: set {info.round_limit} above 0"
    else:  # a card file whose turns can go on without end (the game's length.py says how)
        why = "with this card data: a turn could go on without end"
    raise InvalidConfig(
        f"OpenSpiel needs a bound on the length of a game, and {info.title} "
        f"({game.variant}, {game.players} players) has none {why}"
    )


# -- game types ------------------------------------------------------------------------------
def _game_type(info: GameInfo, perfect: bool, zero_sum: bool, loadable: bool = True) -> Any:
    kinds, utility = pyspiel.GameType.Information, pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"bellica: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # Dice, shuffles and draws are resolved inside an action from the state's own seeded
        # generator: OpenSpiel sees no chance nodes.
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=kinds.PERFECT_INFORMATION if perfect else kinds.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(info),
        default_loadable=loadable,
    )


def registered_type(info: GameInfo) -> Any:
    """The GameType registered for a game: zero-sum only if every configuration of it is (a
    loaded game's own type says what its configuration is), perfect information if the game
    hides nothing, default-loadable if its default options bound its length."""
    games = [config.load() for config in configs() if config.game_id == info.id]
    default = bellica.load(info.id)
    return _game_type(
        info,
        perfect=all(game.perfect_information for game in games),
        zero_sum=all(game.zero_sum for game in games),
        loadable=default.max_game_length is not None,
    )


def _game_info(game: Game) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=0,
        num_players=game.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if game.zero_sum else None,
        max_game_length=_length_bound(game),
    )


# -- the game ------------------------------------------------------------------------------
class BellicaGame(pyspiel.Game):  # type: ignore[misc]
    """One configured bellica game as OpenSpiel sees it: its type and sizes, a generator of
    game seeds (seeded by `rng_seed`), and the observers. Each bellica game registers a
    subclass naming it (`game_classes`)."""

    game_id: ClassVar[str]
    bellica_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = game_info(self.game_id)
        game, seed = _configured(info, dict(params or {}))
        game_type = _game_type(info, game.perfect_information, game.zero_sum)
        super().__init__(game_type, _game_info(game), _canonical(game, seed))
        self.bellica_game = game
        self._seeds = Rng(secrets.randbits(64) if seed == ENTROPY else seed)

    def new_initial_state(self) -> BellicaState:
        """A new game; its seed is drawn from this game's generator when it is first used."""
        return BellicaState(self)

    def next_seed(self) -> int:
        """The seed of the next game begun."""
        return self._seeds.next64()

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeatObserver | HistoryObserver:
        """What a seat sees (the default), or its information state (perfect recall)."""
        if params:
            raise ValueError(f"bellica's observers take no parameters, not {params}")
        if iig_obs_type is None:
            return SeatObserver(self.bellica_game.observation_shape)
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type.private_info != single or not iig_obs_type.public_info:
            raise ValueError(
                "bellica's games observe for one seat: public_info=True and "
                f"private_info=SINGLE_PLAYER, not {iig_obs_type}"
            )
        if iig_obs_type.perfect_recall:
            return HistoryObserver()
        return SeatObserver(self.bellica_game.observation_shape)

    def max_chance_nodes_in_history(self) -> int:
        return 0  # sampled chance adds nothing to the history

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string and where its generator of seeds has got to (OpenSpiel's
        own pickling needs a generator state that Python games cannot give it)."""
        return (BellicaGame._reloaded, (str(self), self._seeds.state))

    @staticmethod
    def _reloaded(game_string: str, seeds: int) -> BellicaGame:
        game: BellicaGame = pyspiel.load_game(game_string)
        game._seeds.state = seeds
        return game


# -- what seats see ------------------------------------------------------------------------
def _observation_json(state: BellicaCoreState, seat: int) -> str:
    observation = state.observation(seat)
    return json.dumps(observation, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _fold(digest: str, words: Iterable[str]) -> str:
    """`digest` followed by `words`, digested again: a seat's history, 32 hex digits."""
    data = "\x1f".join((digest, *words)).encode()
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _seen(seat: int, actor: int, said: str, public: str, events: Sequence[Event]) -> list[str]:
    """What `seat` read of one action: who acted, the action's words (its own text for the
    actor, the public words for the others), and each event as that seat reads it."""
    words = [str(actor), said if seat == actor else public]
    for event in events:
        words += (event.kind, event.text_for(seat), " ".join(event.marks_for(seat)))
        if event.dice:
            words.append(repr(event.dice))
    return words


def _unique_texts(legal: dict[int, Action]) -> dict[int, str]:
    """Each legal action's text; where two share a text, each gets its index as well."""
    counts: dict[str, int] = {}
    for action in legal.values():
        counts[action.text] = counts.get(action.text, 0) + 1
    return {
        index: action.text if counts[action.text] == 1 else f"{action.text} [{index}]"
        for index, action in legal.items()
    }


def _seed_from(sampler: Callable[[], float]) -> int:
    """A 64-bit seed from OpenSpiel's probability sampler (uniform draws in [0, 1))."""
    high, low = (int(sampler() * 2**32) & 0xFFFFFFFF for _ in range(2))
    return high << 32 | low


class _Play:
    """A bellica game in progress and the digest of what each seat has seen of it. OpenSpiel's
    Clone deep-copies a state's attributes: this one copies as a cheap clone, sharing the
    game."""

    __slots__ = (
        "_legal",
        "_observed",
        "_owner",
        "_state",
        "_texts",
        "digests",
    )

    def __init__(self, owner: BellicaGame) -> None:
        self._owner: BellicaGame | None = owner  # draws the seed at the start; None after
        self._set(None, ())

    @classmethod
    def _of(cls, state: BellicaCoreState, digests: tuple[str, ...]) -> _Play:
        """A game already started."""
        play = cls.__new__(cls)
        play._owner = None
        play._set(state, digests)
        return play

    def _set(self, state: BellicaCoreState | None, digests: tuple[str, ...]) -> None:
        self._state = state
        self.digests = digests
        self._legal: dict[int, Action] | None = None
        self._texts: dict[int, str] | None = None
        self._observed: dict[int, str] = {}  # each seat's observation JSON, once asked

    @property
    def state(self) -> BellicaCoreState:
        state = self._state
        if state is None:
            state = self._start()
        return state

    def _start(self) -> BellicaCoreState:
        owner = self._owner
        assert owner is not None
        state = self._state = owner.bellica_game.new_game(owner.next_seed())
        seats = range(owner.bellica_game.players)
        self.digests = tuple(_fold("", ("start", _observation_json(state, s))) for s in seats)
        self._owner = None
        return state

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    def returns(self) -> list[float]:
        return self.state.returns()  # 0 for every seat before the end

    def legal(self) -> dict[int, Action]:
        """The legal actions by index, in ascending order."""
        legal = self._legal
        if legal is None:
            if self.over:
                return {}
            state = self.state
            actions = state.legal_actions()
            by_index = {state.game.encode(action): action for action in actions}
            if len(by_index) != len(actions):
                raise BellicaError(f"two legal actions share an index in {state!r}")
            legal = self._legal = dict(sorted(by_index.items()))
        return legal

    def apply(self, index: int) -> None:
        """Play the legal action of this index (IllegalAction, and nothing changes, if none)."""
        action = self.legal().get(index)
        if action is None:
            raise IllegalAction(self._refusal(index))
        state = self.state
        actor = state.current_player
        assert actor is not None
        public = state.public_text(action)
        state.apply(action)
        events = state.events()
        self.digests = tuple(
            _fold(digest, _seen(seat, actor, action.text, public, events))
            for seat, digest in enumerate(self.digests)
        )
        self._legal = self._texts = None
        self._observed = {}

    def _refusal(self, index: int) -> str:
        if self.over:
            return f"the game is over; action {index} cannot be played"
        texts = list(self.texts().values())
        more = f" and {len(texts) - 6} more" if len(texts) > 6 else ""
        said = self.action_text(index)
        return f"action {index} ({said}) is not legal now; legal: {', '.join(texts[:6])}{more}"

    def texts(self) -> dict[int, str]:
        """The legal actions' texts by index, each different from the others."""
        texts = self._texts
        if texts is None:
            texts = self._texts = _unique_texts(self.legal())
        return texts

    def action_text(self, index: int) -> str:
        """A legal action's text, or for any other index its text in the game's action space."""
        text = self.texts().get(index)
        if text is None:
            try:
                text = self.state.game.decode(index, self.state).text
            except (BellicaError, IndexError, KeyError, ValueError):
                text = f"action {index}"
        return text

    def observation_json(self, seat: int) -> str:
        text = self._observed.get(seat)
        if text is None:
            text = self._observed[seat] = _observation_json(self.state, seat)
        return text

    def information_state(self, seat: int) -> str:
        """The seat's history digest, then what it sees now."""
        observed = self.observation_json(seat)  # (starts the game, which makes the digests)
        return f"seat {seat} history {self.digests[seat]}\n{observed}"

    def resampled(self, seat: int, seed: int) -> _Play:
        """A copy in which everything `seat` cannot see is dealt again; `seat` keeps its digest
        and every other seat gets a stand-in made from it, since their true ones are secret."""
        state = self.state.determinize(seat, seed)
        own = self.digests[seat]
        digests = tuple(
            own if other == seat else _fold(own, ("stand-in", str(other)))
            for other in range(len(self.digests))
        )
        return _Play._of(state, digests)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        state = self.state.clone()  # started first, so that both copies have the one seed
        copy = _Play._of(state, self.digests)
        copy._legal = self._legal  # never changed, only replaced: safe to share
        copy._texts = self._texts
        copy._observed = dict(self._observed)
        return copy

    def __getstate__(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "digests": self.digests,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self._owner = None
        self._set(data["state"], data["digests"])


# -- the state -----------------------------------------------------------------------------
class BellicaState(pyspiel.State):  # type: ignore[misc]
    """A bellica state as OpenSpiel sees it: action indices, each seat's strings and tensor,
    and resampling of what a seat cannot see (for ISMCTS)."""

    def __init__(self, game: BellicaGame) -> None:
        super().__init__(game)
        self._play = _Play(game)

    def current_player(self) -> int:
        play = self._play
        seat = None if play.over else play.state.current_player
        return TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._play.legal())

    def _apply_action(self, action: int) -> None:
        self._play.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._play.action_text(action)

    def is_terminal(self) -> bool:
        return self._play.over

    def returns(self) -> list[float]:
        return self._play.returns()

    def __str__(self) -> str:
        """The whole position in the game's notation (hidden cards too: for debugging)."""
        return self._play.state.position()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BellicaState:
        """A state `player_id` cannot tell from this one: whatever it cannot see dealt again
        (fresh dice too), its information state unchanged. OpenSpiel's Python ISMCTS calls it."""
        seed = _seed_from(probability_sampler)
        copy: BellicaState = self.clone()  # OpenSpiel's history and move number come along
        copy._play = self._play.resampled(player_id, seed)
        return copy

    # -- what the observers read ---------------------------------------------------------
    def observation_array(self, player: int) -> Any:
        """The seat's observation tensor (float32, in [0, 1], nothing hidden from it)."""
        return self._play.state.observation_tensor(player)

    def observation_json(self, player: int) -> str:
        """The seat's observation as JSON (keys sorted)."""
        return self._play.observation_json(player)

    def information_state_text(self, player: int) -> str:
        """The digest of all the seat has seen so far, then its observation now."""
        return self._play.information_state(player)

    @property
    def bellica_state(self) -> BellicaCoreState:
        """A copy of the bellica state (for evaluators: `game.heuristics`); changing it
        changes nothing here."""
        return self._play.state.clone()

    # -- copies ------------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> BellicaState:
        return self.clone()  # type: ignore[no-any-return]

    def __copy__(self) -> BellicaState:
        return self.clone()  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and OpenSpiel's serialization of the state."""
        return (_deserialized, (self.get_game(), self.serialize()))


def _deserialized(game: BellicaGame, text: str) -> BellicaState:
    state: BellicaState = game.deserialize_state(text)
    return state


# -- observers -------------------------------------------------------------------------------
class SeatObserver:
    """OpenSpiel's observation of a seat: its observation tensor, and as a string its
    observation in JSON."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BellicaState, player: int) -> None:
        self.dict["observation"][...] = state.observation_array(player)

    def string_from(self, state: BellicaState, player: int) -> str:
        return state.observation_json(player)


class HistoryObserver:
    """OpenSpiel's information state of a seat (perfect recall): a string only."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: BellicaState, player: int) -> None:
        return

    def string_from(self, state: BellicaState, player: int) -> str:
        return state.information_state_text(player)


# -- registration ----------------------------------------------------------------------------
game_classes: dict[str, type[BellicaGame]] = {}
"""The OpenSpiel game class of each registered bellica game, by bellica id."""


def _game_class(info: GameInfo) -> type[BellicaGame]:
    """`ImperioBellumGame`: what OpenSpiel calls to load the game. (A class, as OpenSpiel's own
    Python games register: a creator that only OpenSpiel holds, such as a lambda, is freed
    after the interpreter at exit, which aborts it.)"""
    name = "".join(part.title() for part in info.id.split("-")) + "Game"
    doc = f"{info.title} as an OpenSpiel game."
    namespace = {"game_id": info.id, "__doc__": doc, "__module__": __name__}
    return type(name, (BellicaGame,), namespace)


def register_all() -> list[str]:
    """Register with OpenSpiel every bellica game it does not know yet; the names registered.
    Importing this module does it, so a new bellica game needs no code here."""
    known = set(pyspiel.registered_names())
    names = []
    for info in bellica.games():
        name = short_name(info.id)
        if name not in known:
            cls = game_classes[info.id] = _game_class(info)
            pyspiel.register_game(registered_type(info), cls)
            names.append(name)
    return names


register_all()
