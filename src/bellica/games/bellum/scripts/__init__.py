"""Scenario rules as objects: a script's hooks change the game; each does nothing by default.

The rules call these hooks at the moments a scenario may change; a two-player or team game
gets the plain `Script`, whose hooks leave everything as the rulebook says. Scenario ids and
card names appear only in the scripts, never in the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bellica.core import InvalidCardData

if TYPE_CHECKING:
    from bellica.games.bellum.cards import Effect
    from bellica.games.bellum.game import Bellum
    from bellica.games.bellum.state import BellumState


class Script:
    """The hooks a scenario may fill in. The defaults are the rulebook's own game."""

    id = ""
    title = ""
    opponent = ""  # who the scripted side is ("the Hells")
    player_city = ""
    can_buy = True
    can_attack = True

    def __init__(self) -> None:
        # Card texts the scenario changes, by (card number, trigger).
        self.overrides: dict[tuple[int, str], list[Effect]] = {}
        self.immune: frozenset[int] = frozenset()  # creatures nothing can hurt or destroy
        self.out_of_play: frozenset[int] = frozenset()  # cards in play that do not count
        self.powers: dict[int, int] = {}  # creatures' printed power in this scenario, by uid
        self.texts: dict[int, str] = {}  # cards' texts as this scenario plays them, by uid

    # -- setting up ----------------------------------------------------------------------
    def set_up(self, state: BellumState) -> None:
        """Put out the scenario's cards (the plain game sets up in `rules.setup`)."""

    # -- the player's turn ---------------------------------------------------------------
    def rally_start(self, state: BellumState, side: int) -> None:
        """Something that happens as `side`'s Rally phase begins."""

    def optional_rally(self, state: BellumState, uid: int) -> bool:
        """Whether a card's Rally ability may be left unused."""
        return False

    def condition_waived(self, state: BellumState, src: int) -> bool:
        """Whether a card's ability works even when its condition does not hold."""
        return False

    def hand_uses(self, state: BellumState, side: int) -> list[int]:
        """Cards `side` may use from hand outside the rulebook's plays."""
        return []

    def use_from_hand(self, state: BellumState, side: int, uid: int) -> None:
        """What using one of `hand_uses` does."""

    def for_sale(self, state: BellumState, side: int) -> list[int] | None:
        """What can be bought instead of the Olympus and Legend stacks (None: those stacks)."""
        return None

    # -- the assault ------------------------------------------------------------------------
    def forced_blocks(self, state: BellumState) -> bool:
        """Blocks the script makes before anyone chooses; True while a tie is being settled."""
        return False

    def after_blocks(self, state: BellumState) -> None:
        """Blocks the script makes after everyone has chosen."""

    def on_unblocked(self, state: BellumState, free: list[int]) -> bool:
        """What unblocked attackers do instead of pillaging; True when the script handled
        it."""
        return False

    # -- the scripted side ------------------------------------------------------------------
    def opponent_turn(self, state: BellumState) -> None:
        """The scripted side's whole turn (it has no seat to decide it)."""
        raise NotImplementedError(f"{type(self).__name__} has no scripted side")

    def pick(
        self, state: BellumState, side: int, src: int, effect: Effect, cands: list[int]
    ) -> list[int]:
        """Whom the scripted side's ability hits among `cands` (the player settles ties)."""
        return cands

    def discard(self, state: BellumState, side: int, amount: int) -> None:
        """What the scripted side discards when told to."""

    # -- the end ----------------------------------------------------------------------------
    def left_play(self, state: BellumState, uid: int) -> None:
        """A card left play (the scenario may end)."""

    def check_end(self, state: BellumState) -> bool:
        """Whether the scenario is won now (True: it ended the game)."""
        return False

    # -- the AI's view ------------------------------------------------------------------------
    def outlook(self, state: BellumState) -> float:
        """What the scenario's own way of losing makes urgent, for the player's heuristic."""
        return 0.0

    # -- what the player is told ------------------------------------------------------------
    objective = ""  # how the scenario is won and lost, in one or two sentences

    def rules(self) -> list[str]:
        """The scenario's own rules, a sentence each (none outside a scenario)."""
        return []

    def counters(self, state: BellumState) -> list[dict[str, Any]]:
        """The numbers the scenario turns on: each with its name, value, limit (None: none)
        and what it means."""
        return []

    def hook(self, name: str) -> Callable[..., Any] | None:
        """The bound hook when this script changes it, None when it keeps the default (the
        rules skip the call: some hooks are asked at every decision)."""
        if getattr(type(self), name) is getattr(Script, name):
            return None
        found: Callable[..., Any] = getattr(self, name)
        return found


S = TypeVar("S", bound=Script)


def bound(state: BellumState, kind: type[S]) -> S:
    """The game's script, which a scenario's own task knows to be of `kind`."""
    script = state.game.script
    assert isinstance(script, kind), f"{type(script).__name__} is not {kind.__name__}"
    return script


def script_for(game: Bellum, where: str) -> Script:
    """The script a variant plays by: a solo scenario's at the chosen difficulty, or the
    plain game's."""
    if not game.solo:
        return Script()
    from bellica.games.bellum.scenarios import load_scenario
    from bellica.games.bellum.scripts.hells import Hells
    from bellica.games.bellum.scripts.plague import Plague
    from bellica.games.bellum.scripts.troy import Troy

    scenario = load_scenario(game.variant, game.options["difficulty"], game.table)
    if scenario.player_city and scenario.player_city not in game.cities:
        raise InvalidCardData(f"{where}: {game.variant} needs the city of {scenario.player_city}")
    kinds = {script.id: script for script in (Hells, Plague, Troy)}
    return kinds[scenario.id](scenario)
