"""The Siege of Olympus state: every card's zone and marks, the Commanders, the turn, the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import Action, Outcome, State
from bellica.core.cards import PRIVATE, PUBLIC, SECRET, Counter, Family, Zones
from bellica.core.cards.counters import CARD
from bellica.core.events import Event
from bellica.core.stack import Task
from bellica.core.stack_driven import StackDriven

if TYPE_CHECKING:
    from bellica.games.siege_of_olympus.game import SiegeOfOlympus

# The phases of a turn (and the set-up before the first one).
SETUP, DEPLOY, RECRUIT, ATTACK, OVER = "setup", "deploy", "recruit", "attack", "over"
PHASES = (SETUP, DEPLOY, RECRUIT, ATTACK, OVER)
PHASE_NAMES = {
    SETUP: "Set-up",
    DEPLOY: "Deploy phase",
    RECRUIT: "Recruit phase",
    ATTACK: "Attack phase",
    OVER: "game over",
}

# Per-card status bits, all cleared at the end of the turn except DODGE (see rules.turn).
ATTACKED = 1  # the minion has attacked this turn
USED = 2  # its activated effect has been used this turn
FRESH = 4  # the card reached its hand this turn by Recruit, Reborn or Free: not summonable
DODGE = 8  # Trickster synergy: the next attack against it this turn does nothing
COPIES_PIECE = ("piece", "joker")  # what a Copy and Replace or a Joker copies that is a piece
STATUS_NAMES = {ATTACKED: "attacked", USED: "used", FRESH: "fresh", DODGE: "dodge"}

# What a card can carry, in the order positions write the marks.
COUNTERS = (
    Counter("damage", "d", most=99),
    Counter("status", "x", most=15),  # the bits above
    Counter("paralyzed", "p", most=999),  # the turn number at whose end it can attack again
    Counter("crippled", "c", most=999),  # the turn number at whose end it recovers
    Counter("copied", "k", CARD),  # the minion a Copy and Replace or a Joker copied
)


def zone_families() -> list[Family]:
    """The zones of a game: the shared Deck (nobody knows its order), each player's hand,
    minions in play, Artifacts taken and Commander; Tartarus, the Agora, the Underworld, the
    Artifact pile and Olympus, all public; the spell being cast; the Commanders not chosen."""
    return [
        Family("deck", 1, SECRET),
        Family("hand", 2, PRIVATE, owned=True),
        Family("minions", 2, PUBLIC, owned=True),
        Family("artifacts", 2, PUBLIC, owned=True),
        Family("commander", 2, PUBLIC, owned=True),
        Family("tartarus"),
        Family("agora"),
        Family("underworld"),
        Family("pile"),
        Family("olympus"),
        Family("casting"),
        Family("unchosen"),
    ]


class SiegeState(StackDriven, State):
    """One position of Siege of Olympus. Zones hold card uids (a pile's top is its last item;
    the Deck's top is its last card); per-card marks are lists indexed by uid; `stack` holds
    the work still to resolve, whose top may be a decision."""

    __slots__ = (
        "ability_used",
        "active",
        "agora",
        "artifacts",
        "board",
        "casting",
        "commander",
        "copied",
        "counters",
        "crippled",
        "damage",
        "deck",
        "exchanged",
        "first",
        "hand",
        "health",
        "known",
        "left",
        "minions",
        "olympus",
        "paralyzed",
        "phase",
        "pile",
        "races",
        "reason",
        "round",
        "settled",
        "stack",
        "status",
        "target",
        "tartarus",
        "turn",
        "unchosen",
        "underworld",
        "winners",
        "zones",
    )

    game: SiegeOfOlympus

    def __init__(self, game: SiegeOfOlympus, seed: int) -> None:
        super().__init__(game, seed)
        self.zones = Zones(game.layout)
        self.counters = game.counters.new(game.table.size)
        self._bind()
        self.active = 0
        self.first = 0
        self.phase = SETUP
        self.turn = 0  # turns begun so far (the first player's first turn is turn 1)
        self.round = 1
        self.health = [0, 0]
        self.ability_used = [False, False]
        self.exchanged = False  # the turn's one Agora exchange has been made
        self.left: list[int] = []  # cards left in the Agora this turn (not to be taken back)
        self.target = -1  # the one enemy minion the active player's minions may attack
        self.races = [0, 0]  # per side, bits of the races whose synergy has struck (3+ now)
        self.known: list[list[int]] = [[], []]  # hand cards both players saw arrive
        self.stack: list[Task] = []
        self.winners: tuple[int, ...] | None = None
        self.reason = ""
        # The minions in play change (a summon, a death, a copy): `board` counts the changes,
        # `settled` is the count the synergies and artifacts were last worked out for.
        self.board = 0
        self.settled = -1

    def _bind(self) -> None:
        """Name the zones' and counters' lists as the rules read them (again at every clone)."""
        lists = self.zones.lists
        spans = self.zones.layout.spans
        (self.deck,) = lists[spans["deck"]]
        self.hand = lists[spans["hand"]]
        self.minions = lists[spans["minions"]]
        self.artifacts = lists[spans["artifacts"]]
        self.commander = lists[spans["commander"]]
        (
            self.tartarus,
            self.agora,
            self.underworld,
            self.pile,
            self.olympus,
            self.casting,
            self.unchosen,
        ) = lists[spans["tartarus"].start :]
        self.damage, self.status, self.paralyzed, self.crippled, self.copied = self.counters

    # -- cards -----------------------------------------------------------------------------
    def controller(self, uid: int) -> int:
        """The side whose minion `uid` is in play, or -1."""
        minions = self.minions
        if uid in minions[0]:
            return 0
        if uid in minions[1]:
            return 1
        return -1

    def is_crippled(self, uid: int) -> bool:
        """Crippled until the end of turn `crippled[uid]` (0: never crippled)."""
        until = self.crippled[uid]
        return until > 0 and until >= self.turn

    def is_paralyzed(self, uid: int) -> bool:
        """Paralyzed until the end of turn `paralyzed[uid]` (0: never paralyzed)."""
        until = self.paralyzed[uid]
        return until > 0 and until >= self.turn

    def class_of(self, uid: int) -> str:
        other = self.copied[uid]
        game = self.game
        if other >= 0 and game.copies[uid] == "class":
            return game.class_[other]
        return game.class_[uid]

    def race_of(self, uid: int) -> str:
        other = self.copied[uid]
        game = self.game
        if other >= 0 and game.copies[uid] == "race":
            return game.race[other]
        return game.race[uid]

    def count_class(self, side: int, cls: str) -> int:
        class_of = self.class_of
        return sum(1 for u in self.minions[side] if class_of(u) == cls)

    def attack_of(self, uid: int) -> int:
        """Attack: printed (or copied), +1 for a Ranger while its side holds three or more."""
        game = self.game
        other = self.copied[uid]
        value = game.attack[other if other >= 0 and game.copies[uid] == "attack" else uid]
        if self.class_of(uid) == "ranger":
            side = self.controller(uid)
            if side >= 0 and self.count_class(side, "ranger") >= 3:
                value += 1
        return value

    def health_of(self, uid: int) -> int:
        """Health before damage: printed (or copied), +1 for a Raider while its side holds
        three or more Raiders."""
        game = self.game
        other = self.copied[uid]
        value = game.health[other if other >= 0 and game.copies[uid] == "health" else uid]
        if self.class_of(uid) == "raider":
            side = self.controller(uid)
            if side >= 0 and self.count_class(side, "raider") >= 3:
                value += 1
        return value

    def pieces_of(self, uid: int) -> tuple[int, ...]:
        """The artifact numbers a minion carries: its piece (or the one it copied), and the
        one its Add gives."""
        game = self.game
        other = self.copied[uid]
        piece = game.piece[other if other >= 0 and game.copies[uid] in COPIES_PIECE else uid]
        add = game.add[uid]
        if add >= 0 and add != piece:
            return (piece, add)
        return (piece,)

    def keyword(self, uid: int, name: str) -> bool:
        """Whether a minion has a keyword property now (a crippled one has none)."""
        return uid in self.game.keyworded[name] and not self.is_crippled(uid)

    @property
    def rounds(self) -> int:
        """The rounds begun (the first is round 1)."""
        return self.round

    @property
    def timed_out(self) -> bool:
        """Ended by the house-rule limit (the reason its ending gives says so)."""
        from bellica.games.siege_of_olympus.rules.turn import TURN_LIMIT

        return self.is_terminal and self.reason.startswith(TURN_LIMIT)

    def seat_of(self, side: int) -> int:
        return side

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The top decision's side, or with nothing pending the active player (mid-move and
        the end are as every stack-driven state has them)."""
        if self.winners is not None:
            return None
        stack = self.stack
        return stack[-1].side if stack else self.active  # type: ignore[attr-defined]

    def _legal_actions(self) -> list[Action]:
        from bellica.games.siege_of_olympus.rules.flow import legal_actions

        return legal_actions(self)

    def _apply(self, action: Action) -> None:
        from bellica.games.siege_of_olympus.rules.flow import apply_action

        apply_action(self, action)

    def _outcome(self) -> Outcome:
        assert self.winners is not None
        scores = tuple(1.0 if s in self.winners else 0.0 for s in range(2))
        return Outcome(winners=self.winners, scores=scores, reason=self.reason)

    def observation(self, seat: int) -> dict[str, Any]:
        from bellica.games.siege_of_olympus.view import observation

        return observation(self, seat)

    def _observation_tensor(self, seat: int, out: Any) -> None:
        from bellica.games.siege_of_olympus.tensor import observation_tensor

        observation_tensor(self, seat, out)

    def _public_words(self, action: Action) -> str | None:
        """A card returned to the Deck at the mulligan, or taken from it by a Search, is the
        deciding player's secret: the others read that a card moved, not which."""
        from bellica.games.siege_of_olympus.view import public_words

        return public_words(self, action)

    def _describe(self, caused: list[tuple[Any, ...]]) -> list[Event]:
        from bellica.games.siege_of_olympus.events import events

        return events(self, caused)

    def position(self) -> str:
        from bellica.games.siege_of_olympus.notation import write_position

        return write_position(self)

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        from bellica.games.siege_of_olympus.view import resample_hidden

        resample_hidden(self, seat, rng)

    def _copy(self) -> SiegeState:
        new = SiegeState.__new__(SiegeState)
        new.zones = self.zones.copy()
        new.counters = [row[:] for row in self.counters]
        new._bind()
        new.active = self.active
        new.first = self.first
        new.phase = self.phase
        new.turn = self.turn
        new.round = self.round
        new.health = self.health[:]
        new.ability_used = self.ability_used[:]
        new.exchanged = self.exchanged
        new.left = self.left[:]
        new.target = self.target
        new.races = self.races[:]
        new.known = [self.known[0][:], self.known[1][:]]
        new.stack = self.stack[:]
        new.winners = self.winners
        new.reason = self.reason
        new.board = self.board
        new.settled = self.settled
        return new

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._bind()
