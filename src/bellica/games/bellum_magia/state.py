"""The Bellum Magia state: castles and their creatures, stocks, the kingdom, piles, the day."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import Action, Outcome, State
from bellica.core.cards import PUBLIC, SECRET, Family, Zones
from bellica.core.events import Event
from bellica.core.stack import Task
from bellica.core.stack_driven import StackDriven

if TYPE_CHECKING:
    from bellica.games.bellum_magia.game import BellumMagia

# The steps of the game: the set-up, then each day's horde choice, attacks and recruiting.
SETUP, ROLL, ATTACK, RECRUIT, OVER = "setup", "roll", "attack", "recruit", "over"
PHASES = (SETUP, ROLL, ATTACK, RECRUIT, OVER)
PHASE_NAMES = {
    SETUP: "Set-up",
    ROLL: "Choose the active horde",
    ATTACK: "Attack",
    RECRUIT: "Recruit creatures",
    OVER: "game over",
}

# A lord's resources and the reserve's, by index (food and glyphs have the same index in a
# horde line: see rules.hordes).
FOOD, GLYPH, BARREL = 0, 1, 2
MAX_BARRELS = 2  # a lord never holds more
CHESTS_TO_END = 10  # after an attack phase, a lord holding this many ends the game


def zone_families(lords: int) -> list[Family]:
    """The zones of a game: each lord's castle, Goblins still to place, creatures under the
    left and the right, and chest stock (whose chests everyone can tell apart: their values
    are kept apart); the castles nobody took; the Goblins back in the box; the two face-down
    piles of each rank and the creature face up below each; the kingdom pile by layer (farms
    on top) with the Places of each kind left in the box; the Places face up, the Tavern and
    the discarded Places; the three chest piles."""
    return [
        Family("unchosen"),
        Family("castle", lords, PUBLIC, owned=True),
        Family("goblins", lords, PUBLIC, owned=True),
        Family("left", lords, PUBLIC, owned=True),
        Family("right", lords, PUBLIC, owned=True),
        Family("stock", lords, PUBLIC, owned=True),
        Family("goblin_box", 1, SECRET, pool="goblin"),
        Family("evil_pile", 2, SECRET, pool="evil"),
        Family("most_evil_pile", 2, SECRET, pool="most_evil"),
        Family("evil_row", 2),
        Family("most_evil_row", 2),
        Family("farms", 1, SECRET, pool="farm"),
        Family("villages", 1, SECRET, pool="village"),
        Family("towns", 1, SECRET, pool="town"),
        Family("farm_box", 1, SECRET, pool="farm"),
        Family("village_box", 1, SECRET, pool="village"),
        Family("town_box", 1, SECRET, pool="town"),
        Family("places"),
        Family("tavern"),
        Family("discard"),
        Family("wooden"),
        Family("metal"),
        Family("gold"),
    ]


class MagiaState(StackDriven, State):
    """One position of Bellum Magia. Zones hold uids (a pile's top is its last item); a chest's
    value is `value[uid]`, and `seen[seat]` holds the chests whose value that seat knows;
    `lines[lord]` are the lord's six horde lines summed; `stack` holds the work still to do,
    whose top is the decision being asked."""

    __slots__ = (
        "attacked",
        "captain",
        "castle",
        "day",
        "die",
        "discard",
        "evil_pile",
        "evil_row",
        "first",
        "goblin_box",
        "goblins",
        "held",
        "kingdom",
        "left",
        "lines",
        "magic_shields",
        "most_evil_pile",
        "most_evil_row",
        "phase",
        "piles",
        "places",
        "reason",
        "reserve",
        "right",
        "seen",
        "shields",
        "spells",
        "spells_used",
        "stack",
        "stock",
        "tavern",
        "unchosen",
        "value",
        "winners",
        "zones",
    )

    game: BellumMagia

    def __init__(self, game: BellumMagia, seed: int) -> None:
        super().__init__(game, seed)
        lords = game.players
        self.zones = Zones(game.layout)
        self._bind()
        self.first = 0  # the first day's Captain
        self.captain = 0
        self.day = 0  # days begun so far (the first day is day 1)
        self.phase = SETUP
        self.die = 0  # the face of the die today; 0 before the first roll of a day
        self.held = [[0, 0, 0] for _ in range(lords)]  # food, glyphs, barrels per lord
        self.reserve = list(game.reserve)
        self.shields = [0] * lords  # Shield tokens on each castle
        self.magic_shields = [0] * lords  # Magic Shield tokens
        self.spells = [0] * lords  # Confusion spells (Roll Again tokens)
        self.spells_used = [0] * lords  # turned face up today
        self.attacked = [False] * lords  # has made its attack today
        self.value = list(game.printed_values)  # each chest's value (-1: not a chest)
        self.seen = [0] * lords  # per seat, bit uid set: it knows that chest's value
        self.lines: list[tuple[tuple[int, ...], ...]] = [game.no_lines] * lords
        self.stack: list[Task] = []
        self.winners: tuple[int, ...] | None = None
        self.reason = ""

    def _bind(self) -> None:
        """Name the zones' lists as the rules read them (again at every clone)."""
        family = self.zones.family
        (self.unchosen,) = family("unchosen")
        self.castle = family("castle")
        self.goblins = family("goblins")
        self.left = family("left")
        self.right = family("right")
        self.stock = family("stock")
        (self.goblin_box,) = family("goblin_box")
        self.evil_pile = family("evil_pile")
        self.most_evil_pile = family("most_evil_pile")
        self.evil_row = family("evil_row")
        self.most_evil_row = family("most_evil_row")
        # The kingdom pile by layer, the top layer last: towns at the bottom, farms on top.
        self.kingdom = [family("towns")[0], family("villages")[0], family("farms")[0]]
        (self.places,) = family("places")
        (self.tavern,) = family("tavern")
        (self.discard,) = family("discard")
        self.piles = {k: family(k)[0] for k in ("wooden", "metal", "gold")}

    # -- reading the table -------------------------------------------------------------------
    def order(self) -> tuple[int, ...]:
        """Today's turn order: the Captain first, then clockwise."""
        return self.game.turn_orders[self.captain]

    def active(self, lord: int) -> tuple[int, ...]:
        """The lord's active horde line today: food, glyphs, maps, swords, magic, thieves."""
        return self.lines[lord][self.die - 1]

    def shield_of(self, lord: int) -> int:
        """A castle's defence against swords: its printed shield and its Shield tokens."""
        castle = self.castle[lord]
        return (self.game.shield[castle[0]] if castle else 0) + self.shields[lord]

    def knows(self, seat: int, uid: int) -> bool:
        """Whether `seat` knows the value of chest `uid`."""
        return bool(self.seen[seat] >> uid & 1)

    def wealth(self, lord: int) -> int:
        """The summed value of a lord's chests."""
        value = self.value
        return sum(value[u] for u in self.stock[lord])

    @property
    def rounds(self) -> int:
        """The days begun."""
        return self.day

    @property
    def timed_out(self) -> bool:
        """Ended by the house-rule limit (the reason its ending gives says so)."""
        from bellica.games.bellum_magia.rules.day import DAY_LIMIT

        return self.is_terminal and DAY_LIMIT in self.reason  # after the winners' words

    def seat_of(self, side: int) -> int:
        return side

    # -- the contract ----------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        from bellica.games.bellum_magia.rules.flow import legal_actions

        return legal_actions(self)

    def _apply(self, action: Action) -> None:
        from bellica.games.bellum_magia.rules.flow import apply_action

        apply_action(self, action)

    def _outcome(self) -> Outcome:
        assert self.winners is not None
        scores = tuple(float(self.wealth(lord)) for lord in range(self.game.players))
        return Outcome(winners=self.winners, scores=scores, reason=self.reason)

    def observation(self, seat: int) -> dict[str, Any]:
        from bellica.games.bellum_magia.view import observation

        return observation(self, seat)

    def _observation_tensor(self, seat: int, out: Any) -> None:
        from bellica.games.bellum_magia.tensor import observation_tensor

        observation_tensor(self, seat, out)

    def _describe(self, caused: list[tuple[Any, ...]]) -> list[Event]:
        from bellica.games.bellum_magia.events import events

        return events(self, caused)

    def position(self) -> str:
        from bellica.games.bellum_magia.notation import write_position

        return write_position(self)

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        from bellica.games.bellum_magia.view import resample_hidden

        resample_hidden(self, seat, rng)

    def _copy(self) -> MagiaState:
        new = MagiaState.__new__(MagiaState)
        new.zones = self.zones.copy()
        new._bind()
        new.first = self.first
        new.captain = self.captain
        new.day = self.day
        new.phase = self.phase
        new.die = self.die
        new.held = [row[:] for row in self.held]
        new.reserve = self.reserve[:]
        new.shields = self.shields[:]
        new.magic_shields = self.magic_shields[:]
        new.spells = self.spells[:]
        new.spells_used = self.spells_used[:]
        new.attacked = self.attacked[:]
        new.value = self.value  # shared until a determinization deals the values again
        new.seen = self.seen[:]
        new.lines = self.lines[:]  # each lord's lines are a tuple, replaced when they change
        new.stack = self.stack[:]
        new.winners = self.winners
        new.reason = self.reason
        return new

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._bind()
