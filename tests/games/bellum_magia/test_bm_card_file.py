"""Bellum Magia's card file: our content loads with the rulebook's counts and keeps the design's
promises (every die face matters, both edges of a creature count, Places scale, ranks differ in
strength); a bad file is refused with one InvalidCardData naming the file, the entry and the
field; and the glossary loads with an entry for every piece, value and token."""

from __future__ import annotations

import random
import re
import tempfile
from collections import Counter
from pathlib import Path
from statistics import mean

import pytest
from card_file_edits import edited, refused
from card_file_fuzz import FUZZ, fuzz_tests, literal
from hypothesis import given
from hypothesis import strategies as st

import bellica
from bellica.core.errors import InvalidCardData
from bellica.core.glossary import Glossary, load_glossary
from bellica.games.bellum_magia.cards import (
    BONUS_TOKENS,
    CARDS_FILE,
    DATA_DIR,
    FACES,
    LEFT,
    RIGHT,
    CardSet,
    Creature,
    Horde,
    load_cards,
)

CARDS = CARDS_FILE.read_text(encoding="utf-8")
GLOSSARY_FILE = DATA_DIR / "glossary.toml"
# How much one point of each value is worth, in food, for comparing strengths (a glyph buys a
# third of a Most Evil Creature; a map can win a chest; a magic sword also breaks wards).
WORTH = {"food": 1, "glyph": 2, "maps": 2, "swords": 1, "magic": 2.5, "thieves": 2}
GOBLIN = (
    'name = "Gutscrape Goblin"\nrank = "goblin"\nflavour = "Licks the pots clean, then the cook."\n'
)


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


def strength(horde: Horde, side: tuple[str, ...]) -> float:
    """What one edge adds over the six lines, in food."""
    return sum(WORTH[value] * sum(horde.line(value)) for value in side)


def lines_used(horde: Horde, side: tuple[str, ...]) -> int:
    return sum(any(horde.line(value)[face] for value in side) for face in range(FACES))


# -- our file: the rulebook's counts --------------------------------------------------------


def test_our_file_holds_the_rulebooks_pieces_in_the_fixed_numbering(cards: CardSet) -> None:
    assert [c.number for c in cards.creatures("goblin")] == list(range(1, 11))
    assert [c.number for c in cards.creatures("evil")] == list(range(11, 57))
    assert [c.number for c in cards.creatures("most_evil")] == list(range(57, 77))
    assert [p.number for p in cards.places("tavern")] == [77]
    assert [p.number for p in cards.places("farm")] == list(range(78, 85))
    assert [p.number for p in cards.places("village")] == list(range(85, 92))
    assert [p.number for p in cards.places("town")] == list(range(92, 102))
    assert [c.number for c in cards.castle] == list(range(102, 107))
    assert (len(cards.chests.wooden), len(cards.chests.metal), len(cards.chests.gold)) == (
        20,
        20,
        10,
    )
    reserve = cards.reserve
    assert (reserve.food, reserve.glyph, reserve.barrel) == (30, 20, 10)


def test_every_designed_piece_is_provisional_and_every_name_unique(cards: CardSet) -> None:
    entries = [*cards.castle, *cards.creature, *cards.place]
    assert len(entries) == 106
    assert all(e.provisional for e in entries)
    assert cards.chests.provisional
    assert len({e.name.casefold() for e in entries}) == 106
    assert all(e.flavour for e in entries)


def test_bonus_tokens_leave_shield_tokens_for_robbed_lords(cards: CardSet) -> None:
    carried: Counter[str] = Counter(c.bonus for c in cards.creature if c.bonus)
    assert carried == {"shield": 7, "roll_again": 14, "magic_shield": 6}
    assert all(carried[b] <= n for b, n in BONUS_TOKENS.items())
    assert not any(c.bonus for c in cards.creatures("goblin"))  # dealt at random: no luck


# -- our file: the design's promises ----------------------------------------------------------


