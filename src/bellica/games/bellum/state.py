"""The Bellum state: every card's zone and tokens, the cities, the turn, and the effect stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import Action, Outcome, State
from bellica.core.events import Event
from bellica.games.bellum.cards import Face

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum

# Steps of a turn (the phase a decision belongs to).
RALLY, DECLARE, DEPLOY, DRAW, KEEP, OVER = "rally", "declare", "deploy", "draw", "keep", "over"
PHASE_NAMES = {
    RALLY: "Rally phase",
    DECLARE: "Assault phase",
    DEPLOY: "Deployment phase",
    DRAW: "Draw phase",
    KEEP: "Draw phase",
    OVER: "game over",
}

# Per-card status bits.
DYING = 1  # destroyed; stays in play until its death ability has resolved
DOOMED = 2  # destroyed by an effect (shields do not help); dies at the next check
CANCELLED = 4  # a spell an answer cancelled
ATTACKING = 8
BLOCKING = 16


class BellumState(State):
    """One position of Bellum. Zones are lists of card uids (a deck's top is its last item);
    per-card tokens are lists indexed by uid; `stack` holds the work still to resolve, whose
    top may be a decision."""

    __slots__ = (
        "active",
        "attackers",
        "blocks",
        "charges",
        "cities",
        "cover",
        "cycles",
        "damage",
        "deck",
        "died_this_turn",
        "discard",
        "face",
        "first",
        "fled",
        "hand",
        "legends",
        "market",
        "member",
        "owner",
        "phase",
        "pillage_bonus",
        "pillaged",
        "play",
        "rally_left",
        "reason",
        "reinforcements",
        "resolving",
        "round",
        "shield",
        "stack",
        "stacks",
        "status",
        "stock",
        "strategy",
        "strategy_used",
        "winners",
    )

    game: Bellum

    def __init__(self, game: Bellum, seed: int) -> None:
        super().__init__(game, seed)
        sides, size = game.sides, game.table.size
        self.deck: list[list[int]] = [[] for _ in range(sides)]
        self.hand: list[list[int]] = [[] for _ in range(sides)]
        self.discard: list[list[int]] = [[] for _ in range(sides)]
        self.play: list[list[int]] = [[] for _ in range(sides)]
        self.stacks: list[list[list[int]]] = [
            [[] for _ in range(4)] for _ in range(game.battlefields)
        ]
        self.legends: list[list[int]] = [[] for _ in range(4)]
        self.market: list[int] = []
        self.stock: list[int] = []
        self.damage = [0] * size
        self.charges = [0] * size
        self.shield = [0] * size
        self.face = [0] * size
        self.owner = [-1] * size
        self.cover = [-1] * size  # the Petrified card covering a creature
        self.status = [0] * size
        self.resolving: list[int] = []  # spells being played
        self.attackers: list[int] = []
        self.blocks: list[tuple[int, int]] = []  # (attacker, blocker)
        self.cities: list[str] = [""] * game.teams  # each team's city ("" for none)
        self.first = 0  # the team that played the first turn
        self.pillaged = [0] * game.teams
        self.strategy = [0] * game.teams
        self.active = 0  # the team whose turn it is
        self.member = 0  # which member of the active team is deciding in a team phase
        self.round = 1
        self.phase = RALLY
        self.rally_left: list[int] = []
        self.strategy_used = False
        self.died_this_turn = False
        self.pillage_bonus: tuple[int, str] = (0, "")
        self.stack: list[tuple[Any, ...]] = []
        self.cycles = 0  # solo: how often the opponent's deck ran out
        self.fled = 0  # solo (Troy): creatures that fled
        self.reinforcements: list[int] = []  # solo (Troy): the Greeks' revealed cards
        self.winners: tuple[int, ...] | None = None
        self.reason = ""

    # -- cards ---------------------------------------------------------------------------
    def face_of(self, uid: int) -> Face:
        front, back = self.game.table.faces[uid]
        return back if self.face[uid] and back is not None else front

    def is_creature(self, uid: int) -> bool:
        return self.face_of(uid).kind == "creature"

    def active_abilities(self, uid: int) -> bool:
        """Whether the card's abilities work (a Petrified creature has none)."""
        return self.cover[uid] < 0

    def power(self, uid: int) -> int:
        """Printed power, plus ongoing bonuses from its owner's cards, minus damage."""
        face = self.face_of(uid)
        value = (face.power or 0) - self.damage[uid]
        owner = self.owner[uid]
        if owner < 0:
            return value
        clan = face.clan
        for src in self.play[owner]:
            if self.cover[src] >= 0:
                continue
            for effect in self.face_of(src).ongoing:
                if effect.power is not None and self._ongoing_hits(effect, src, uid, clan):
                    value += effect.power
        return value

    def _ongoing_hits(self, effect: Any, src: int, uid: int, clan: str | None) -> bool:
        target = effect.target
        if target == "self":
            hit = src == uid
        elif target == "other_own_creatures":
            hit = src != uid
        else:
            hit = target in ("own_creatures", "all_creatures")
        return hit and (effect.clan is None or effect.clan == clan)

    def has_ongoing(self, uid: int, flag: str) -> bool:
        """Whether an ongoing `immune` or `unblockable` ability (or a scenario rule) covers
        this creature."""
        if flag == "immune" and uid in self.game.scenario_immune:
            return True
        owner = self.owner[uid]
        if owner < 0:
            return False
        clan = self.face_of(uid).clan
        for src in self.play[owner]:
            if self.cover[src] >= 0:
                continue
            for effect in self.face_of(src).ongoing:
                if getattr(effect, flag) and self._ongoing_hits(effect, src, uid, clan):
                    return True
        return False

    def creatures(self, side: int) -> list[int]:
        """The side's creatures in play that count as in play (dying ones included)."""
        hidden = self.game.scenario_out_of_play
        return [u for u in self.play[side] if self.is_creature(u) and u not in hidden]

    def living(self, side: int) -> list[int]:
        """The side's creatures that can still be chosen: in play and not dying."""
        return [u for u in self.creatures(side) if not self.status[u] & DYING]

    # -- sides, teams, seats ---------------------------------------------------------------
    def opponents(self, side: int) -> list[int]:
        return self.game.opponents[side]

    def seat_of(self, side: int) -> int:
        return self.game.seat_of_side[side]

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.winners is not None:
            return None
        from bellica.games.bellum.decisions import deciding_side

        return self.seat_of(deciding_side(self))

    @property
    def mid_move(self) -> bool:
        """True while the deciding seat is finishing what it began (paying for a purchase,
        choosing targets, sorting its hand after drawing), so greedy agents look through to
        the completion instead of stopping short of what follows it."""
        stack = self.stack
        if not stack:
            return self.phase == KEEP
        return stack[-1][0] in ("pay", "target", "use", "remove", "order")

    @property
    def is_terminal(self) -> bool:
        return self.winners is not None

    def _legal_actions(self) -> list[Action]:
        from bellica.games.bellum.decisions import legal_actions

        return legal_actions(self)

    def _apply(self, action: Action) -> None:
        from bellica.games.bellum.decisions import apply_action

        apply_action(self, action)

    def returns(self) -> list[float]:
        if self.winners is not None and self.game.solo:
            return [1.0 if self.winners else -1.0]
        return super().returns()

    def _outcome(self) -> Outcome:
        assert self.winners is not None
        scores = [1.0 if s in self.winners else 0.0 for s in range(self.game.players)]
        return Outcome(winners=self.winners, scores=tuple(scores), reason=self.reason)

    def observation(self, seat: int) -> dict[str, Any]:
        from bellica.games.bellum.view import observation

        return observation(self, seat)

    def _describe(self, caused: list[tuple[Any, ...]]) -> list[Event]:
        from bellica.games.bellum.view import events

        return events(self, caused)

    def position(self) -> str:
        from bellica.games.bellum.notation import write_position

        return write_position(self)

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        from bellica.games.bellum.view import resample_hidden

        resample_hidden(self, seat, rng)

    def _copy(self) -> BellumState:
        new = BellumState.__new__(BellumState)
        new.deck = [list(x) for x in self.deck]
        new.hand = [list(x) for x in self.hand]
        new.discard = [list(x) for x in self.discard]
        new.play = [list(x) for x in self.play]
        new.stacks = [[list(x) for x in bf] for bf in self.stacks]
        new.legends = [list(x) for x in self.legends]
        new.market = list(self.market)
        new.stock = list(self.stock)
        new.damage = list(self.damage)
        new.charges = list(self.charges)
        new.shield = list(self.shield)
        new.face = list(self.face)
        new.owner = list(self.owner)
        new.cover = list(self.cover)
        new.status = list(self.status)
        new.resolving = list(self.resolving)
        new.attackers = list(self.attackers)
        new.blocks = list(self.blocks)
        new.cities = list(self.cities)
        new.first = self.first
        new.pillaged = list(self.pillaged)
        new.strategy = list(self.strategy)
        new.active = self.active
        new.member = self.member
        new.round = self.round
        new.phase = self.phase
        new.rally_left = list(self.rally_left)
        new.strategy_used = self.strategy_used
        new.died_this_turn = self.died_this_turn
        new.pillage_bonus = self.pillage_bonus
        new.stack = list(self.stack)
        new.cycles = self.cycles
        new.fled = self.fled
        new.reinforcements = list(self.reinforcements)
        new.winners = self.winners
        new.reason = self.reason
        return new
