"""Siege of Olympus card files: our 86 cards load with the numbering the engine relies on and use
every keyword; a bad file is refused with one InvalidCardData naming the file, the entry and the
field; and the glossary explains every word the cards use."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from card_file_edits import edited, refused
from card_file_fuzz import fuzz_tests

import bellica
from bellica.core.errors import InvalidCardData
from bellica.core.glossary import Glossary, glossary_of, load_glossary
from bellica.games.siege_of_olympus.cards import (
    BEATS,
    CARDS_FILE,
    CLASSES,
    DATA_DIR,
    RACES,
    CardSet,
    Effect,
    describe,
    load_cards,
)
from bellica.games.siege_of_olympus.game import SiegeOfOlympus

CARDS = CARDS_FILE.read_text(encoding="utf-8")
GLOSSARY_FILE = DATA_DIR / "glossary.toml"
CALLIOPE = 'name = "Calliope"\nclass = "spellcaster"\nrace = "olympian"\npiece = 11\ncost = 1\n'
# The rulebook's keywords, and the glossary key of each.
KEYWORDS = {
    "Reborn": "reborn",
    "Ambush": "ambush",
    "Disrupt": "disrupt",
    "Free": "free",
    "Primordial Attack": "primordial",
    "Lethal": "lethal",
    "Copy and Replace": "copy-and-replace",
    "Add": "add",
    "Resistant": "resistant",
    "Search": "search",
    "Pick": "pick",
    "Joker": "joker",
    "Cripple": "cripple",
    "Explore": "explore",
    "Combine": "combine",
    "Paralyze": "paralyze",
    "Exchange": "exchange",
}
VERB_KEYWORDS = {"reborn", "ambush", "free", "search", "pick", "cripple", "explore"}
VERB_KEYWORDS |= {"paralyze", "exchange"}
FLAGS = ("primordial", "lethal", "resistant", "joker")


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


def _all_effects(effects: list[Effect]) -> list[Effect]:
    """The effects and those inside their Pick options."""
    found = []
    for effect in effects:
        found.append(effect)
        for option in effect.pick or []:
            found.extend(_all_effects(option))
    return found


def _effect_lists(cards: CardSet) -> list[list[Effect]]:
    return [
        *(m.effects for m in cards.minion),
        *(s.effects for s in cards.spell),
        *(c.ability for c in cards.commander),
    ]


def keywords_used(cards: CardSet) -> set[str]:
    """The glossary keys of the keywords the set's cards carry."""
    used = set()
    for effects in _effect_lists(cards):
        used |= {e.verb for e in _all_effects(effects)} & VERB_KEYWORDS
        if len(effects) >= 2:
            used.add("combine")
    for minion in cards.minion:
        used |= {flag for flag in FLAGS if getattr(minion, flag)}
        if minion.add is not None:
            used.add("add")
        if minion.copy_ is not None:
            used.add("copy-and-replace")
    if any(spell.disrupt for spell in cards.spell):
        used.add("disrupt")
    return used


# -- our file ---------------------------------------------------------------------------------


def test_our_file_holds_the_86_cards_in_the_fixed_numbering(cards: CardSet) -> None:
    assert [m.number for m in cards.minion] == list(range(1, 46))
    assert [s.number for s in cards.spell] == list(range(46, 67))
    assert [a.number for a in cards.artifact] == list(range(67, 82))
    assert [a.piece for a in cards.artifact] == list(range(1, 16))
    assert [c.number for c in cards.commander] == list(range(82, 86))
    assert cards.olympus.number == 86
    assert cards.olympus.artifacts_to_win == 3


def test_every_card_is_provisional_and_every_name_unique(cards: CardSet) -> None:
    entries = [*cards.minion, *cards.spell, *cards.artifact, *cards.commander, cards.olympus]
    assert len(entries) == 86
    assert all(e.provisional for e in entries)
    assert len({e.name.casefold() for e in entries}) == 86


