"""The Bellum game: card set, seating, zones, the scenario's script, and the engine contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bellica.core import Action, InvalidCardData, InvalidConfig, Rng, State
from bellica.core.cards import CardCodec, CardGame, CardTable, Copy, Counters, Layout
from bellica.core.seating import Seating
from bellica.games.bellum import INFO, SOLO
from bellica.games.bellum import actions as act
from bellica.games.bellum.cards import Card, CardSet, Effect, load_cards
from bellica.games.bellum.length import round_decisions
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.scripts import Script, hells, plague, script_for, troy  # noqa: F401 (their task kinds)
from bellica.games.bellum.state import COUNTERS, BellumState, zone_families

RULES_FILE = Path(__file__).parent / "rules.md"
# Which cards a second box adds for four players: every player needs a starter deck and every
# battlefield its own Olympus stacks, and both boxes' Stock cards make one Stock (ruling 30);
# Legend, City and Help cards stay single.
SECOND_BOX_DECKS = ("olympus", "basic", "stock")


class BellumTable(CardTable[Card]):
    """Bellum's copies, which people also name by card number and box."""

    def uid(self, number: int | str, box: int = 0) -> int:
        """The uid of card `number` in box `box` (or of a token); KeyError when there is no
        such copy."""
        if isinstance(number, str):
            return self.uid_by_token[number]
        return self.uid_by_token[f"{number:03d}" + ("" if box == 0 else "b")]


def card_table(cards: CardSet, boxes: int) -> BellumTable:
    """Every physical copy: box 0's cards, then the second box's copies ("045b")."""
    copies = []
    for box in range(boxes):
        for card in cards.card:
            if box == 0 or card.deck in SECOND_BOX_DECKS:
                name = card.name + (f" / {card.back.name}" if card.back else "")
                token = f"{card.number:03d}" + ("" if box == 0 else "b")
                copies.append(Copy(card, token, name, (card, card.back), box))
    return BellumTable(copies)