def test_every_face_of_every_castle_produces_and_attacks(cards: CardSet) -> None:
    """Six different lines; on each, something on the left and something on the right."""
    for castle in cards.castle:
        lines = [tuple(castle.line(v)[face] for v in (*LEFT, *RIGHT)) for face in range(FACES)]
        assert len(set(lines)) == FACES, castle.name
        assert lines_used(castle, LEFT) == FACES, castle.name
        assert lines_used(castle, RIGHT) == FACES, castle.name
        assert 2 <= castle.shield <= 4, castle.name
        assert sum(castle.line("thieves")) < sum(castle.line("swords")), castle.name


def test_castles_are_of_similar_worth_but_not_alike(cards: CardSet) -> None:
    """Lines and printed shield together weigh about the same; one castle leans to raiding,
    another to producing."""
    worth = [strength(c, LEFT) + strength(c, RIGHT) + c.shield for c in cards.castle]
    assert max(worth) - min(worth) <= 2.5, worth
    leaning = [strength(c, LEFT) - strength(c, RIGHT) for c in cards.castle]
    assert min(leaning) <= -5 and max(leaning) >= 5, leaning


def test_every_creature_counts_on_both_edges(cards: CardSet) -> None:
    for creature in cards.creature:
        least = 1 if creature.rank == "goblin" else 2
        assert lines_used(creature, LEFT) >= least, creature.name
        assert lines_used(creature, RIGHT) >= least, creature.name
        assert lines_used(creature, LEFT) <= 5 and lines_used(creature, RIGHT) <= 4


def test_ranks_grow_in_strength(cards: CardSet) -> None:
    """A Goblin is about half an Evil Creature; a Most Evil one about twice and a bit."""

    def average(rank: str) -> float:
        return mean(strength(c, LEFT) + strength(c, RIGHT) for c in cards.creatures(rank))

    goblin, evil, most = average("goblin"), average("evil"), average("most_evil")
    assert 0.45 <= goblin / evil <= 0.6, (goblin, evil)
    assert 2.0 <= most / evil <= 2.5, (most, evil)
    weakest_most = min(strength(c, RIGHT) for c in cards.creatures("most_evil"))
    assert weakest_most > max(strength(c, RIGHT) for c in cards.creatures("evil"))


def test_magic_swords_are_mostly_most_evil(cards: CardSet) -> None:
    magic = {
        r: sum(sum(c.line("magic")) for c in cards.creatures(r)) for r in ("evil", "most_evil")
    }
    assert magic["most_evil"] >= 5 * magic["evil"] > 0
    assert all(sum(c.line("magic")) for c in cards.creatures("most_evil"))
    thieves = sum(sum(c.line("thieves")) for c in cards.creature)
    assert thieves * 5 < sum(sum(c.line("swords")) for c in cards.creature)


@pytest.mark.parametrize("rank", ["evil", "most_evil"])
def test_each_rank_supports_every_face(cards: CardSet, rank: str) -> None:
    """Each value a rank carries is spread over the six faces: a common value reaches every
    face about equally, a rare one (magic swords of Evil Creatures, thieves) most faces."""
    creatures = cards.creatures(rank)
    for value in (*LEFT, *RIGHT):
        per_face = [sum(c.line(value)[face] for c in creatures) for face in range(FACES)]
        if sum(per_face) >= 12:
            assert min(per_face) >= 2 and max(per_face) - min(per_face) <= 3, (value, per_face)
        else:
            assert sum(n > 0 for n in per_face) >= min(sum(per_face), 4), (value, per_face)
            assert max(per_face) <= 2, (value, per_face)


def test_places_scale_from_farms_to_towns(cards: CardSet) -> None:
    bounds = {"farm": (1, 3), "village": (3, 5), "town": (5, 9)}
    for kind, (low, high) in bounds.items():
        for place in cards.places(kind):
            assert low <= place.shield <= high, place.name
            assert place.spoils(), place.name
    farms, villages, towns = (cards.places(k) for k in ("farm", "village", "town"))
    assert all(p.metal == p.gold == p.magic_shield == 0 and p.wooden <= 1 for p in farms)
    assert all(p.gold == p.magic_shield == 0 for p in villages)
    assert all(p.wooden == 0 and p.metal + p.gold >= 1 for p in towns)
    assert 3 <= sum(p.magic_shield > 0 for p in towns) <= 5
    assert all(p.magic_shield <= 2 for p in towns)
    assert sum(p.gold for p in towns) <= len(cards.chests.gold)
    chests = [sum(p.wooden + p.metal + p.gold for p in ps) for ps in (farms, villages, towns)]
    assert chests[0] < chests[1] < chests[2], chests