def test_each_artifact_number_is_a_choice_across_races_and_classes(cards: CardSet) -> None:
    """Three minions carry each number, never all of one race or of one class, so completing
    a set pulls a player away from a single synergy."""
    for piece in range(1, 16):
        carriers = [m for m in cards.minion if m.piece == piece]
        assert len(carriers) == 3, piece
        assert len({m.race for m in carriers}) >= 2, piece
        assert len({m.class_ for m in carriers}) >= 2, piece
    adds = [m.add for m in cards.minion if m.add is not None]
    assert 2 <= len(adds) <= 3


def test_races_classes_and_the_cost_curve(cards: CardSet) -> None:
    races = Counter(m.race for m in cards.minion)
    assert races == dict.fromkeys(RACES, 9)
    classes = Counter(m.class_ for m in cards.minion)
    assert set(classes) == set(CLASSES)
    assert all(7 <= n <= 11 for n in classes.values()), classes
    costs = Counter(min(m.cost, 4) for m in cards.minion)
    assert costs == {0: 10, 1: 12, 2: 10, 3: 8, 4: 5}
    # every race can start an empty board, and big minions are stronger than small ones
    assert {m.race for m in cards.minion if m.cost == 0} == set(RACES)
    size = {c: [m.attack + m.health for m in cards.minion if min(m.cost, 4) == c] for c in costs}
    averages = [sum(size[c]) / len(size[c]) for c in sorted(size)]
    assert averages == sorted(averages), averages
    # rangers shoot with bows and spellcasters with spells; the others fight in melee
    for minion in cards.minion:
        expected = {"ranger": "bow", "spellcaster": "spell"}.get(minion.class_, "melee")
        assert minion.style == expected, minion.name


def test_enough_primordial_minions_to_end_a_game_on_a_commander(cards: CardSet) -> None:
    primordial = [m for m in cards.minion if m.primordial]
    assert 9 <= len(primordial) <= 12
    assert len({m.race for m in primordial}) >= 4
    assert any(m.cost == 0 for m in primordial)
    assert all(18 <= c.health <= 24 for c in cards.commander)
    assert len({c.ability_name for c in cards.commander}) == 4
    assert len({tuple(c.ability) for c in cards.commander}) == 4


def test_every_keyword_is_used(cards: CardSet) -> None:
    assert keywords_used(cards) == set(KEYWORDS.values())
    counts = Counter(
        flag for m in cards.minion for flag in ("lethal", "resistant", "joker") if getattr(m, flag)
    )
    assert counts["joker"] == 2
    assert 2 <= counts["lethal"] <= 4 and 2 <= counts["resistant"] <= 4
    assert 2 <= sum(m.copy_ is not None for m in cards.minion) <= 3
    assert 3 <= sum(m.trigger == "activate" for m in cards.minion) <= 4
    assert 3 <= sum(bool(s.disrupt) for s in cards.spell) <= 4
    spell_verbs = {e.verb for s in cards.spell for e in _all_effects(s.effects)}
    assert spell_verbs >= {"damage", "destroy", "draw", "heal", "search", "reborn", "free"}
    assert spell_verbs >= {"pick", "cripple", "paralyze", "explore", "exchange", "ambush"}


def test_keywords_used_sees_what_a_card_file_removes(tmp_path: Path, cards: CardSet) -> None:
    """The keyword check can fail: without the Joker minions, Joker is missing."""
    path = tmp_path / "cards.toml"
    path.write_text(CARDS.replace("joker = true\n", ""), encoding="utf-8")
    assert keywords_used(load_cards(path)) == set(KEYWORDS.values()) - {"joker"}


