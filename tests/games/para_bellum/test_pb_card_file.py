"""Para Bellum's card file: our content loads with the rulebook's counts and keeps the design's
promises (colours even, every colour able to finish both a Big Legion and several small ones,
levers both to hasten and to delay the end); a bad file is refused with one InvalidCardData
naming the file, the entry and the field; and the glossary loads."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import get_args

import pytest
from card_file_edits import edited, refused
from card_file_fuzz import FUZZ, fuzz_tests
from hypothesis import given
from hypothesis import strategies as st

import bellica
from bellica.core.errors import InvalidCardData
from bellica.core.glossary import Glossary, glossary_of, load_glossary
from bellica.games.para_bellum.cards import (
    CARDS_FILE,
    COLOURS,
    DATA_DIR,
    MODIFIERS,
    VERBS,
    Army,
    CardSet,
    Effect,
    Subtype,
    load_cards,
)

CARDS = CARDS_FILE.read_text(encoding="utf-8")
GLOSSARY_FILE = DATA_DIR / "glossary.toml"
COLUMNS = 9  # columns -4..4 of an army
KIND = {
    ("closed", "open"): "L",  # closes a Legion on the left
    ("open", "closed"): "R",  # closes it on the right
    ("open", "open"): "M",  # a middle
    ("closed", "closed"): "S",  # a Legion of one
}


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary(GLOSSARY_FILE)


def _file(tmp_path: Path, old: str, new: str, text: str = CARDS) -> Path:
    return edited(tmp_path, text, old, new)


def _refused(path: Path, *fragments: str) -> str:
    return refused(load_cards, path, *fragments)


def kind(card: Army) -> str:
    return KIND[(card.left, card.right)]


# -- rows of an army: the placement rule side by side and the Legions it makes ----------------


def fits(row: Sequence[Army]) -> bool:
    """Cards side by side share a colour and meet open to open or closed to closed."""
    return all(a.colour == b.colour and a.right == b.left for a, b in pairwise(row))


def legions(row: Sequence[Army]) -> list[list[Army]]:
    """The row's Legions: maximal runs joined through open edges."""
    runs: list[list[Army]] = []
    for card in row:
        if runs and runs[-1][-1].right == "open" and card.left == "open":
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


def complete(run: Sequence[Army]) -> bool:
    return run[0].left == "closed" and run[-1].right == "closed"


def by_kind(deck: Sequence[Army]) -> dict[str, list[Army]]:
    found: dict[str, list[Army]] = {k: [] for k in "LRMS"}
    for card in deck:
        found[kind(card)].append(card)
    return found


def big_and_small_rows(deck: Sequence[Army]) -> tuple[list[Army], list[Army]]:
    """A colour's cards laid out as one Big Legion (a left-closer, every middle, a
    right-closer) and one row of small Legions (singles, then left-right pairs)."""
    k = by_kind(deck)
    big = [k["L"][0], *k["M"], k["R"][0]]
    small = list(k["S"])
    for left, right in zip(k["L"][1:], k["R"][1:], strict=True):
        small += [left, right]
    return big, small


def small_only_row(deck: Sequence[Army]) -> list[Army]:
    """As many Legions as the colour's cards make: every single, every left-right pair."""
    k = by_kind(deck)
    row = list(k["S"])
    for left, right in zip(k["L"], k["R"], strict=True):
        row += [left, right]
    return row


# -- our file: the rulebook's counts ----------------------------------------------------------