def test_the_tavern_is_a_small_daily_prize(cards: CardSet) -> None:
    (tavern,) = cards.places("tavern")
    assert tavern.shield == 2 and tavern.magic_shield == 0
    assert tavern.spoils() == {"food": 1, "barrel": 1}


def test_chest_values_rise_by_kind_with_a_few_surprises(cards: CardSet) -> None:
    wooden, metal, gold = cards.chests.wooden, cards.chests.metal, cards.chests.gold
    assert mean(wooden) == 2 and mean(metal) == 3.5 and mean(gold) == 6
    assert min(wooden) == 0 and max(gold) == 10 and min(gold) < max(metal)


# -- bad files ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'rank = "evil"',
            'rank = "wicked"',
            "creature #11 (011 Bog Troll), field rank: must be 'goblin', 'evil' or 'most_evil', "
            "not 'wicked'",
        ),
        (
            GOBLIN + "food    = [1, 0, 0, 1, 0, 0]",
            GOBLIN + "food    = [1, 0, 0, 1, 0]",
            "creature #1 (001 Gutscrape Goblin), field food: must hold at least 6 entries, not 5",
        ),
        (
            GOBLIN + "food    = [1, 0, 0, 1, 0, 0]",
            GOBLIN + "food    = [1, 0, -1, 1, 0, 0]",
            "creature #1 (001 Gutscrape Goblin), field food.2: must be a whole number from 0 to "
            "9, not -1",
        ),
        (
            GOBLIN + "food    = [1, 0, 0, 1, 0, 0]",
            GOBLIN + 'food    = [1, 0, 0, 1, 0, "1"]',
            "creature #1 (001 Gutscrape Goblin), field food.5: must be a whole number",
        ),
        (
            'name = "Grimspire"',
            'name = "Grimspire"\nmagic_shield = 1',
            "castle #1 (102 Grimspire), field magic_shield: is not a known field",
        ),
        (
            "shield = 3\n",
            "shield = 21\n",
            "castle #1 (102 Grimspire), field shield: must be a whole number from 0 to 20, not 21",
        ),
        (
            'name = "Thistledown Farm"\nkind = "farm"',
            'name = "Thistledown Farm"\nkind = "hamlet"',
            "place #2 (078 Thistledown Farm), field kind: must be 'tavern', 'farm', 'village' or "
            "'town', not 'hamlet'",
        ),
        (
            'name = "Thistledown Farm"\nkind = "farm"',
            'name = "Thistledown Farm"\nkind = "tavern"',
            "place: the set needs exactly one tavern, not 2",
        ),
        (
            "number = 12\n",
            "number = 11\n",
            "creature #12 (011 Cave Troll), field number: 011 is already the number of "
            "creature #11 (011 Bog Troll)",
        ),
        (
            'name = "Cave Troll"',
            'name = "Bog Troll"',
            "creature #12 (012 Bog Troll), field name: 'Bog Troll' is already the name of "
            "creature #11 (011 Bog Troll)",
        ),
        (
            "number = 102\n",
            "number = 77\n",
            "castle #1 (077 Grimspire), field number: 077 is already the number of "
            "place #1 (077 The Crooked Tankard)",
        ),
        (
            'bonus = "shield"',
            'bonus = "gold"',
            "creature #11 (011 Bog Troll), field bonus: must be 'shield', 'roll_again' or "
            "'magic_shield', not 'gold'",
        ),
        (
            "wooden = [0, 1,",
            "wooden = [-1, 1,",
            "field chests.wooden.0: must be a whole number from 0 to 99, not -1",
        ),
        ("gold = [3, 5,", "gold = [3.5, 5,", "field chests.gold.0: must be a whole number"),
        ("[reserve]\nfood = 30", "[reserve]\nfood = 0", "field reserve.food: must be a whole"),
        (
            "[reserve]\nfood = 30",
            "[reserve]\nfood = 30\nprovisional = true",
            "field reserve.provisional: is not a known field (known: food, glyph, barrel)",
        ),
        (
            GOBLIN,
            GOBLIN + "speed = 3\n",
            "creature #1 (001 Gutscrape Goblin), field speed: is not a known field (known: "
            "number, name, flavour, provisional, food,",
        ),
        (
            GOBLIN + "food    = [1, 0, 0, 1, 0, 0]\nswords  = [0, 0, 1, 0, 0, 1]\n",
            GOBLIN,
            "creature #1 (001 Gutscrape Goblin): a creature adds something to at least one line",
        ),
    ],
)
def test_bad_entries_are_refused_naming_the_entry_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    _refused(_file(tmp_path, old, new), message)


