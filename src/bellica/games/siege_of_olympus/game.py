"""The Siege of Olympus game: its card set and table, zones, seating and the engine contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bellica.core import Action, InvalidCardData, InvalidConfig, Rng, State
from bellica.core.cards import CardCodec, CardGame, CardTable, Copy, Counters, Layout, Worded
from bellica.core.seating import Seating
from bellica.games.siege_of_olympus import INFO
from bellica.games.siege_of_olympus import actions as act
from bellica.games.siege_of_olympus.cards import (
    Artifact,
    CardSet,
    Commander,
    Effect,
    Minion,
    Spell,
    load_cards,
)
from bellica.games.siege_of_olympus.length import round_decisions, setup_decisions
from bellica.games.siege_of_olympus.rules import TASKS
from bellica.games.siege_of_olympus.state import COUNTERS, SiegeState, zone_families
from bellica.games.siege_of_olympus.texts import card_text, keywords

RULES_FILE = Path(__file__).parent / "rules.md"


def card_table(cards: CardSet) -> CardTable[Any]:
    """Every card once, minions first (their uids are their attack slots), then spells,
    artifacts, Commanders and Olympus; each named by its three-digit number."""
    entries: list[Any] = [
        *cards.minion,
        *cards.spell,
        *cards.artifact,
        *cards.commander,
        cards.olympus,
    ]
    copies = [Copy(e, f"{e.number:03d}", e.name, (e,)) for e in entries]
    return CardTable(copies)


class SiegeOfOlympus(CardGame):
    """Two Commanders share one Deck: minions, spells, prisoners, artifacts."""

    info = INFO
    num_distinct_actions = act.SIZE
    tasks = TASKS
    actions: act.SiegeActions
    # Measured: mcts:iterations=300 won 56 of 100 games against greedy at c=1.4, 27 of 40 at
    # c=0.3 (the heuristic's values of two moves differ by hundredths; README, "agents").
    exploration = 0.3
    sides = 2
    teams = 2
    # Each Artifact number is carried by three minions of different races and classes: a card
    # given another's contents by `bellica cardvalue` keeps its piece, race and class.
    card_slot_fields = ("piece", "add", "race", "class")
    # The lab's per-card rows (core.cards.card_log), read from zones:
    # in play: the minions on a side's field, the Artifacts it took and the Commander it leads;
    in_play_families = ("minions", "artifacts", "commander")
    # may come to hold: Deck, hand, own Commander, prisoners, Agora, Underworld, Artifact pile.
    card_pool = ("deck", "hand", "commander", "tartarus", "agora", "underworld", "pile")

    def opening_done(self, state: Any) -> bool:
        """The set-up (Commanders, hands, mulligans, Tartarus, the Agora) is over once the first
        player's first turn has begun (the round count is already 1 at the deal)."""
        return bool(state.turn >= 1)

    def prepare(self) -> None:
        cards = self.card_set = load_cards(self.cards)
        where = self.cards or "the card file"
        self.table = card_table(cards)
        if self.table.size > act.MAX_CARDS:
            raise InvalidCardData(
                f"{where}: {self.table.size} cards; at most {act.MAX_CARDS} fit the action space"
            )
        table = self.table
        self.minion_count = len(cards.minion)
        self.actions = act.SiegeActions(table, self.minion_count)
        self.worded = Worded(self.actions)
        self.layout = Layout(zone_families())
        self.counters = Counters(COUNTERS)
        self.codec = CardCodec(table, self.counters)
        self.seating = Seating.duel(2)
        kinds = [type(c) for c in table.card]
        self.is_minion = [k is Minion for k in kinds]
        self.is_spell = [k is Spell for k in kinds]
        self.is_artifact = [k is Artifact for k in kinds]
        self.is_commander = [k is Commander for k in kinds]
        self.minion_uids = [u for u, k in enumerate(kinds) if k is Minion]
        self.spell_uids = [u for u, k in enumerate(kinds) if k is Spell]
        self.artifact_uids = [u for u, k in enumerate(kinds) if k is Artifact]
        self.commander_uids = [u for u, k in enumerate(kinds) if k is Commander]
        self.olympus_uid = len(table.card) - 1
        self.goal = cards.olympus.artifacts_to_win
        # What a minion takes over on summoning: the value its Copy and Replace names, or
        # "joker" (the piece of a minion in play); "" for neither.
        self.copies = [
            ("joker" if c.joker else c.copy_ or "") if isinstance(c, Minion) else ""
            for c in table.card
        ]
        # Printed values by uid, read in the hot paths (non-minions hold neutral values).
        minion = [c if isinstance(c, Minion) else None for c in table.card]
        self.attack = [m.attack if m else 0 for m in minion]
        self.health = [m.health if m else 0 for m in minion]
        self.class_ = [m.class_ if m else "" for m in minion]
        self.race = [m.race if m else "" for m in minion]
        self.piece = [m.piece if m else 0 for m in minion]
        self.add = [m.add if m and m.add is not None else -1 for m in minion]
        self.cost = [m.cost if m else 0 for m in minion]
        self.ranged = [bool(m and m.ranged) for m in minion]
        self.activated = frozenset(u for u, m in enumerate(minion) if m and m.trigger == "activate")
        self.keyworded = {
            name: frozenset(u for u, m in enumerate(minion) if m and getattr(m, name))
            for name in ("primordial", "lethal", "resistant")
        }
        self.artifact_of_piece = {table.card[u].piece: u for u in self.artifact_uids}
        self.disrupts = [list(c.disrupt) if isinstance(c, Spell) else [] for c in table.card]
        self.texts = [card_text(c) for c in table.card]
        self.keywords = [keywords(c) for c in table.card]
        self.retitled: dict[str, Action] = {}  # plain actions in their own words (Pick)
        self.turn_limit: int = self.options["turn_limit"]
        chosen = self.options["commanders"]
        names = [table.card[u].name for u in self.commander_uids]
        self.fixed_commanders: tuple[int, int] | None = None
        if chosen not in ("random", "choose"):
            pair = chosen.split(",")
            missing = [n for n in pair if n not in names]
            if missing:
                raise InvalidConfig(
                    f"option commanders: {missing[0]} is not a Commander of the card set "
                    f"({', '.join(names)})"
                )
            first, second = (self.commander_uids[names.index(n)] for n in pair)
            self.fixed_commanders = (first, second)

    # -- cards ---------------------------------------------------------------------------
    def effects(self, uid: int) -> list[Effect]:
        """What a card does when it resolves: a minion's or a spell's effects, a Commander's
        ability."""
        card = self.table.card[uid]
        if isinstance(card, Commander):
            return card.ability
        return card.effects  # type: ignore[no-any-return]

    # -- the contract --------------------------------------------------------------------
    @property
    def max_setup_decisions(self) -> int:
        """The set-up's decisions at their longest (`length`)."""
        return setup_decisions(self)

    @property
    def max_round_decisions(self) -> int | None:
        """The most decisions one round can hold, both turns together (`length`)."""
        return round_decisions(self)

    def new_game(self, seed: int = 0) -> SiegeState:
        from bellica.games.siege_of_olympus.rules.setup import new_game

        return new_game(self, seed)

    def load_position(self, text: str) -> SiegeState:
        from bellica.games.siege_of_olympus.notation import read_position

        return read_position(self, text)

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """A player's name: the Commander once chosen ("Kronos"), "player 1" before."""
        if isinstance(state, SiegeState) and state.commander[seat]:
            return str(self.table.card[state.commander[seat][0]].name)
        if state is None and self.fixed_commanders is not None:
            return str(self.table.card[self.fixed_commanders[seat]].name)
        return f"player {seat + 1}"

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from bellica.games.siege_of_olympus.tensor import tensor_shape

        return tensor_shape(self)

    def heuristic(self, state: State, seat: int) -> float:
        from bellica.games.siege_of_olympus.heuristics import evaluate

        assert isinstance(state, SiegeState)
        return evaluate(state, seat)

    def playout_action(self, state: State, rng: Rng) -> Action:
        from bellica.games.siege_of_olympus.heuristics import playout_action

        assert isinstance(state, SiegeState)
        return playout_action(state, rng)

    def render(self, observation: dict[str, Any]) -> Any:
        from bellica.games.siege_of_olympus.terminal import render

        return render(observation)

    def rules_text(self) -> str:
        return RULES_FILE.read_text(encoding="utf-8")