def test_our_file_holds_the_rulebooks_counts_in_the_fixed_numbering(cards: CardSet) -> None:
    starting = [a for a in cards.army if a.start]
    assert [a.number for a in starting] == [1, 2, 3, 4, 5]
    assert [a.colour for a in starting] == list(COLOURS)
    assert all(a.left == a.right == "open" for a in starting)
    deck = [a for a in cards.army if not a.start]
    assert [a.number for a in deck] == list(range(6, 61))
    assert Counter(a.players for a in deck) == {2: 25, 3: 15, 4: 15}
    assert [len(cards.army_deck(n)) for n in (2, 3, 4)] == [25, 40, 55]
    assert [c.number for c in cards.command] == list(range(101, 123))
    assert sum(c.copies for c in cards.command) == 47
    assert [o.number for o in cards.objective] == list(range(201, 213))
    assert [e.number for e in cards.event] == list(range(301, 313))
    assert [b.number for b in cards.battle] == [401, 402, 403]
    assert [a.number for a in cards.alliance] == [501, 502, 503]


def test_command_cards_are_10_orders_10_permanents_and_2_special_units(cards: CardSet) -> None:
    orders = [c for c in cards.command if c.type == "order"]
    permanents = [c for c in cards.command if c.type == "permanent"]
    specials = [c for c in cards.command if c.type == "special"]
    assert len(orders) == len(permanents) == 10 and len(specials) == 2
    assert sorted(c.copies for c in orders) == [2] * 5 + [3] * 5
    assert sum(c.copies for c in orders) == 25
    assert all(c.copies == 2 and c.subtypes for c in permanents)
    assert all(c.copies == 1 for c in specials)
    subtypes = {s for c in [*permanents, *specials] for s in c.subtypes}
    assert subtypes == set(get_args(Subtype))


def test_every_designed_entry_is_provisional_named_once_and_flavoured(cards: CardSet) -> None:
    entries = [
        *cards.army,
        *cards.command,
        *cards.objective,
        *cards.event,
        *cards.battle,
        *cards.alliance,
    ]
    assert len(entries) == 60 + 22 + 12 + 12 + 3 + 3
    assert all(e.provisional for e in entries)
    assert cards.basic.provisional
    assert len({e.name.casefold() for e in entries}) == len(entries)
    assert all(e.flavour for e in entries)
    assert len({e.flavour for e in entries}) == len(entries)


def test_the_basic_actions_cost_what_the_spec_says(cards: CardSet) -> None:
    basic = cards.basic

    def cost(items: Sequence[object]) -> list[tuple[object, ...]]:
        return [(i.die, i.pips, i.banner, i.coins) for i in items]  # type: ignore[attr-defined]

    general, red = [("general", 1, None, None)], [("red", 1, None, None)]
    assert cost(basic.command) == cost(basic.muster) == cost(basic.consult) == general
    assert cost(basic.deploy) == [("red", 2, None, None)]
    assert cost(basic.empower) == cost(basic.motivate) == red
    assert cost(basic.requisition) == [(None, None, None, 1)] and basic.empower_amount == 2