def test_a_duplicate_key_is_refused_as_bad_toml(tmp_path: Path) -> None:
    path = _file(tmp_path, 'name = "Grimspire"', 'name = "Grimspire"\nshield = 4')
    _refused(path, "not valid TOML: Cannot overwrite a value")


def test_more_roll_again_creatures_than_tokens_names_the_eighteenth(tmp_path: Path) -> None:
    text = re.sub(r'bonus = "\w+"', 'bonus = "roll_again"', CARDS)
    carriers = [m for m in re.finditer(r'bonus = "roll_again"', text)]
    assert len(carriers) == 27
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    eighteenth = [c for c in load_cards().creature if c.bonus][17]
    number = eighteenth.number
    _refused(
        path,
        f"creature #{number} ({number:03d} {eighteenth.name}), field bonus: the box holds 17 "
        "roll_again tokens, and more creatures than that carry one",
    )


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("[reserve]", "field reserve: is required"),
        ("[chests]", "field chests: is required"),
    ],
)
def test_a_missing_table_is_named(tmp_path: Path, table: str, message: str) -> None:
    start = CARDS.index(table)
    end = CARDS.find("\n[", start + 1)
    path = tmp_path / "cards.toml"
    path.write_text(CARDS[:start] + (CARDS[end:] if end >= 0 else ""), encoding="utf-8")
    _refused(path, message)


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("goblin", "creature: the set needs at least 10 creatures of rank 'goblin', not 9"),
        ("tavern", "place: the set needs exactly one tavern, not 0"),
    ],
)
def test_too_few_pieces_of_a_kind_are_refused(tmp_path: Path, kind: str, message: str) -> None:
    """The first entry of that kind taken out."""
    key = "rank" if kind == "goblin" else "kind"
    at = CARDS.index(f'{key} = "{kind}"')
    start = CARDS.rindex("[[", 0, at)
    end = CARDS.index("\n\n", at) + 2
    path = tmp_path / "cards.toml"
    path.write_text(CARDS[:start] + CARDS[end:], encoding="utf-8")
    _refused(path, message)


def test_a_smaller_set_of_ones_own_loads(tmp_path: Path) -> None:
    """A user's file need not hold the whole box: without its last Town it still loads."""
    start = CARDS.index('name = "Lionsgate"')
    start = CARDS.rindex("[[place]]", 0, start)
    end = CARDS.index("\n\n", start) + 2
    path = tmp_path / "cards.toml"
    path.write_text(CARDS[:start] + CARDS[end:], encoding="utf-8")
    assert len(load_cards(path).places("town")) == 9


# -- fuzzing ------------------------------------------------------------------------------------

_FUZZ_TMP = tempfile.TemporaryDirectory(prefix="bellica-fuzz-bm-")  # gone at exit
_FUZZ_DIR = Path(_FUZZ_TMP.name)
test_a_mangled_card_file_loads_or_is_refused, test_random_values_in_fields_load_or_are_refused = (
    fuzz_tests(
        CARDS,
        load_cards,
        words=["goblin", "evil", "most_evil", "tavern", "farm", "town", "roll_again"],
        keys=["food", "shield", "rank", "x"],
        longest=7,
    )
)


