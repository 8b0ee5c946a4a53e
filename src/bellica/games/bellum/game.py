"""The Bellum game: variants, options, sides and teams, and the glue to the engine contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bellica.core import (
    Action,
    Game,
    IllegalAction,
    InvalidCardData,
    InvalidConfig,
    Rng,
    State,
)
from bellica.games.bellum import INFO, SOLO
from bellica.games.bellum import actions as act
from bellica.games.bellum.cards import Effect, load_cards
from bellica.games.bellum.scenarios import Scenario, load_scenario
from bellica.games.bellum.state import BellumState
from bellica.games.bellum.table import CardTable

RULES_FILE = Path(__file__).parent / "rules.md"


class Bellum(Game):
    """Greek cities build decks of creatures, spells and relics and pillage each other."""

    info = INFO
    num_distinct_actions = act.SIZE

    def prepare(self) -> None:
        self.card_set = load_cards(self.cards)
        where = self.cards or "the card file"
        self.cities = self.card_set.cities()
        variant = self.variant
        if variant in ("standard", "teams") and len(self.cities) < 2:
            raise InvalidCardData(f"{where}: a game needs two cities with four districts each")
        chosen = self.options["cities"]
        if chosen != "random":
            missing = [c for c in chosen.split(",") if c not in self.cities]
            if missing:
                raise InvalidConfig(f"option cities: {missing[0]} is not in the card set")
        self.solo = variant in SOLO
        self.sides = 4 if variant == "teams" else 2
        self.teams = 2
        self.battlefields = 2 if variant == "teams" else 1
        self.table = CardTable(self.card_set, boxes=2 if variant == "teams" else 1)
        if self.table.size > act.MAX_CARDS:
            raise InvalidCardData(
                f"{where}: this variant would hold {self.table.size} cards; at most "
                f"{act.MAX_CARDS} fit the action space"
            )
        self.actions = act.ActionSpace(self.table)
        sides = range(self.sides)
        self.team_of = [s % 2 for s in sides]
        self.battlefield_of = [s // 2 for s in sides]
        self.members = [[s for s in sides if s % 2 == t] for t in range(2)]
        self.seat_of_side = [0 if self.solo else s for s in sides]
        # "Your opponent" is the enemy player facing you on your battlefield.
        self.opponents = [[s ^ 1] for s in sides]
        self.enemies = [[o for o in sides if o % 2 != s % 2] for s in sides]
        self.turn_limit: int = self.options["turn_limit"]
        self.scenario: Scenario | None = (
            load_scenario(variant, self.options["difficulty"], self.table) if self.solo else None
        )
        scenario = self.scenario
        if (
            scenario is not None
            and scenario.player_city
            and scenario.player_city not in self.cities
        ):
            raise InvalidCardData(f"{where}: {variant} needs the city of {scenario.player_city}")
        self.scripted = {1} if scenario else set()
        self.scenario_immune: set[int] = set(scenario.immune) if scenario else set()
        self.scenario_out_of_play: set[int] = set(scenario.out_of_play) if scenario else set()
        self.overrides: dict[tuple[int, str], list[Effect]] = scenario.overrides if scenario else {}
        self.answer_uids = frozenset(
            uid for uid, card in enumerate(self.table.card) if card.answer is not None
        )

    def effects(self, uid: int, face: int, trigger: str) -> list[Effect]:
        """The effects a card's ability applies, after any change a scenario makes."""
        card = self.table.card[uid]
        changed = self.overrides.get((card.number, trigger))
        if changed is not None:
            return changed
        shown = card.back if face and card.back is not None else card
        if trigger == "answer":
            return shown.answer.effects if shown.answer else []
        effects: list[Effect] = getattr(shown, trigger)
        return effects

    def new_game(self, seed: int = 0) -> BellumState:
        from bellica.games.bellum.setup import new_game

        return new_game(self, seed)

    def load_position(self, text: str) -> BellumState:
        from bellica.games.bellum.notation import read_position

        return read_position(self, text)

    def action_from_json(self, data: Any) -> Action:
        return self.actions.from_json(data)

    def decode(self, index: int, state: State | None = None) -> Action:
        if not isinstance(index, int) or isinstance(index, bool):
            raise IllegalAction(f"action index must be a whole number, not {index!r}")
        return self.actions[index]

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

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """Two players: the seat's city once the game has begun; teams: the seat with its city
        and team; solo: the player (or the player's city)."""
        team = seat % 2
        city = state.cities[team] if isinstance(state, BellumState) else ""
        if self.solo:
            return city or "the player"
        if self.sides == 2:
            return city or f"Seat {seat}"
        return f"Seat {seat} ({city + ', ' if city else ''}team {team})"

    def rules_text(self) -> str:
        return RULES_FILE.read_text(encoding="utf-8")