# -- bad files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            CALLIOPE + "attack = 1",
            CALLIOPE + 'attack = "1"',
            "minion #3 (003 Calliope), field attack: must be a whole number from 0 to 9, not '1'",
        ),
        (CALLIOPE, CALLIOPE.replace("cost = 1", "cost = true"), "field cost: must be a whole"),
        (CALLIOPE, CALLIOPE.replace("cost = 1", "cost = 1.0"), "field cost: must be a whole"),
        (
            'style = "spell"\neffects = [{ draw = 1 }]',
            'style = "sword"\neffects = [{ draw = 1 }]',
            "minion #3 (003 Calliope), field style: must be 'melee', 'bow' or 'spell'",
        ),
        (
            CALLIOPE,
            CALLIOPE.replace('race = "olympian"', 'race = "god"'),
            "field race: must be 'olympian', 'titan', 'half-god', 'giant' or 'creature'",
        ),
        (CALLIOPE, CALLIOPE.replace("spellcaster", "Spellcaster"), "field class: must be"),
        (
            'name = "Calliope"',
            "name = 3",
            "minion #3 (003 3), field name: must be text in quotes, not 3",
        ),
        (
            "[[minion]]\nnumber = 3\n",
            '[[minion]]\nnumber = "3"\n',
            "minion #3 ('3' Calliope), field number: must be a whole number from 1 to 999",
        ),
        (
            "effects = [{ draw = 1 }]",
            'effects = [{ draw = "1" }]',
            "minion #3 (003 Calliope), field effects.0.draw: must be a whole number from 1 to 10",
        ),
        (
            'number = 46\nname = "Divine Veto"\ndisrupt = ["spell", "effect"]',
            'number = 46\nname = "Divine Veto"\ndisrupt = "spell"',
            "spell #1 (046 Divine Veto), field disrupt: must be a list [...], not 'spell'",
        ),
        (
            "provisional = true\n\n[[minion]]\nnumber = 4\n",
            'provisional = "yes"\n\n[[minion]]\nnumber = 4\n',
            "minion #3 (003 Calliope), field provisional: must be true or false, not 'yes'",
        ),
    ],
)
def test_wrong_types_are_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    _refused(_file(tmp_path, old, new), message)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (CALLIOPE, CALLIOPE.replace("cost = 1", "cost = 8"), "from 0 to 7, not 8"),
        (CALLIOPE, CALLIOPE.replace("cost = 1", "cost = -1"), "field cost: must be a whole"),
        (CALLIOPE, CALLIOPE.replace("piece = 11", "piece = 16"), "from 1 to 15, not 16"),
        (CALLIOPE, CALLIOPE.replace("piece = 11", "piece = 0"), "field piece: must be a whole"),
        (
            CALLIOPE + "attack = 1\nhealth = 2",
            CALLIOPE + "attack = 1\nhealth = 13",
            "minion #3 (003 Calliope), field health: must be a whole number from 1 to 12, not 13",
        ),
        (
            CALLIOPE + "attack = 1",
            CALLIOPE + "attack = " + "9" * 80,
            "cards.toml, line 49: a number has more than 64 digits",
        ),
        ("effects = [{ draw = 1 }]", "effects = [{ draw = 11 }]", "from 1 to 10, not 11"),
        (
            'name = "Kronos"\nhealth = 22',
            'name = "Kronos"\nhealth = 61',
            "commander #1 (082 Kronos), field health: must be a whole number from 1 to 60, not 61",
        ),
        (
            "artifacts_to_win = 3",
            "artifacts_to_win = 16",
            "field olympus.artifacts_to_win: must be a whole number from 1 to 15, not 16",
        ),
        (
            "number = 86",
            "number = 1000",
            "field olympus.number: must be a whole number from 1 to 999, not 1000",
        ),
        (
            'name = "Calliope"',
            'name = "' + "C" * 41 + '"',
            "field name: must be at most 40 characters long, not 41",
        ),
        ('name = "Calliope"', 'name = ""', "minion #3 (003), field name: must not be empty"),
        (
            "effects = [{ draw = 1 }]",
            "effects = [" + "{ draw = 1 }, " * 7 + "]",
            "minion #3 (003 Calliope), field effects: must hold at most 6 entries, not 7",
        ),
    ],
)
def test_numbers_and_sizes_are_bounded(tmp_path: Path, old: str, new: str, message: str) -> None:
    _refused(_file(tmp_path, old, new), message)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            CALLIOPE,
            CALLIOPE + "speed = 3\n",
            "minion #3 (003 Calliope), field speed: is not a known field (known: number, name,",
        ),
        (
            "effects = [{ draw = 1 }]",
            "effects = [{ draw = 1, amount = 2 }]",
            "minion #3 (003 Calliope), field effects.0.amount: is not a known field",
        ),
        ("[[minion]]", "[[minions]]", "field minions: is not a known field (known: minion,"),
        ("[olympus]", "[olympus]\ngoal = 3", "field olympus.goal: is not a known field"),
    ],
)
def test_unknown_keys_are_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    _refused(_file(tmp_path, old, new), message)