@FUZZ
@given(st.lists(st.integers(0, 9), min_size=0, max_size=9))
def test_a_line_of_any_length_loads_only_with_six_values(values: list[int]) -> None:
    old = GOBLIN + "food    = [1, 0, 0, 1, 0, 0]"
    text = CARDS.replace(old, GOBLIN + f"food    = {literal(values)}", 1)
    path = _FUZZ_DIR / "cards.toml"
    path.write_text(text, encoding="utf-8")
    if len(values) == FACES:
        goblin = load_cards(path).creature[0]
        assert isinstance(goblin, Creature) and goblin.food == values
    else:
        _refused(path, "creature #1 (001 Gutscrape Goblin), field food: must hold at ")


# -- the glossary -------------------------------------------------------------------------------

GLOSSARY_KEYS = {
    "castle",
    "horde-line",
    "die",
    "captain",
    "food",
    "glyph",
    "barrel",
    "maps",
    "swords",
    "magic",
    "thieves",
    "shield",
    "magic-shield",
    "shield-token",
    "magic-shield-token",
    "roll-again",
    "goblin",
    "evil",
    "most-evil",
    "place",
    "farm",
    "village",
    "town",
    "tavern",
    "chest",
    "wooden",
    "metal",
    "gold",
    "scouts",
    "raid",
    "castle-attack",
    "kingdom",
    "reserve",
    "wealth",
}


def test_the_glossary_has_an_entry_for_every_piece_value_and_token(glossary: Glossary) -> None:
    keys = {entry.key for entry in glossary.entry}
    assert GLOSSARY_KEYS - keys == set()
    for word, key in {
        "Roll Again": "roll-again",
        "Confusion spell": "roll-again",
        "active horde": "horde-line",
        "treasure maps": "maps",
        "Magic Shield token": "magic-shield-token",
        "Most Evil Creature": "most-evil",
        "Gold chest": "gold",
    }.items():
        assert key in glossary.find(f"It brings a {word}."), word


def test_the_glossary_marks_every_value_and_kind_a_piece_text_names(glossary: Glossary) -> None:
    """The words a piece's text uses for its values, bonuses, ranks and spoils are marked."""
    text = (
        "Most Evil Creature. Left: 1: 2 food, 1 glyph; 4: 1 treasure map. Right: 2: 3 swords, "
        "1 magic sword; 5: 1 thief. Brings a Magic Shield token. Shield 6, magic shield 1. "
        "Spoils: 1 Barrel, 1 Wooden chest, 2 Gold chests."
    )
    found = set(glossary.find(text))
    wanted = {"most-evil", "left", "food", "glyph", "maps", "right", "swords", "magic"}
    wanted |= {"thieves", "magic-shield-token", "shield", "magic-shield", "spoils", "barrel"}
    assert wanted | {"wooden", "gold"} <= found


def test_a_glossary_word_may_mark_only_one_entry(tmp_path: Path) -> None:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    path = tmp_path / "glossary.toml"
    path.write_text(text.replace('words = ["Tavern"]', 'words = ["Tavern", "food"]'))
    with pytest.raises(InvalidCardData, match="the word 'food' marks 2 entries"):
        load_glossary(path)


# -- the game with a card file ------------------------------------------------------------------


def test_the_game_plays_a_users_own_card_file(tmp_path: Path) -> None:
    """`bellica.load(..., cards=PATH)`: the game deals the edited pieces and plays to an end."""
    text = CARDS.replace('name = "Grimspire"', 'name = "Gloomspire"', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    game = bellica.load("bellum-magia", players=5, cards=str(path))
    state = game.new_game(seed=3)
    assert "Gloomspire" in {lord["label"] for lord in state.observation(-1)["lords"]}
    rng = random.Random(3)
    for _ in range(20_000):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal
    assert state.observation(-1)["result"]["winners"]


def test_the_game_refuses_a_bad_card_file_naming_it(tmp_path: Path) -> None:
    path = _file(tmp_path, 'rank = "evil"', 'rank = "wicked"')
    with pytest.raises(InvalidCardData) as caught:
        bellica.load("bellum-magia", cards=str(path))
    assert str(caught.value).startswith(f"{path}: creature #11 (011 Bog Troll), field rank: ")
