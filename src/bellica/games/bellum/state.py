"""The Bellum state: every card's zone and tokens, the cities, the turn, and the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import Action, Outcome, State
from bellica.core.cards import PRIVATE, PUBLIC, SECRET, TOP, Counter, Family, Zones
from bellica.core.cards.counters import CARD, FLAG
from bellica.core.events import Event
from bellica.core.stack import Task
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

# What a card can carry, in the order positions write the marks.
COUNTERS = (
    Counter("damage", "d"),
    Counter("shield", "s", FLAG),
    Counter("charges", "c"),
    Counter("face", "f", FLAG),  # 1: the card shows its back (after a Flip)
    Counter("cover", "p", CARD),  # the Petrified card covering a creature
    Counter("status", "x", most=31),  # the bits above
)


def zone_families(sides: int, battlefields: int) -> list[Family]:
    """The zones of a game: each player's deck, hand, discard pile and play area; the Olympus
    stacks of each battlefield and the Legend stacks (face up: only the top shows); the
    market of a scenario, the Stock, the spells being played, and the Greeks' revealed
    Reinforcements in the Siege of Troy."""
    return [
        Family("deck", sides, SECRET, owned=True),
        Family("hand", sides, PRIVATE, owned=True),
        Family("discard", sides, PUBLIC, owned=True),
        Family("play", sides, PUBLIC, owned=True),
        Family("olympus", 4 * battlefields, TOP),
        Family("legends", 4, TOP),
        Family("market"),
        Family("stock"),
        Family("resolving"),
        Family("reinforcements"),
    ]


class BellumState(State):
    """One position of Bellum. Zones hold card uids (a pile's top is its last item); per-card
    tokens are lists indexed by uid; `stack` holds the work still to resolve, whose top may
    be a decision."""

    __slots__ = (
        "active",
        "attackers",
        "blocks",
        "charges",
        "cities",
        "counters",
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
        "through",
        "winners",
        "zones",
    )

    game: Bellum

    def __init__(self, game: Bellum, seed: int) -> None:
        super().__init__(game, seed)
        self.zones = Zones(game.layout)
        self.counters = game.counters.new(game.table.size)
        self.owner = [-1] * game.table.size
        self._bind()
        self.attackers: list[int] = []
        self.blocks: list[tuple[int, int]] = []  # (attacker, blocker)
        self.through: list[int] = []  # the attackers left unblocked once blockers were chosen
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
        # Districts an unblocked attacker of a clan ("": any) pillages this turn, and the card
        # whose "may" it is (-1: no choice) — asked once the blocks are known.
        self.pillage_bonus: tuple[int, str, int] = (0, "", -1)
        self.stack: list[Task] = []
        self.cycles = 0  # solo: how often the opponent's deck ran out
        self.fled = 0  # solo (Troy): creatures that fled
        self.winners: tuple[int, ...] | None = None
        self.reason = ""

    def _bind(self) -> None:
        """Name the zones' and counters' lists as the rules read them (at every clone, so the
        slices come ready-made from the layout)."""
        lists = self.zones.lists
        spans = self.zones.layout.spans
        self.deck = lists[spans["deck"]]
        self.hand = lists[spans["hand"]]
        self.discard = lists[spans["discard"]]
        self.play = lists[spans["play"]]
        olympus = lists[spans["olympus"]]
        self.stacks = [olympus[i : i + 4] for i in range(0, len(olympus), 4)]
        self.legends = lists[spans["legends"]]
        # the four single zones that close `zone_families`
        self.market, self.stock, self.resolving, self.reinforcements = lists[-4:]
        (self.damage, self.shield, self.charges, self.face, self.cover, self.status) = self.counters

    # -- cards ---------------------------------------------------------------------------
    def face_of(self, uid: int) -> Face:
        front, back = self.game.table.faces[uid]
        face: Face = back if self.face[uid] and back is not None else front
        return face

    def is_creature(self, uid: int) -> bool:
        return self.face_of(uid).kind == "creature"

    def in_play(self, uid: int) -> bool:
        owner = self.owner[uid]
        return owner >= 0 and uid in self.play[owner]

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
        """Whether an ongoing `immune` or `unblockable` ability (or the scenario) covers this
        creature."""
        if flag == "immune" and uid in self.game.immune:
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
        """The side's creatures that count as in play (dying ones included)."""
        hidden = self.game.out_of_play
        return [u for u in self.play[side] if self.is_creature(u) and u not in hidden]

    def living(self, side: int) -> list[int]:
        """The side's creatures that can still be chosen: in play and not dying."""
        return [u for u in self.creatures(side) if not self.status[u] & DYING]

    # -- sides, teams, seats ---------------------------------------------------------------
    def opponents(self, side: int) -> list[int]:
        return self.game.opponents[side]

    @property
    def rounds(self) -> int:
        """The rounds begun (the first is round 1)."""
        return self.round

    @property
    def timed_out(self) -> bool:
        """Ended by the house-rule limit (the reason its ending gives says so)."""
        from bellica.games.bellum.rules.turn import HOUSE_RULE

        return self.is_terminal and self.reason.startswith(HOUSE_RULE)

    def seat_of(self, side: int) -> int:
        return self.game.seat_of_side[side]

    def active_side(self) -> int:
        """The side deciding for the active team now (its member whose phase it is)."""
        return self.game.members[self.active][self.member]

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.winners is not None:
            return None
        stack = self.stack
        side = stack[-1].side if stack else self.active_side()  # type: ignore[attr-defined]
        return self.game.seat_of_side[side]

    @property
    def mid_move(self) -> bool:
        """True while the deciding seat is finishing what it began (paying for a purchase,
        choosing targets, sorting its hand after drawing), so greedy agents look through to
        the completion instead of stopping short of what follows it."""
        stack = self.stack
        if not stack:
            return self.phase == KEEP
        return stack[-1].mid_move

    @property
    def is_terminal(self) -> bool:
        return self.winners is not None

    def _legal_actions(self) -> list[Action]:
        from bellica.games.bellum.rules.flow import legal_actions

        return legal_actions(self)

    def _apply(self, action: Action) -> None:
        from bellica.games.bellum.rules.flow import apply_action

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

    def _observation_tensor(self, seat: int, out: Any) -> None:
        from bellica.games.bellum.view import observation_tensor

        observation_tensor(self, seat, out)

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
        new.zones = self.zones.copy()
        new.counters = [row[:] for row in self.counters]
        new.owner = self.owner[:]
        new._bind()
        new.attackers = self.attackers[:]
        new.blocks = self.blocks[:]
        new.through = self.through[:]
        new.cities = self.cities[:]
        new.first = self.first
        new.pillaged = self.pillaged[:]
        new.strategy = self.strategy[:]
        new.active = self.active
        new.member = self.member
        new.round = self.round
        new.phase = self.phase
        new.rally_left = self.rally_left[:]
        new.strategy_used = self.strategy_used
        new.died_this_turn = self.died_this_turn
        new.pillage_bonus = self.pillage_bonus
        new.stack = self.stack[:]
        new.cycles = self.cycles
        new.fled = self.fled
        new.winners = self.winners
        new.reason = self.reason
        return new

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._bind()  # the zones' lists must be the very lists the names point to
