"""The Para Bellum state: decks, hands, the Battle Line, each army's grid and dice, the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import Action, Outcome, State
from bellica.core.cards import PRIVATE, PUBLIC, SECRET, Family, Zones
from bellica.core.events import Event
from bellica.core.stack import Task
from bellica.core.stack_driven import StackDriven

if TYPE_CHECKING:
    from bellica.games.para_bellum.game import ParaBellum
    from bellica.games.para_bellum.heuristics import Troops

SETUP, ARMY, ACTIONS, OVER = "setup", "army", "actions", "over"
PHASES = (SETUP, ARMY, ACTIONS, OVER)
PHASE_NAMES = {
    SETUP: "Set-up",
    ARMY: "Army phase",
    ACTIONS: "Action phase",
    OVER: "game over",
}

# The army grid: rows -1 (below the Starting card) to +2, columns -4 to +4.
ROWS = (-1, 0, 1, 2)
COLUMNS = tuple(range(-4, 5))
WIDTH = len(COLUMNS)
CELLS = len(ROWS) * WIDTH  # 36
START_CELL = (0 + 1) * WIDTH + 4  # row 0, column 0
JUNCTIONS = (len(ROWS) - 1) * WIDTH  # the red slots: the junction above each cell of rows -1..1
EVERY_SHAPE = (1 << 20) - 1  # every Army card shape: five colours, each edge open or closed
EMPTY = -1
MAX_RED, MAX_GREY = 5, 10
HAND_LIMIT = 7
FIVE_COLOURS_VP = 5


def cell_of(row: int, column: int) -> int:
    return (row + 1) * WIDTH + (column + 4)


def row_column(cell: int) -> tuple[int, int]:
    return cell // WIDTH - 1, cell % WIDTH - 4


def cell_words(cell: int) -> str:
    """ "row 1, column -2"."""
    row, column = row_column(cell)
    return f"row {row:+d}, column {column:+d}".replace("+0", "0")


def zone_families(players: int) -> list[Family]:
    """The zones: the four decks (secret), the Battle Line, the current Event and the used
    ones, the discarded Command cards, the Battle card and the Alliance cards in play, the
    cards left in the box; per player the hand and the objectives (private), the army and the
    permanents (public)."""
    return [
        Family("army_deck", 1, SECRET, pool="army"),
        Family("command_deck", 1, SECRET, pool="command"),
        Family("event_deck", 1, SECRET, pool="event"),
        Family("objective_deck", 1, SECRET, pool="objective"),
        Family("battle_line"),
        Family("event"),
        Family("events_done"),
        Family("discard"),
        Family("battle"),
        Family("alliances"),
        Family("box"),
        Family("hand", players, PRIVATE, owned=True),
        Family("objectives", players, PRIVATE, owned=True),
        Family("army", players, PUBLIC, owned=True),
        Family("permanents", players, PUBLIC, owned=True),
    ]


SHARED_ZONES = 11  # zone_families' shared zones, before the four families of one per player


class ParaState(StackDriven, State):
    """One position of Para Bellum. Zones hold card uids; each army's grid is `grid[side]`
    (cell → uid, EMPTY for none), its dice `grey[side][cell]`, `red[side][junction]` (0: an
    empty slot, each colour tallied in `grey_count`, `grey_pips`, `grey_best` and the red
    ones) and `general[side]`; `banner[side][type]` is the slot a banner sits on ("" when
    unused); `stack` holds the work still to do, whose top is the decision being asked."""

    __slots__ = (
        "acting",
        "actions_left",
        "active",
        "alliances",
        "army",
        "army_deck",
        "banner",
        "battle",
        "battle_line",
        "bigs",
        "blazons",
        "box",
        "coins",
        "colour",
        "command_deck",
        "disabled",
        "discard",
        "ending",
        "event",
        "event_deck",
        "events_done",
        "first",
        "force",
        "general",
        "grey",
        "grey_best",
        "grey_count",
        "grey_pips",
        "grid",
        "hand",
        "known",
        "legion_take",
        "legions",
        "met",
        "objective_deck",
        "objectives",
        "occupied",
        "open_troops",
        "permanents",
        "phase",
        "reason",
        "recount",
        "red",
        "red_best",
        "red_count",
        "red_pips",
        "revealed",
        "room",
        "round",
        "runner",
        "scores",
        "shared",
        "stack",
        "tucked",
        "turn",
        "unmet",
        "used",
        "vp",
        "winners",
        "zones",
    )

    game: ParaBellum

    def __init__(self, game: ParaBellum, seed: int) -> None:
        super().__init__(game, seed)
        players = game.players
        self.zones = Zones(game.layout)
        self._bind()
        self.first = 0
        self.active = 0
        self.turn = 0  # turns begun (the first player's first turn is 1)
        self.round = 0
        self.phase = SETUP
        self.ending = -1  # the Ending Player, once the end is triggered
        self.colour = [""] * players  # each player's starting colour
        # Each army's grid, and per cell the Army card shapes (rules.grid.SHAPES) the cards
        # beside and below it leave room for: both replaced, never changed in place, when a
        # card comes or goes (rules.grid.occupy), so copies share them.
        self.grid = [[EMPTY] * CELLS for _ in range(players)]
        self.room = [[EVERY_SHAPE] * CELLS for _ in range(players)]
        self.occupied = [0] * players  # per army, bit `cell` set when a card lies there
        self.grey = [[0] * CELLS for _ in range(players)]
        self.red = [[0] * JUNCTIONS for _ in range(players)]
        self.general = [0] * players
        # Each army's dice tallied where a die changes (rules.dice.put_face): how many grey and
        # red dice, their pips, and the best face (-1: to work out again, see best_face).
        self.grey_count = [0] * players
        self.grey_pips = [0] * players
        self.grey_best = [0] * players
        self.red_count = [0] * players
        self.red_pips = [0] * players
        self.red_best = [0] * players
        self.banner = [dict.fromkeys(game.banner_types, "") for _ in range(players)]
        self.coins = [0] * players
        self.vp = [0] * players  # victory-point tokens
        self.blazons = [0] * players  # bit per colour index
        self.legions = [0] * players  # complete Legions in each army (worked out from the grid)
        self.bigs = [0] * players  # of them, Big Legions
        self.actions_left = 0
        self.used: list[int] = []  # permanents whose action was used this turn
        self.disabled: list[int] = []  # permanents face down until their owner's turn ends
        self.legion_take = False  # the turn's one Command card for a Legion die of 1 or 2
        self.met: list[list[int]] = [[] for _ in range(players)]  # objectives fulfilled
        # rules.scoring.unmet_objectives, kept until an objective is met, dealt, put back or
        # dealt again (None: to work out again).
        self.unmet: list[Any] | None = None
        # Whether something an objective counts (dice, coins, banners, the army, Legions,
        # Permanents) may have changed since the objectives were last checked.
        self.recount = True
        self.revealed: list[int] = []  # secret objectives turned face up
        self.shared: list[int] = []  # 4 players: each team's Shared Objective
        self.known: list[list[int]] = [[] for _ in range(players)]  # hand cards all saw taken
        self.tucked: list[list[int]] = [[] for _ in range(players)]  # put under the Army deck
        self.runner = [0] * players  # 4 players: each runner's distance from home
        self.force: list[dict[str, int] | None] = [None] * players  # rules.modifiers
        self.acting: list[list[int] | None] = [None] * players  # rules.modifiers
        # heuristics.open_troops of each army (as heuristics.Troops), kept until a card joins
        # or leaves it (None: to work out again).
        self.open_troops: list[Troops | None] = [None] * players
        self.stack: list[Task] = []
        self.winners: tuple[int, ...] | None = None
        self.scores: tuple[float, ...] = ()
        self.reason = ""

    def _bind(self) -> None:
        """The zones' lists by name, in zone_families' order."""
        lists = self.zones.lists
        (
            self.army_deck,
            self.command_deck,
            self.event_deck,
            self.objective_deck,
            self.battle_line,
            self.event,
            self.events_done,
            self.discard,
            self.battle,
            self.alliances,
            self.box,
        ) = lists[:SHARED_ZONES]
        players = (len(lists) - SHARED_ZONES) // 4
        hands = SHARED_ZONES
        self.hand = lists[hands : hands + players]
        self.objectives = lists[hands + players : hands + 2 * players]
        self.army = lists[hands + 2 * players : hands + 3 * players]
        self.permanents = lists[hands + 3 * players :]

    @property
    def rounds(self) -> int:
        """The rounds begun (each starts with its Event)."""
        return self.round

    @property
    def timed_out(self) -> bool:
        """Ended by the house-rule limit (the reason its ending gives says so)."""
        from bellica.games.para_bellum.rules.turn import ROUND_LIMIT

        return self.is_terminal and ROUND_LIMIT in self.reason  # after the winners' words

    def seat_of(self, side: int) -> int:
        return side

    # -- the contract ----------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return self.game.rules_legal_actions(self)

    def _apply(self, action: Action) -> None:
        self.game.rules_apply_action(self, action)

    def _outcome(self) -> Outcome:
        assert self.winners is not None
        return Outcome(winners=self.winners, scores=self.scores, reason=self.reason)

    def observation(self, seat: int) -> dict[str, Any]:
        from bellica.games.para_bellum.view import observation

        return observation(self, seat)

    def _observation_tensor(self, seat: int, out: Any) -> None:
        from bellica.games.para_bellum.tensor import observation_tensor

        observation_tensor(self, seat, out)

    def _public_words(self, action: Action) -> str | None:
        """A Requisition tucks a card from the hand under the Army deck, an objective put back
        goes under its deck: the others read that a card went, not which."""
        from bellica.games.para_bellum.view import public_words

        return public_words(self, action)

    def _describe(self, caused: list[tuple[Any, ...]]) -> list[Event]:
        from bellica.games.para_bellum.events import events

        return events(self, caused)

    def position(self) -> str:
        from bellica.games.para_bellum.notation import write_position

        return write_position(self)

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        from bellica.games.para_bellum.view import resample_hidden

        resample_hidden(self, seat, rng)

    def _copy(self) -> ParaState:
        new = ParaState.__new__(ParaState)
        new.zones = self.zones.copy()
        new._bind()
        new.first = self.first
        new.active = self.active
        new.turn = self.turn
        new.round = self.round
        new.phase = self.phase
        new.ending = self.ending
        new.colour = self.colour[:]
        new.grid = self.grid[:]
        new.room = self.room[:]
        new.occupied = self.occupied[:]
        new.grey = list(map(list.copy, self.grey))
        new.red = list(map(list.copy, self.red))
        new.general = self.general[:]
        new.grey_count = self.grey_count[:]
        new.grey_pips = self.grey_pips[:]
        new.grey_best = self.grey_best[:]
        new.red_count = self.red_count[:]
        new.red_pips = self.red_pips[:]
        new.red_best = self.red_best[:]
        new.banner = list(map(dict.copy, self.banner))
        new.coins = self.coins[:]
        new.vp = self.vp[:]
        new.blazons = self.blazons[:]
        new.legions = self.legions[:]
        new.bigs = self.bigs[:]
        new.actions_left = self.actions_left
        new.used = self.used[:]
        new.disabled = self.disabled[:]
        new.legion_take = self.legion_take
        new.met = list(map(list.copy, self.met))
        new.unmet = self.unmet
        new.recount = self.recount
        new.revealed = self.revealed[:]
        new.shared = self.shared[:]
        new.known = list(map(list.copy, self.known))
        new.tucked = list(map(list.copy, self.tucked))
        new.runner = self.runner[:]
        new.force = self.force[:]
        new.acting = self.acting[:]
        new.open_troops = self.open_troops[:]
        new.stack = self.stack[:]
        new.winners = self.winners
        new.scores = self.scores
        new.reason = self.reason
        return new

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._bind()