@pytest.mark.parametrize(
    ("anchor", "old", "message"),
    [
        (
            "number = 3\n",
            'race = "olympian"\n',
            "minion #3 (003 Calliope), field race: is required",
        ),
        ("number = 3\n", "piece = 11\n", "minion #3 (003 Calliope), field piece: is required"),
        ("number = 3\n", "provisional = true\n", "minion #3 (003 Calliope), field provisional"),
        ("number = 82\n", 'ability_name = "Swallow Whole"\n', "commander #1 (082 Kronos), field"),
        ("[olympus]", "artifacts_to_win = 3\n", "field olympus.artifacts_to_win: is required"),
        ("[olympus]", "number = 86\n", "field olympus.number: is required"),
    ],
)
def test_missing_fields_are_named(tmp_path: Path, anchor: str, old: str, message: str) -> None:
    """`old` is taken out of the entry starting at `anchor`."""
    start = CARDS.index(anchor)
    path = tmp_path / "cards.toml"
    path.write_text(CARDS[:start] + CARDS[start:].replace(old, "", 1), encoding="utf-8")
    _refused(path, message)


VERBS_LIST = "damage, destroy, draw, heal, reborn, free, ambush, search, pick, cripple"


@pytest.mark.parametrize(
    ("new", "message"),
    [
        (
            "effects = [{ draw = 1, heal = 2 }]",
            f"minion #3 (003 Calliope), field effects.0: an effect names exactly one verb of "
            f"{VERBS_LIST}, paralyze, explore, exchange (draw, heal)",
        ),
        ('effects = [{ target = "enemy" }]', "field effects.0: an effect names exactly one verb"),
        ("effects = [{ damage = 2 }]", "field effects.0: damage needs a target"),
        ('effects = [{ draw = 1, target = "enemy" }]', "field effects.0: draw takes no target"),
        (
            'effects = [{ cripple = true, target = "enemy_commander" }]',
            "field effects.0: cripple targets a minion, not enemy_commander",
        ),
        ("effects = [{ draw = 1, max_cost = 2 }]", "max_cost, race and class filter a target"),
        ('effects = [{ damage = 1, target = "enemy_minion", class = "hero" }]', "field effects"),
        ("effects = [{ pick = [[{ draw = 1 }]] }]", "field effects.0.pick: must hold at least 2"),
        (
            "effects = [{ pick = [[{ draw = 1 }], "
            "[{ pick = [[{ draw = 1 }], [{ heal = 1 }]] }]] }]",
            "field effects.0: a pick option cannot hold another pick",
        ),
        ("effects = [{ pick = [[{ draw = 1 }], []] }]", "each pick option holds 1 to 6 effects"),
    ],
)
def test_bad_effects_are_refused(tmp_path: Path, new: str, message: str) -> None:
    _refused(_file(tmp_path, "effects = [{ draw = 1 }]", new), message)


def _without_block(table: str, name: str, text: str = CARDS) -> str:
    """Our file minus the [[table]] entry called `name` (up to the next header or comment)."""
    at = text.index(f'\nname = "{name}"\n')
    start = text.rindex(f"[[{table}]]\n", 0, at)
    end = min(i for i in (text.find("\n[", at), text.find("\n#", at), len(text)) if i >= 0)
    return text[:start] + text[end + 1 :]


def test_an_artifact_number_on_four_minions_names_the_fourth(tmp_path: Path) -> None:
    path = _file(tmp_path, CALLIOPE, CALLIOPE.replace("piece = 11", "piece = 15"))
    _refused(
        path,
        "minion #43 (043 Chimera), field piece: artifact 15 is already carried by three minions "
        "(minion #1 (001 Olympian Archer); minion #3 (003 Calliope); minion #18 (018 Atlas))",
    )


