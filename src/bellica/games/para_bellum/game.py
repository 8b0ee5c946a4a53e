"""The Para Bellum game: its cards and table, zones, seating (teams at four) and the contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bellica.core import Action, InvalidCardData, Rng, State
from bellica.core.cards import CardCodec, CardGame, CardTable, Copy, Counters, Layout
from bellica.core.seating import Seating
from bellica.games.para_bellum import INFO
from bellica.games.para_bellum import actions as act
from bellica.games.para_bellum.cards import (
    BANNERS,
    BASIC_ACTIONS,
    Alliance,
    Army,
    Battle,
    CardSet,
    Command,
    Cost,
    Event,
    Objective,
    load_cards,
)
from bellica.games.para_bellum.heuristics import Troops, end_bit, evaluate
from bellica.games.para_bellum.heuristics import playout_action as rollout_action
from bellica.games.para_bellum.length import round_decisions, setup_decisions
from bellica.games.para_bellum.rules import TASKS, flow
from bellica.games.para_bellum.rules.dice import plain_terms, split_general
from bellica.games.para_bellum.rules.grid import fits_beside, shape_bit
from bellica.games.para_bellum.state import ParaState, zone_families
from bellica.games.para_bellum.texts import card_text

RULES_FILE = Path(__file__).parent / "rules.md"
ACTION_TOKENS = {2: 3, 3: 3, 4: 2}


def card_table(cards: CardSet) -> CardTable[Any]:
    """Every physical card: Army cards, Command cards (a title's copies as 101, 101b, 101c…),
    objectives, events, battle and alliance cards, each named by its three-digit number."""
    copies: list[Copy[Any]] = []
    for army in cards.army:
        copies.append(Copy(army, f"{army.number:03d}", army.name, (army,)))
    for command in cards.command:
        for n in range(command.copies):
            token = f"{command.number:03d}" + ("" if n == 0 else "bcdef"[n - 1])
            copies.append(Copy(command, token, command.name, (command,), box=n))
    for entry in [*cards.objective, *cards.event, *cards.battle, *cards.alliance]:
        copies.append(Copy(entry, f"{entry.number:03d}", entry.name, (entry,)))
    return CardTable(copies)


def costs_by_head(card: Any) -> dict[str, list[Cost]]:
    """A card's costs by the head of the words naming them: "opt1" and "opt2" (an Order's
    options), "use" (a Permanent's or Special Unit's action), "alliance"."""
    if isinstance(card, Command):
        costs = {f"opt{i + 1}": list(o.cost) for i, o in enumerate(card.options)}
        if card.action is not None:
            costs["use"] = list(card.action.cost)
        return costs
    if isinstance(card, Alliance):
        return {"alliance": list(card.action.cost)}
    return {}


class ParaBellum(CardGame):
    """Two to four Roman generals build armies of cards and dice (teams of two at four)."""

    info = INFO
    num_distinct_actions = act.SIZE
    tasks = TASKS
    actions: act.ParaActions
    banner_types = BANNERS
    # Measured: mcts:iterations=200 won 67 of 100 games against greedy at c=0.3 (53 of 100 at
    # c=1.4 with the older heuristic); two moves' heuristic values differ by hundredths.
    exploration = 0.3
    # Measured: mcts:iterations=200 with 20-decision rollouts won 138 of 200 games against
    # greedy, valuing leaves at once 56 of 100: a leaf judged mid-turn is judged before the
    # dice of the moves it opens are rolled, so the turn is played out first.
    rollout_depth = 20
    # The rules' way in for ParaState, whose module the rules import (so it cannot import them).
    rules_legal_actions = staticmethod(flow.legal_actions)
    rules_apply_action = staticmethod(flow.apply_action)
    # The deck's shape hangs on each Army card's colour, edges, Starting mark and player count,
    # and the count of Command cards on their copies: a card given another's contents by
    # `bellica cardvalue` keeps them.
    card_slot_fields = ("colour", "left", "right", "start", "players", "copies")
    # The lab's per-card rows (core.cards.card_log); opening_done's default fits: the first
    # round (its Event) begins once the colours, objectives and both set-up takes are done.
    # In play at the end: each army (Army cards, Special Units) and the Permanents below it.
    in_play_families = ("army", "permanents")
    # Held via a hand: Army deck (drawn), Command deck and Battle Line (taken), hands dealt.
    card_pool = ("army_deck", "command_deck", "battle_line", "hand")

    def prepare(self) -> None:
        cards = self.card_set = load_cards(self.cards)
        where = self.cards or "the card file"
        table = self.table = card_table(cards)
        if table.size > act.MAX_CARDS:
            raise InvalidCardData(f"{where}: {table.size} cards; at most {act.MAX_CARDS} fit")
        players = self.players
        self.teamed = players == 4
        self.sides = players
        self.teams = 2 if self.teamed else players
        self.seating = (
            Seating(tuple(range(4)), (0, 1, 0, 1), teammates_see=True)
            if self.teamed
            else Seating.duel(players)
        )
        self.layout = Layout(zone_families(players))
        self.counters = Counters(())
        self.codec = CardCodec(table, self.counters)
        self.actions = act.ParaActions(table)
        kinds = table.card
        self.is_army = [isinstance(c, Army) for c in kinds]
        self.is_command = [isinstance(c, Command) for c in kinds]
        self.starting = {
            c.colour: u for u, c in enumerate(kinds) if isinstance(c, Army) and c.start
        }
        self.army_deck_uids = [
            u
            for u, c in enumerate(kinds)
            if isinstance(c, Army) and not c.start and c.players <= players
        ]
        self.unused_army = [
            u
            for u, c in enumerate(kinds)
            if isinstance(c, Army) and not c.start and c.players > players
        ]
        self.command_uids = [u for u, c in enumerate(kinds) if isinstance(c, Command)]
        self.objective_uids = [u for u, c in enumerate(kinds) if isinstance(c, Objective)]
        self.event_uids = [u for u, c in enumerate(kinds) if isinstance(c, Event)]
        self.battle_uids = [u for u, c in enumerate(kinds) if isinstance(c, Battle)]
        self.alliance_uids = [u for u, c in enumerate(kinds) if isinstance(c, Alliance)]
        # Per uid, read in the hot paths: an Army card's colour and edges and marks, a Special
        # Unit (no colour, placed in the army like an Army card).
        self.is_special = [isinstance(c, Command) and c.type == "special" for c in kinds]
        self.special_uids = frozenset(u for u, special in enumerate(self.is_special) if special)
        self.command_type = [c.type if isinstance(c, Command) else "" for c in kinds]
        self.colour = [c.colour if isinstance(c, Army) else "" for c in kinds]
        self.left_open = [isinstance(c, Army) and c.left == "open" for c in kinds]
        self.right_open = [isinstance(c, Army) and c.right == "open" for c in kinds]
        self.full = [isinstance(c, Army) and c.full for c in kinds]
        self.cornicine = [c.cornicine or "" if isinstance(c, Army) else "" for c in kinds]
        # Each Army card's shape (rules.grid.SHAPES), and the shapes that may lie to its right
        # and to its left (none beside a Special Unit): rules.turn.placements.
        self.shape_bit = [shape_bit(c) if isinstance(c, Army) else 0 for c in kinds]
        self.fits_right_of = [fits_beside(c, "right") if isinstance(c, Army) else 0 for c in kinds]
        self.fits_left_of = [fits_beside(c, "left") if isinstance(c, Army) else 0 for c in kinds]
        self.mounted = [c.mounted or "" if isinstance(c, Army) else "" for c in kinds]
        # Per uid, the troop end an Army card in hand could close, as heuristics.end_bit of
        # its colour and whether it closes a left end, for a card with one open edge (0 for
        # the others): heuristics.troops_promise.
        self.closer = [
            end_bit(c.colour, c.right == "open")
            if isinstance(c, Army) and (c.left == "open") != (c.right == "open")
            else 0
            for c in kinds
        ]
        # The rule changes each card makes while in play (an Event's for its round).
        self.rules: list[dict[str, int]] = [{} for _ in kinds]
        for uid, c in enumerate(kinds):
            if isinstance(c, Command):
                self.rules[uid] = {str(k): v for k, v in c.rule.items()}
            elif isinstance(c, Event):
                self.rules[uid] = {str(k): v for k, v in c.modifiers.items()}
        self.rule_changers = frozenset(uid for uid, rule in enumerate(self.rules) if rule)
        self.texts = [card_text(c) for c in kinds]
        self.verbs: dict[int, tuple[str, int]] = {}  # rules.effects.verb_amount's
        self.effects: dict[tuple[int, str], Any] = {}  # rules.effects.effects_of's
        self.points = [c.points if isinstance(c, Objective) else 0 for c in kinds]
        # Each objective's kind and how much of it fulfils it (rules.scoring.unmet_objectives).
        self.goal = [(c.kind, c.at_least) if isinstance(c, Objective) else ("", 0) for c in kinds]
        self.side_of = [self.team_of(s) for s in range(players)]  # each seat's side (team)
        self.teammates = [
            [o for o in range(players) if o != s and self.team_of(o) == self.team_of(s)]
            for s in range(players)
        ]
        # Each Order's options as whole costs (the Command action's and the option's own),
        # split as rules.dice.split_general splits them.
        self.order_costs = [
            [split_general([*cards.basic.command, *o.cost]) for o in c.options]
            if isinstance(c, Command)
            else []
            for c in kinds
        ]
        self.basic = cards.basic
        # What the red die spent on a Motivate gives, and the banner it must carry if any.
        spent = cards.basic.motivate_die()
        self.motivate_pips: int = spent.pips or 1
        self.motivate_banner: str = spent.banner or ""
        # The costs by the words Pay tasks name them with (rules.dice.cost_of): each basic
        # action's, and per card its Order options', its action's or its Alliance action's.
        # Motivate's red die is spent by the Motivate decision itself, so only the rest is paid.
        self.basic_costs = {name: list(getattr(cards.basic, name)) for name in BASIC_ACTIONS}
        self.basic_costs["motivate"] = [i for i in cards.basic.motivate if i is not spent]
        # Each basic action's cost as rules.dice.Purse.pays_for weighs it at once.
        self.basic_terms = {
            name: plain_terms(name, items) for name, items in self.basic_costs.items()
        }
        self.card_costs = [costs_by_head(c) for c in kinds]
        # heuristics.open_troops by army grid, shared by the copies a search makes of one
        # position (each starts without the state's own; emptied when it grows large).
        self.troop_memo: dict[tuple[int, ...], Troops] = {}
        # The cards' costs again, by the words a Pay task names them with ("opt1-101").
        self.named_costs = {
            f"{head}-{table.token[uid]}": items
            for uid, costs in enumerate(self.card_costs)
            for head, items in costs.items()
        }
        self.has_action = [isinstance(c, Command) and c.action is not None for c in kinds]
        self.tokens_per_turn = ACTION_TOKENS[players]
        self.round_limit: int = self.options["round_limit"]
        self.equal_turns: bool = self.options["end_at"] == "round"
        needed = 2 * players + 2 if self.teamed else 3 * players  # drawn at the set-up
        if len(self.objective_uids) < needed:
            raise InvalidCardData(f"{where}: {players} players need {needed} objectives")

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        from bellica.core import InvalidConfig

        first = options["first"]
        if first != "roll" and int(first) >= self.players:
            raise InvalidConfig(
                f"option first: player {int(first) + 1} does not sit at a {self.players}-player "
                f"game (roll, or 0 to {self.players - 1})"
            )
        return options

    def unused_uids(self) -> frozenset[int]:
        """Army cards marked for more players, and the Alliances but at four."""
        return frozenset(self.unused_army + ([] if self.teamed else self.alliance_uids))

    def team_of(self, side: int) -> int:
        return side % 2 if self.teamed else side

    def opponents(self, side: int) -> list[int]:
        return [o for o in range(self.players) if self.team_of(o) != self.team_of(side)]

    # -- the contract --------------------------------------------------------------------
    @property
    def max_setup_decisions(self) -> int:
        """The set-up's decisions at their longest (`length`)."""
        return setup_decisions(self)

    @property
    def max_round_decisions(self) -> int | None:
        """The most decisions one round can hold, every player's turn together (`length`)."""
        return round_decisions(self)

    def new_game(self, seed: int = 0) -> ParaState:
        from bellica.games.para_bellum.rules.setup import new_game

        return new_game(self, seed)

    def load_position(self, text: str) -> ParaState:
        from bellica.games.para_bellum.notation import read_position

        return read_position(self, text)

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """ "player 2 (gold)", at four players "player 2 (gold, team 2)"."""
        colour = state.colour[seat] if isinstance(state, ParaState) and state.colour[seat] else ""
        parts = [p for p in (colour, f"team {self.team_of(seat) + 1}" if self.teamed else "") if p]
        return f"player {seat + 1}" + (f" ({', '.join(parts)})" if parts else "")

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from bellica.games.para_bellum.tensor import tensor_shape

        return tensor_shape(self)

    # The heuristic and the rollout policy are imported with the game (not on each call):
    # MCTS asks for them thousands of times a second.
    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, ParaState)
        return evaluate(state)[seat]

    def heuristics(self, state: State) -> list[float]:
        assert isinstance(state, ParaState)
        return evaluate(state)

    def playout_action(self, state: State, rng: Rng) -> Action:
        assert isinstance(state, ParaState)
        return rollout_action(state, rng)

    def render(self, observation: dict[str, Any]) -> Any:
        from bellica.games.para_bellum.terminal import render

        return render(observation)

    def rules_text(self) -> str:
        return RULES_FILE.read_text(encoding="utf-8")
