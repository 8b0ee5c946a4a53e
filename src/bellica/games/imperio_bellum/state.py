"""The Imperio Bellum state: board, reinforcements, phase and turn, and the game contract."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import Action, Outcome, State
from bellica.core.events import Event
from bellica.games.imperio_bellum.board import ATTACKER, DEFENDER, SIDE_NAMES
from bellica.games.imperio_bellum.rules import setup, turn
from bellica.games.imperio_bellum.rules.phases import DEFENDER_BASES, OVER, PLAY

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.game import ImperioBellum


class ImperioBellumState(State):
    """One position of Imperio Bellum. Squares hold packed pieces (see `pieces`), `flags`
    beside them hold per-piece marks; everything else is small lists and ints."""

    __slots__ = (
        "alterations",
        "attacker_seat",
        "bases",
        "board",
        "combats",
        "end_reason",
        "flags",
        "hq_lost",
        "initial_reserves",
        "initial_units",
        "knight_actions",
        "knight_charge",
        "pending",
        "phase",
        "reserves",
        "round",
        "selected",
        "side",
        "spawn_queue",
        "units",
        "winner",
    )

    game: ImperioBellum
    # Picking a piece (touch-move) is a decision of its own; a table may send it with the move.
    selection_kinds = frozenset({"select"})

    def __init__(self, game: ImperioBellum, seed: int, attacker_seat: int = 0) -> None:
        super().__init__(game, seed)
        self.board = [0] * 81
        self.flags = [0] * 81
        self.phase = DEFENDER_BASES
        self.side = DEFENDER
        self.round = 0
        self.attacker_seat = attacker_seat
        self.reserves = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.initial_units = [0, 0]
        self.initial_reserves = [0, 0]
        self.units = [0, 0]  # non-base pieces on the board, per side
        self.bases = [0, 0]  # bases (headquarters included) each side controls
        self.hq_lost = [False, False]  # has the side ever lost control of its headquarters
        self.alterations = setup.ALTERATIONS_ALLOWED
        self.spawn_queue: list[int] = []  # bases still to spawn from this turn, in order
        self.selected = -1  # the square of the piece now acting, or -1
        self.knight_actions = 0  # actions left to the selected knight
        self.knight_charge = 0  # tiles it moved since its last attack
        self.pending: tuple[int, int] | None = None  # (base square, attacker square) won
        self.winner = -1  # the winning side once over
        self.end_reason = ""
        self.combats: list[tuple[Any, ...]] = []  # the dice of the last action

    # -- seats and sides --------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        """The rounds begun: 0 during the set-up, then 1, 2, ..."""
        return self.round

    @property
    def timed_out(self) -> bool:
        """Ended by the house-rule limit (the reason its ending gives says so)."""
        from bellica.games.imperio_bellum.rules.turn import HOUSE_LIMIT

        return self.is_terminal and self.end_reason.startswith(HOUSE_LIMIT)

    def seat_of(self, side: int) -> int:
        return self.attacker_seat if side == ATTACKER else 1 - self.attacker_seat

    def side_of_seat(self, seat: int) -> int:
        return ATTACKER if seat == self.attacker_seat else DEFENDER

    # -- the contract -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.attacker_seat if self.side == ATTACKER else 1 - self.attacker_seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def mid_move(self) -> bool:
        return self.selected >= 0 or self.pending is not None

    def _legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            return turn.play_actions(self)
        return setup.setup_actions(self)

    def _apply(self, action: Action) -> None:
        if self.phase == PLAY:
            turn.apply_play(self, action)
        else:
            setup.apply_setup(self, action)

    def _outcome(self) -> Outcome:
        winner = self.seat_of(self.winner)
        scores = tuple(1.0 if seat == winner else 0.0 for seat in range(2))
        return Outcome((winner,), scores, self.end_reason)

    def observation(self, seat: int) -> dict[str, Any]:
        from bellica.games.imperio_bellum.view import observe

        return observe(self, seat)

    def _observation_tensor(self, seat: int, out: Any) -> None:
        from bellica.games.imperio_bellum.view import observation_tensor

        observation_tensor(self, seat, out)

    def _describe(self, caused: list[tuple[Any, ...]]) -> list[Event]:
        from bellica.games.imperio_bellum.view import events

        history = self._history  # (earlier, last action), or empty before the first action
        return events(self, history[1] if history else None)

    def position(self) -> str:
        from bellica.games.imperio_bellum.notation import write_position

        return write_position(self)

    def _copy(self) -> ImperioBellumState:
        c = ImperioBellumState.__new__(ImperioBellumState)
        c.board = self.board[:]
        c.flags = self.flags[:]
        c.phase = self.phase
        c.side = self.side
        c.round = self.round
        c.attacker_seat = self.attacker_seat
        c.reserves = [self.reserves[0][:], self.reserves[1][:]]
        c.initial_units = self.initial_units[:]
        c.initial_reserves = self.initial_reserves[:]
        c.units = self.units[:]
        c.bases = self.bases[:]
        c.hq_lost = self.hq_lost[:]
        c.alterations = self.alterations
        c.spawn_queue = self.spawn_queue[:]
        c.selected = self.selected
        c.knight_actions = self.knight_actions
        c.knight_charge = self.knight_charge
        c.pending = self.pending
        c.winner = self.winner
        c.end_reason = self.end_reason
        c.combats = self.combats
        return c

    def side_name(self, side: int) -> str:
        return SIDE_NAMES[side]