def test_an_artifact_number_on_two_minions_names_the_artifact(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(_without_block("minion", "Cerberus"), encoding="utf-8")
    _refused(
        path,
        "artifact #8 (074 Talaria), field piece: each artifact needs exactly three minions "
        "carrying its number 8, not 2 (minion #21 (021 Pollux); minion #28 (028 Agrius))",
    )


def test_a_piece_without_an_artifact_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(_without_block("artifact", "Harpe"), encoding="utf-8")
    _refused(path, "minion #19 (019 Castor), field piece: no artifact has the number 3")


def test_an_add_naming_no_artifact_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(_without_block("artifact", "Aegis"), encoding="utf-8")
    _refused(
        path,
        "minion #18 (018 Atlas), field add: no artifact has the number 1 (artifacts: 2, 3, 4,",
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("add = 1\n", "add = 15\n", "minion #18 (018 Atlas): add names a second artifact number"),
        ("add = 1\n", "add = 16\n", "field add: must be a whole number from 1 to 15, not 16"),
        (
            "number = 46\n",
            "number = 3\n",
            "spell #1 (003 Divine Veto), field number: 003 is already the number of "
            "minion #3 (003 Calliope)",
        ),
        (
            "number = 86\n",
            "number = 82\n",
            "olympus (082 Mount Olympus), field number: 082 is already the number of "
            "commander #1 (082 Kronos)",
        ),
        (
            'name = "Circe"',
            'name = "Calliope"',
            "minion #24 (024 Calliope), field name: 'Calliope' is already the name of "
            "minion #3 (003 Calliope)",
        ),
        (
            'name = "Harpe"\npiece = 3',
            'name = "Harpe"\npiece = 2',
            "artifact #3 (069 Harpe), field piece: artifact number 2 is already "
            "artifact #2 (068 Golden Fleece)",
        ),
        ("joker = true\n", 'joker = true\ncopy = "race"\n', "a Joker or copies, not both"),
        ('copy = "race"', 'copy = "name"', "field copy: must be 'attack', 'health', 'class'"),
        ('trigger = "activate"', 'trigger = "death"', "field trigger: must be 'summon'"),
        (
            'style = "spell"\ntrigger = "activate"\neffects = [{ damage = 1, target = "enemy_'
            'minion" }]',
            'style = "spell"\ntrigger = "activate"',
            "minion #6 (006 Urania): an activated minion needs effects",
        ),
        ('disrupt = ["spell", "effect"]', "disrupt = []", "spell #1 (046 Divine Veto): a spell"),
        ('disrupt = ["spell", "effect"]', 'disrupt = ["spell", "spell"]', "at most once"),
        ('disrupt = ["spell", "effect"]', 'disrupt = ["minion"]', "field disrupt.0: must be"),
        (
            'disrupt = ["spell", "effect"]',
            'disrupt = ["spell"]\neffects = [{ ambush = true }]',
            "a Disrupt spell is cast in the opponent's turn: no ambush or exchange",
        ),
        (
            'ability = [{ destroy = true, target = "enemy_minion", max_cost = 4 }]',
            "ability = [{ ambush = true }]",
            "commander #1 (082 Kronos): a Commander ability cannot ambush",
        ),
        (
            'ability = [{ destroy = true, target = "enemy_minion", max_cost = 4 }]',
            "ability = []",
            "commander #1 (082 Kronos), field ability: must hold at least 1 entries",
        ),
        ("artifacts_to_win = 3", "artifacts_to_win = 15", None),
    ],
)
def test_inconsistent_cards_are_refused(
    tmp_path: Path, old: str, new: str, message: str | None
) -> None:
    path = _file(tmp_path, old, new)
    if message is None:  # a set may ask for every one of its artifacts
        assert load_cards(path).olympus.artifacts_to_win == 15
    else:
        _refused(path, message)


def test_olympus_cannot_ask_for_more_artifacts_than_the_set_has(tmp_path: Path) -> None:
    text = _without_block("artifact", "Chariot of Helios")
    for name in ("Olympian Archer", "Atlas", "Chimera"):
        text = _without_block("minion", name, text)
    path = _file(tmp_path, "artifacts_to_win = 3", "artifacts_to_win = 15", text)
    _refused(
        path,
        "olympus (086 Mount Olympus), field artifacts_to_win: 15 is more than the 14 artifacts",
    )