# -- our file: the Army design ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_colours_are_even_at_every_player_count(cards: CardSet, players: int) -> None:
    deck = cards.army_deck(players)
    assert Counter(a.colour for a in deck) == {c: len(deck) // 5 for c in COLOURS}
    # and each colour has the same mix of edges, so no starting colour is luckier
    mixes = {c: Counter(kind(a) for a in deck if a.colour == c) for c in COLOURS}
    assert len({tuple(sorted(m.items())) for m in mixes.values()}) == 1, mixes


def test_the_full_deck_holds_four_of_each_closer_two_middles_and_a_single_a_colour(
    cards: CardSet,
) -> None:
    for colour in COLOURS:
        deck = [a for a in cards.army_deck(4) if a.colour == colour]
        assert len(deck) == 11
        assert Counter(kind(a) for a in deck) == {"L": 4, "R": 4, "M": 2, "S": 1}, colour


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_colour_can_complete_a_big_legion_and_small_ones_with_no_card_left_over(
    cards: CardSet, players: int
) -> None:
    """Laid out as one Big Legion and a row of small ones, every card of a colour ends in a
    completed Legion, and the rows fit the army's nine columns."""
    least_small = {2: 1, 3: 3, 4: 4}[players]
    for colour in COLOURS:
        deck = [a for a in cards.army_deck(players) if a.colour == colour]
        big, small = big_and_small_rows(deck)
        assert fits(big) and fits(small), colour
        assert len(big) <= COLUMNS and len(small) <= COLUMNS
        (legion,) = legions(big)
        assert complete(legion) and len(legion) >= 3, colour
        runs = legions(small)
        assert all(complete(run) and len(run) <= 2 for run in runs), colour
        assert len(runs) >= least_small, (colour, len(runs))
        assert sorted(a.number for a in [*big, *small]) == sorted(a.number for a in deck)


@pytest.mark.parametrize(("players", "most"), [(2, 2), (3, 4), (4, 5)])
def test_small_legions_outnumber_big_ones(cards: CardSet, players: int, most: int) -> None:
    """The choice the rulebook's tip describes: a colour's cards make `most` small Legions (a
    Blazon sooner, more of them) but only one Big Legion at two or three players, two at four
    (besides the Starting card's: each Big Legion needs a middle)."""
    for colour in COLOURS:
        deck = [a for a in cards.army_deck(players) if a.colour == colour]
        row = small_only_row(deck)
        assert fits(row)
        runs = legions(row)
        assert all(complete(run) for run in runs) and len(runs) == most
        k = by_kind(deck)
        bigs = min(len(k["L"]), len(k["R"]), len(k["M"]))
        assert bigs == (2 if players == 4 else 1)


def test_each_starting_card_needs_two_closers_and_has_spares(cards: CardSet) -> None:
    """Left-closer, Starting card, right-closer: a Big Legion of the starting colour; at every
    player count there are two of each closer in that colour, so one lost card does not
    strand the Starting card."""
    for start in (a for a in cards.army if a.start):
        for players in (2, 3, 4):
            k = by_kind([a for a in cards.army_deck(players) if a.colour == start.colour])
            assert len(k["L"]) >= 2 and len(k["R"]) >= 2
            row = [k["L"][0], start, k["R"][0]]
            assert fits(row)
            (legion,) = legions(row)
            assert complete(legion) and len(legion) == 3
            assert not fits([k["R"][0], start])  # a right-closer cannot sit on its left
            assert not fits([start, k["L"][0]])  # nor a left-closer on its right


def test_a_card_of_another_colour_or_edge_does_not_fit_beside(cards: CardSet) -> None:
    deck = cards.army_deck(4)
    gold_left = next(a for a in deck if a.colour == "gold" and kind(a) == "L")
    gold_right = next(a for a in deck if a.colour == "gold" and kind(a) == "R")
    green_right = next(a for a in deck if a.colour == "green" and kind(a) == "R")
    gold_single = next(a for a in deck if a.colour == "gold" and kind(a) == "S")
    assert fits([gold_left, gold_right]) and not fits([gold_left, green_right])
    assert not fits([gold_left, gold_single])  # open meets closed
    assert fits([gold_right, gold_left])  # closed meets closed: two Legions side by side
    assert len(legions([gold_single, gold_left, gold_right])) == 2


def test_full_colour_cornicine_and_mounted_cards_are_spread_over_the_colours(
    cards: CardSet,
) -> None:
    deck = cards.army_deck(4)
    full = Counter(a.colour for a in deck if a.full)
    cornicines = Counter(a.colour for a in deck if a.cornicine)
    mounted = Counter(a.colour for a in deck if a.mounted)
    assert full == {c: 4 for c in COLOURS}  # 20 of 55, about a third
    assert cornicines == mounted == {c: 2 for c in COLOURS}
    assert not any(a.full or a.cornicine or a.mounted for a in cards.army if a.start)
    # a full-colour card weighs in a Big Legion's Morale test: most middles are full
    assert sum(a.full for a in deck if kind(a) == "M") >= 10
    assert {a.cornicine for a in deck if a.cornicine} == {"left", "right"}
    assert {a.mounted for a in deck if a.mounted} == {"top", "bottom"}
    # a Cornicine points at a side where a card of its Legion can stand
    for card in deck:
        if card.cornicine:
            assert getattr(card, card.cornicine) == "open", card.name


# -- our file: Command cards and the rest -------------------------------------------------------


def _effects(cards: CardSet) -> list[Effect]:
    found: list[Effect] = []
    for command in cards.command:
        for ability in [*command.options, *([command.action] if command.action else [])]:
            found += ability.effects
    for event in cards.event:
        found += event.on_reveal
    for battle in cards.battle:
        for colour in COLOURS:
            found += battle.bonus(colour)
    for alliance in cards.alliance:
        found += [*alliance.action.effects, *alliance.bonus]
    return found


def test_every_verb_and_every_modifier_is_used(cards: CardSet) -> None:
    assert {e.verb for e in _effects(cards)} == set(VERBS)
    rules = [c.rule for c in cards.command] + [e.modifiers for e in cards.event]
    assert {key for rule in rules for key in rule} == set(MODIFIERS)


def test_the_rulebooks_examples_are_in(cards: CardSet) -> None:
    """An Assassin that eliminates a Character, cards that disable permanents, and a Construct
    the Rushed Construction bonus can play for free."""
    named = {c.name: c for c in cards.command}
    assassin = named["Assassin"]
    assert assassin.action is not None
    assert [e.eliminate for e in assassin.action.effects] == ["character"]
    assert any(c.type == "permanent" and "character" in c.subtypes for c in cards.command)
    assert sum(e.verb == "disable" for e in _effects(cards)) >= 2
    constructs = [c for c in cards.command if "construct" in c.subtypes]
    assert {c.type for c in constructs} == {"permanent", "special"}
    rushed = [b for b in cards.battle for c in COLOURS if any(e.free_construct for e in b.bonus(c))]
    assert len(rushed) == 1


def test_both_ends_of_the_game_have_levers(cards: CardSet) -> None:
    """Muster to end the game sooner, Requisition to put it off: each has cards to help."""
    sooner = [c.name for c in cards.command if c.rule.get("muster_free")]
    sooner += [e.name for e in cards.event if e.modifiers.get("muster_free")]
    draws = [e for e in _effects(cards) if e.verb == "draw_army"]
    later = [c.name for c in cards.command if c.rule.get("requisition_coins")]
    later += [e.name for e in cards.event if e.modifiers.get("requisition_coins")]
    assert len(sooner) >= 2 and len(draws) >= 3 and len(later) >= 2


def test_objectives_reward_both_plans_and_mix_secret_and_open(cards: CardSet) -> None:
    objectives = cards.objective
    assert all(2 <= o.points <= 6 for o in objectives)
    kinds = Counter(o.kind for o in objectives)
    assert kinds["blazons"] >= 2 and kinds["big_legions"] >= 2 and kinds["legions"] >= 1
    assert len(kinds) >= 9
    secret = sum(o.secret for o in objectives)
    assert 6 <= secret <= 9, secret
    assert all(o.at_least <= 4 for o in objectives if o.kind == "blazons")  # 5 ends the game


def test_events_battles_and_alliances_are_mild_and_varied(cards: CardSet) -> None:
    changed = [tuple(sorted(e.modifiers)) + tuple(x.verb for x in e.on_reveal) for e in cards.event]
    assert len(set(changed)) == 12
    assert all(abs(v) <= 2 for e in cards.event for v in e.modifiers.values())
    for battle in cards.battle:
        assert all(1 <= len(battle.bonus(c)) <= 2 for c in COLOURS)
        assert len({tuple(e.verb for e in battle.bonus(c)) for c in COLOURS}) == 5
    for alliance in cards.alliance:
        assert alliance.action.cost and 3 <= alliance.track <= 5
    assert len({a.track for a in cards.alliance}) == 3


# -- bad files ----------------------------------------------------------------------------------

HASTATI = "army #6 (006 Gold Hastati of the Tenth), field "
MARCH = "command #1 (101 Forced March), field options.0.effects"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'colour = "gold"\nleft = "closed"',
            'colour = "red"\nleft = "closed"',
            HASTATI + "colour: must be 'gold', 'green', 'purple', 'white' or 'black', not 'red'",
        ),
        (
            'colour = "gold"\nleft = "closed"',
            'colour = "gold"\nleft = "half"',
            HASTATI + "left: must be 'open' or 'closed', not 'half'",
        ),
        (
            'colour = "gold"\nstart = true\nleft = "open"',
            'colour = "gold"\nstart = true\nleft = "closed"',
            "army #1 (001 Gold Eagle of the Tenth), field left: a Starting card's edges are both "
            "open",
        ),
        (
            'colour = "green"\nstart = true',
            'colour = "gold"\nstart = true',
            "army: the set needs one Starting card of each colour (gold, green, purple, white, "
            "black), not gold, gold, purple, white, black",
        ),
        (
            'colour = "gold"\nplayers = 3',
            'colour = "gold"\nplayers = 5',
            "army #31 (031 Gold Sagittarii of the Tenth), field players: must be a whole number "
            "from 2 to 4, not 5",
        ),
        (
            'cornicine = "right"',
            'cornicine = "up"',
            "army #11 (011 Gold Velites of the Tenth), field cornicine: must be 'left' or "
            "'right', not 'up'",
        ),
        (
            "{ effects = [{ draw_army = 2 }] },",
            "{ effects = [{ draw_army = 2, coins = 1 }] },",
            MARCH + ".0: an effect names exactly one verb of vp, coins,",
        ),
        (
            "{ effects = [{ draw_army = 2 }] },",
            "{ effects = [{ draw_army = 4 }] },",
            MARCH + ".0.draw_army: must be a whole number from 1 to 3, not 4",
        ),
        (
            "{ effects = [{ draw_army = 2 }] },",
            "{ effects = [{ plunder = 4 }] },",
            MARCH + ".0.plunder: is not a known field (known: vp, coins,",
        ),
        (
            "{ effects = [{ draw_army = 2 }] },",
            "{ effects = [] },",
            MARCH + ": must hold at least 1 entries, not 0",
        ),
        (
            'banner = "speculatore" }], effects = [{ harass = 2 }]',
            'banner = "warlord" }], effects = [{ harass = 2 }]',
            "command #6 (106 Night Raid), field options.0.cost.0: a warlord banner is never on a "
            "grey die",
        ),
        (
            '{ die = "red", pips = 2 }], effects = [{ recruit = "grey" }] },',
            '{ die = "red" }], effects = [{ recruit = "grey" }] },',
            "command #5 (105 Dig In), field options.0.cost.0: a die cost needs its pips",
        ),
        (
            'type = "order"\ncopies = 3',
            'type = "order"\ncopies = 3\nrule = { actions = 1 }',
            "command #1 (101 Forced March): an order has options only",
        ),
        (
            'subtypes = ["cavalry"]\nrule = { consult_free = 1 }',
            'subtypes = ["cavalry"]',
            "command #19 (119 Mounted Scouts): a permanent needs an action, a rule, or both",
        ),
        (
            "rule = { centurion_vp = 1 }",
            "rule = { centurion_vp = 1, plunder = 1 }",
            "command #15 (115 Shrine of Mars), field rule.plunder.[key]: must be 'empower_bonus',",
        ),
        (
            "rule = { centurion_vp = 1 }",
            "rule = { centurion_vp = 4 }",
            "command #15 (115 Shrine of Mars), field rule.centurion_vp: must be a whole number "
            "from -3 to 3, not 4",
        ),
        (
            'subtypes = ["character"]\naction',
            'subtypes = ["priest"]\naction',
            "command #11 (111 Assassin), field subtypes.0: must be 'character', 'construct',",
        ),
        (
            "copies = 3",
            "copies = 7",
            "command #1 (101 Forced March), field copies: must be a whole number from 1 to 6, "
            "not 7",
        ),
        (
            "number = 201\n",
            "number = 101\n",
            "objective #1 (101 Eagles of Every Colour), field number: 101 is already the number "
            "of command #1 (101 Forced March)",
        ),
        (
            'name = "Pay Day"',
            'name = "Forced March"',
            "event #1 (301 Forced March), field name: 'Forced March' is already the name of "
            "command #1 (101 Forced March)",
        ),
        (
            "on_reveal = [{ coins = 1 }]\n",
            "",
            "event #1 (301 Pay Day): an event changes a rule or does something when revealed",
        ),
        (
            'kind = "blazons"\nat_least = 4',
            'kind = "colours"\nat_least = 4',
            "objective #1 (201 Eagles of Every Colour), field kind: must be 'legions',",
        ),
        (
            "track = 3",
            "track = 9",
            "alliance #1 (501 Sworn Brothers), field track: must be a whole number from 2 to 6, "
            "not 9",
        ),
        ("gold = [{ vp = 3 }]\n", "", "battle #1 (401 Pharsalus), field gold: is required"),
        (
            'motivate = [{ die = "red", pips = 1 }]',
            'motivate = [{ die = "general", pips = 1 }]',
            "field basic: motivate: the cost names exactly one red die",
        ),
        (
            'motivate = [{ die = "red", pips = 1 }]',
            'motivate = [{ die = "red", pips = 1 }, { die = "grey", pips = 1 }]',
            "its other items may only be General pips or coins",
        ),
        (
            "empower_amount = 2\nprovisional = true",
            "empower_amount = 2",
            "field basic.provisional: is required",
        ),
    ],
)
def test_bad_entries_are_refused_naming_the_entry_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    _refused(_file(tmp_path, old, new), message)