class Bellum(CardGame):
    """Greek cities build decks of creatures, spells and relics and pillage each other."""

    info = INFO
    num_distinct_actions = act.SIZE
    tasks = TASKS
    table: BellumTable
    # The structure of the set: a card keeps its deck, stack, city and district when `bellica
    # cardvalue` gives it another card's contents.
    card_slot_fields = ("deck", "stack", "city", "district")
    # The lab's per-card rows (`core.cards.card_log`). The default `opening_done` fits: the
    # first hands are dealt in `new_game`, with no decision, once round 1 has begun.
    # In play: creatures and relics in a player's play area (a spell goes to the discard pile).
    in_play_families = ("play",)
    # Own deck, hand, set-up cards in play; Olympus, Legends, a scenario's sale: bought; Stock:
    # given by Summon and Take.
    card_pool = ("deck", "hand", "play", "olympus", "legends", "market", "stock")

    def prepare(self) -> None:
        self.card_set = load_cards(self.cards)
        where = self.cards or "the card file"
        self.cities = self.card_set.cities()
        variant = self.variant
        self.card_set.check_playable(variant, where)
        chosen = self.options["cities"]
        if chosen != "random":
            missing = [c for c in chosen.split(",") if c not in self.cities]
            if missing:
                raise InvalidConfig(f"option cities: {missing[0]} is not in the card set")
        self.solo = variant in SOLO
        self.sides = 4 if variant == "teams" else 2
        self.teams = 2
        self.battlefields = 2 if variant == "teams" else 1
        self.table = card_table(self.card_set, boxes=2 if variant == "teams" else 1)
        # whether each card is a district (the heuristic's deck outlook leaves them out)
        self.is_district = tuple(card.kind == "district" for card in self.table.card)
        if self.table.size > act.MAX_CARDS:
            raise InvalidCardData(
                f"{where}: this variant would hold {self.table.size} cards; at most "
                f"{act.MAX_CARDS} fit the action space"
            )
        self.actions = act.action_space(self.table)
        self.worded = act.Worded(self.actions)
        self.layout = Layout(zone_families(self.sides, self.battlefields))
        self.counters = Counters(COUNTERS)
        self.codec = CardCodec(self.table, self.counters)
        # Solo: side 1 is the scenario's scripted opponent; the choices its script leaves
        # open fall to the player (seat 0).
        if self.solo:
            self.seating = Seating((0, 0), (0, 1), scripted=frozenset({1}))
        else:
            self.seating = Seating.alternating_teams(self.sides)
        seating = self.seating
        self.team_of = seating.team_of_side
        self.members = seating.members
        self.enemies = seating.enemies
        self.seat_of_side = seating.seat_of_side
        self.battlefield_of = [s // 2 for s in range(self.sides)]
        # "Your opponent" is the enemy player facing you on your battlefield.
        self.opponents = [[s ^ 1] for s in range(self.sides)]
        self.scripted = seating.scripted
        self.turn_limit: int = self.options["turn_limit"]
        self.script: Script = script_for(self, where)
        # What the rules ask of the script most often, at hand (None: the rulebook's way).
        script = self.script
        self.immune = script.immune
        self.out_of_play = script.out_of_play
        self.overrides = script.overrides
        self._set_faces(script.powers, script.texts)
        self.check_end = script.hook("check_end")
        self.condition_waived = script.hook("condition_waived")
        self.hand_uses = script.hook("hand_uses")
        self.scenario_sale = script.hook("for_sale")
        self.rally_start = script.hook("rally_start")
        self.forced_blocks = script.hook("forced_blocks")
        self.after_blocks = script.hook("after_blocks")
        self.on_unblocked = script.hook("on_unblocked")
        self.left_play = script.hook("left_play")
        table = self.table
        # Each card's cost rings in the order they are paid: clan rings before "any" rings,
        # so a choice never strands a clan ring.
        self.rings = [tuple(sorted(card.cost, key=lambda r: r == "any")) for card in table.card]
        # Each starting deck's copies, per box, in uid order.
        self.home: dict[tuple[str, int], list[int]] = {}
        for uid, card in enumerate(table.card):
            self.home.setdefault((card.deck, table.box[uid]), []).append(uid)
        self.answer_uids = frozenset(
            uid for uid, card in enumerate(self.table.card) if card.answer is not None
        )

    def _set_faces(self, powers: dict[int, int], texts: dict[int, str]) -> None:
        """Give cards the printed power and the text the scenario sets (their front face: what
        the rules, the views and the drawings read; the scenario file checked that each power
        is a creature's)."""
        table = self.table
        for uid in powers.keys() | texts.keys():
            front, back = table.faces[uid]
            update: dict[str, object] = {}
            if uid in powers:
                update["power"] = powers[uid]
            if uid in texts:
                update["text"] = texts[uid]
            changed = front.model_copy(update=update)
            table.faces[uid] = (changed, back)
            table.card[uid] = changed

    # -- cards ---------------------------------------------------------------------------
    def effects(self, uid: int, face: int, trigger: str) -> list[Effect]:
        """The effects a card's ability applies, after any change the scenario makes."""
        card = self.table.card[uid]
        changed = self.overrides.get((card.number, trigger))
        if changed is not None:
            return changed
        shown = card.back if face and card.back is not None else card
        if trigger == "answer":
            return shown.answer.effects if shown.answer else []
        effects: list[Effect] = getattr(shown, trigger)
        return effects

    def uids(self, deck: str, box: int = 0) -> list[int]:
        """The copies that start in `deck` ("olympus", "basic", "stock"...), of one box."""
        return self.home.get((deck, box), [])

    # -- the contract --------------------------------------------------------------------
    @property
    def max_round_decisions(self) -> int | None:
        """The most decisions one round can hold, both turns together (`length`); None when
        a turn need not end."""
        return round_decisions(self)

    def new_game(self, seed: int = 0) -> BellumState:
        from bellica.games.bellum.rules.setup import new_game

        return new_game(self, seed)

    def load_position(self, text: str) -> BellumState:
        from bellica.games.bellum.notation import read_position

        return read_position(self, text)

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """A player's name: two players, the seat's city once the game has begun ("Sparta");
        teams, the city with the player's number, one per battlefield ("Sparta 2"); solo, the
        player (or the player's city). Before the cities are dealt: "player 1", "player 2 of
        team 0"."""
        team = seat % 2
        city = state.cities[team] if isinstance(state, BellumState) else ""
        if self.solo:
            return city or "the player"
        if self.sides == 2:
            return city or f"player {seat + 1}"
        number = seat // 2 + 1  # the battlefield the player fights on
        return f"{city} {number}" if city else f"player {number} of team {team}"

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from bellica.games.bellum.view import tensor_shape

        return tensor_shape(self)

    def heuristic(self, state: State, seat: int) -> float:
        from bellica.games.bellum.heuristics import evaluate

        assert isinstance(state, BellumState)
        return evaluate(state, seat)

    def playout_action(self, state: State, rng: Rng) -> Action:
        from bellica.games.bellum.heuristics import playout_action

        assert isinstance(state, BellumState)
        return playout_action(state, rng)

    def render(self, observation: dict[str, Any]) -> Any:
        from bellica.games.bellum.view import render

        return render(observation)

    def rules_text(self) -> str:
        return RULES_FILE.read_text(encoding="utf-8")