def test_a_smaller_set_of_ones_own_loads(tmp_path: Path) -> None:
    """A user's file need not have 86 cards: one artifact fewer, with its three minions."""
    text = _without_block("artifact", "Chariot of Helios")
    for name in ("Olympian Archer", "Atlas", "Chimera"):
        text = _without_block("minion", name, text)
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    cards = load_cards(path)
    assert (len(cards.minion), len(cards.artifact)) == (42, 14)


# -- fuzzing ----------------------------------------------------------------------------------

test_a_mangled_card_file_loads_or_is_refused, test_random_values_in_fields_load_or_are_refused = (
    fuzz_tests(
        CARDS,
        load_cards,
        words=[*CLASSES, *RACES, "bow", "spell", "enemy", "prisoner", "activate", "any"],
        keys=[
            "damage",
            "draw",
            "pick",
            "target",
            "max_cost",
            "class",
            "race",
            "optional",
            "explore",
        ],
    )
)


# -- the glossary -----------------------------------------------------------------------------


def _texts(cards: CardSet) -> list[str]:
    texts = [describe(m.effects) for m in cards.minion if m.effects]
    texts += [describe(s.effects, spell=True) for s in cards.spell if s.effects]
    return texts + [describe(c.ability) for c in cards.commander]


def test_an_ambush_names_who_attacks(cards: CardSet) -> None:
    perseus = next(m for m in cards.minion if m.name == "Perseus")
    ares = next(s for s in cards.spell if s.name == "Call of Ares")
    assert describe(perseus.effects) == "Ambush: this minion attacks an enemy minion now."
    assert describe(ares.effects, spell=True) == (
        "Ambush: one of your minions attacks an enemy minion now."
    )


def test_the_glossary_has_an_entry_for_every_keyword_class_race_and_term(
    glossary: Glossary,
) -> None:
    keys = {entry.key for entry in glossary.entry}
    terms = {"prisoner", "underworld", "tartarus", "agora", "artifact", "artifact-piece"}
    terms |= {"commander", "olympus", "minion", "spell", "cost", "attack", "health"}
    terms |= {"melee", "ranged", "bow", "deploy", "recruit", "attack-phase"}
    terms |= {"dodge", "paralyzed", "crippled", "attacked", "used", "fresh"}
    wanted = set(KEYWORDS.values()) | set(CLASSES) | set(RACES) | terms
    assert wanted - keys == set()
    for word, key in KEYWORDS.items():
        assert glossary.find(f"It has {word}.")[0] == key, word


def test_each_class_and_race_entry_states_its_synergy(glossary: Glossary) -> None:
    for name in CLASSES:
        entry = glossary.get(name)
        assert entry is not None and entry.category == "clan"
        assert ("three or more" in entry.text) == (name != "neutral"), name
    for race, beaten in BEATS.items():
        entry = glossary.get(race)
        assert entry is not None and entry.category == "clan"
        assert f"destroy an enemy {beaten.capitalize()} minion" in entry.text, race
        assert "costing 3 or less" in entry.text


def test_every_label_and_game_word_of_a_card_text_has_an_entry(
    glossary: Glossary, cards: CardSet
) -> None:
    """ "Reborn: ...", "Explore: ...": each label is a keyword; inside a sentence a capital
    marks a game word (Underworld, Tartarus, Deck, Agora, Commander, Artifact)."""
    labels: set[str] = set()
    words: set[str] = set()
    for text in _texts(cards):
        labels |= set(re.findall(r"(?:^|[.(] ?)([A-Z][a-z]+):", text))
        words |= set(re.findall(r"(?<=[a-z] )[A-Z][a-z-]+", text))
    assert labels == {"Reborn", "Free", "Ambush", "Explore", "Exchange"}
    assert {"Underworld", "Tartarus", "Deck", "Agora", "Commander", "Artifact"} <= words
    assert {w for w in labels | words if not glossary.find(w)} == set()
    for text in _texts(cards):
        verbs = glossary.find(text)
        assert verbs, text