def test_a_duplicate_key_is_refused_as_bad_toml(tmp_path: Path) -> None:
    path = _file(tmp_path, 'name = "Pay Day"', 'name = "Pay Day"\nname = "Pay Night"')
    _refused(path, "not valid TOML: Cannot overwrite a value")


def test_a_missing_basic_table_is_named(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(CARDS[: CARDS.index("[basic]")], encoding="utf-8")
    _refused(path, "field basic: is required")


def test_a_smaller_deck_of_ones_own_loads(tmp_path: Path) -> None:
    """A user's file need not hold the whole box: without its IV cards it still loads."""
    start = CARDS.index("# players = 4")
    end = CARDS.index("# --- Command cards")
    path = tmp_path / "cards.toml"
    path.write_text(CARDS[:start] + CARDS[end:], encoding="utf-8")
    assert len(load_cards(path).army_deck(4)) == 40


# -- fuzzing ------------------------------------------------------------------------------------

_FUZZ_TMP = tempfile.TemporaryDirectory(prefix="bellica-fuzz-pb-")  # gone at exit
_FUZZ_DIR = Path(_FUZZ_TMP.name)
test_a_mangled_card_file_loads_or_is_refused, test_random_values_in_fields_load_or_are_refused = (
    fuzz_tests(
        CARDS,
        load_cards,
        words=["gold", "open", "closed", "order", "permanent", "special", "red", "warlord"],
        keys=["die", "pips", "banner", "coins", "effects", "vp", "x"],
    )
)


@FUZZ
@given(st.sampled_from(["open", "closed"]), st.sampled_from(["open", "closed"]))
def test_a_starting_card_loads_only_open_on_both_sides(left: str, right: str) -> None:
    old = 'colour = "gold"\nstart = true\nleft = "open"\nright = "open"'
    new = f'colour = "gold"\nstart = true\nleft = "{left}"\nright = "{right}"'
    path = _FUZZ_DIR / "cards.toml"
    path.write_text(CARDS.replace(old, new, 1), encoding="utf-8")
    if left == right == "open":
        assert load_cards(path).army[0].start
    else:
        _refused(path, "army #1 (001 Gold Eagle of the Tenth), field left: a Starting card")


# -- the glossary -------------------------------------------------------------------------------

GLOSSARY_KEYS = {
    "army-card",
    "starting-card",
    "colour",
    "edge",
    "legion",
    "big-legion",
    "centurion",
    "general-die",
    "centurion-die",
    "legion-die",
    "banner",
    "strategist",
    "field-commander",
    "warlord",
    "artifex",
    "veterani",
    "speculatore",
    "coin",
    "action-token",
    "command",
    "deploy",
    "muster",
    "empower",
    "consult",
    "motivate",
    "requisition",
    "order",
    "permanent",
    "special-unit",
    "character",
    "construct",
    "cavalry",
    "engineer",
    "religious",
    "battle-line",
    "battle-bonus",
    "morale-test",
    "objective",
    "event",
    "alliance",
    "runner",
    "color-blazon",
    "cornicine",
    "mounted-commander",
    "full-colour",
    "disabled",
    "victory-points",
    "ending-player",
}


def test_the_glossary_has_an_entry_for_every_piece_action_and_keyword(
    glossary: Glossary,
) -> None:
    keys = {entry.key for entry in glossary.entry}
    assert GLOSSARY_KEYS - keys == set()
    assert glossary_of(bellica.load("para-bellum")) == glossary  # the game finds it
    for word, key in {
        "Big Legions": "big-legion",
        "grey dice": "legion-die",
        "red die": "centurion-die",
        "Color Blazons": "color-blazon",
        "Special Unit": "special-unit",
        "Field Commander": "field-commander",
        "full-colour": "full-colour",
        "Morale test": "morale-test",
    }.items():
        assert key in glossary.find(f"It brings a {word}."), word


def test_the_glossary_marks_the_words_a_card_text_uses(glossary: Glossary) -> None:
    text = (
        "Command: play an Order. Permanent (Character, Construct): spend 2 from a red die with "
        "a Warlord banner to eliminate an opponent's Character; Muster costs no General die. "
        "Battle Bonus: Deploy a Construct free. Every opponent takes a Morale test."
    )
    found = set(glossary.find(text))
    wanted = {"command", "order", "permanent", "character", "construct", "centurion-die"}
    wanted |= {"warlord", "banner", "muster", "general-die", "battle-bonus", "deploy"}
    assert wanted | {"morale-test"} <= found


def test_a_glossary_word_may_mark_only_one_entry(tmp_path: Path) -> None:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    path = tmp_path / "glossary.toml"
    old = 'words = ["Runner", "Runners"]'
    assert old in text
    path.write_text(text.replace(old, 'words = ["Runner", "Runners", "coin"]'))
    with pytest.raises(InvalidCardData, match="the word 'coin' marks 2 entries"):
        load_glossary(path)


# -- the game with a card file ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_plays_a_users_own_card_file(tmp_path: Path, players: int) -> None:
    """`bellica.load(..., cards=PATH)`: the game holds the edited Starting card, never the
    original, and random play reaches a result at every player count."""
    text = CARDS.replace('name = "Gold Eagle of the Tenth"', 'name = "Gilded Eagle"', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    game = bellica.load("para-bellum", players=players, cards=str(path))
    assert "Gilded Eagle" in {card.name for card in game.table.card}
    state = game.new_game(seed=players)
    rng = random.Random(players)
    names: set[str] = set()
    for _ in range(20_000):
        if state.is_terminal:
            break
        for view in state.observation(-1)["players_view"]:
            names |= {cell["card"]["name"] for cell in view["army"]}
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal
    assert state.observation(-1)["result"]["winners"]
    assert "Gold Eagle of the Tenth" not in names


def test_the_game_refuses_a_bad_card_file_naming_it(tmp_path: Path) -> None:
    path = _file(tmp_path, 'colour = "gold"\nleft = "closed"', 'colour = "red"\nleft = "closed"')
    with pytest.raises(InvalidCardData) as caught:
        bellica.load("para-bellum", cards=str(path))
    assert str(caught.value).startswith(f"{path}: {HASTATI}colour: ")