def test_a_glossary_word_may_mark_only_one_entry(tmp_path: Path) -> None:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    path = tmp_path / "glossary.toml"
    path.write_text(text.replace('words = ["dodge", "dodges"]', 'words = ["dodge", "lethal"]'))
    with pytest.raises(InvalidCardData, match="the word 'lethal' marks 2 entries"):
        load_glossary(path)


# -- the game with a card file ----------------------------------------------------------------


def _siege(cards: str | None = None, **options: str) -> SiegeOfOlympus:
    game = bellica.load("siege-of-olympus", cards=cards, options=options)
    assert isinstance(game, SiegeOfOlympus)
    return game


def _play_out(state: bellica.State, seed: int) -> bellica.State:
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal
    return state


def test_the_game_plays_a_users_own_card_file(tmp_path: Path) -> None:
    """`bellica.load(..., cards=PATH)`: the game deals and plays the edited cards."""
    text = CARDS.replace('name = "Calliope"', 'name = "Clio"', 1)
    text = text.replace('name = "Kronos"\nhealth = 22', 'name = "Kronos"\nhealth = 9', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    game = _siege(str(path), commanders="Kronos,Typhon")
    assert game.table.label[game.table.uid("003")] == "Clio (003)"
    state = game.new_game(seed=5)
    assert [p["max_health"] for p in state.observation(-1)["players"]] == [9, 20]
    _play_out(state, 5)
    assert state.observation(-1)["result"]["winners"]


def test_the_game_refuses_a_bad_card_file_naming_it(tmp_path: Path) -> None:
    path = _file(tmp_path, CALLIOPE, CALLIOPE.replace("cost = 1", "cost = 9"))
    with pytest.raises(InvalidCardData) as caught:
        bellica.load("siege-of-olympus", cards=str(path))
    assert str(caught.value).startswith(f"{path}: minion #3 (003 Calliope), field cost: ")
    path.write_text(CARDS.replace("piece = 11\n", "piece = 12\n", 1), encoding="utf-8")
    with pytest.raises(InvalidCardData, match="field piece: artifact 12 is already carried"):
        bellica.load("siege-of-olympus", cards=str(path))


def test_our_cards_play_to_an_end(cards: CardSet) -> None:
    """Random games with our set end (a Commander falls or Olympus does) before the turn
    limit: enough Primordial minions and damage reach the Commanders."""
    game = _siege()
    assert game.card_set == cards
    for seed in range(6):
        state = _play_out(game.new_game(seed=seed), seed)
        assert "turn limit" not in state.observation(-1)["result"]["reason"].lower()


def test_every_keyword_the_game_tags_and_every_word_of_its_card_texts_has_an_entry() -> None:
    """The view's `keywords` of each card are glossary keys, and each card text's labels
    ("Lethal.", "Reborn: ...") and game words (Underworld, Deploy) are marked."""
    game = _siege()
    glossary = glossary_of(game)
    keys = {entry.key for entry in glossary.entry}
    tagged = {key for card_keys in game.keywords for key in card_keys}
    assert tagged == set(KEYWORDS.values())
    assert tagged <= keys
    titles = [c.name for c in game.table.card] + [c.ability_name for c in game.card_set.commander]
    names = {word for title in titles for word in re.findall(r"[A-Z][a-z-]+", title)}
    for text in game.texts:
        marked = _marked(glossary, text)
        for label in re.finditer(r"(?:^|[.:] )([A-Z][a-z]+(?: [A-Z][a-z]+)*)[.:]", text):
            assert label.start(1) in marked, (label[1], text)
        for word in re.finditer(r"(?<=[a-z,] )[A-Z][a-z-]+", text):
            assert word[0] in names or word.start() in marked, (word[0], text)


def _marked(glossary: Glossary, text: str) -> set[int]:
    """The positions of `text` inside a word or phrase that marks a glossary entry."""
    inside = set()
    for entry in glossary.entry:
        for word in entry.marks():
            for hit in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE):
                inside |= set(range(hit.start(), hit.end()))
    return inside
