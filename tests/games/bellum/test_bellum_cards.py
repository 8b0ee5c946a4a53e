"""Card files: our own validates, a user's file is played, and a bad one is refused clearly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bellica
from bellica.games.bellum.cards import CARDS_FILE, load_cards


def _variant_file(tmp_path: Path, old: str, new: str) -> Path:
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_our_card_file_loads() -> None:
    """The shipped file is valid and every card has text in our words."""
    cards = load_cards().card
    assert len(cards) == 94
    assert all(card.text for card in cards)


def test_a_users_card_file_is_played(tmp_path: Path) -> None:
    """bellica.load(..., cards=PATH) plays with the user's numbers."""
    path = _variant_file(tmp_path, 'name = "Hercules"', 'name = "Heracles"')
    game = bellica.load("bellum", cards=str(path))
    assert game.table.label[game.table.uid(44)] == "Heracles (044)"
    state = game.new_game(seed=1)
    assert state.legal_actions()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('name = "Yama"\ndeck = "olympus"', 'name = "Yama"\ndeck = "shop"', "deck"),
        ("power = 6", "power = 0", "power"),
        ('summon = "Spartan"', 'summon = "Zeus"', "not a Stock card"),
        ("number = 94", "number = 93", "093: its number is used twice"),
        (
            'assault = [{ damage = 2, target = "creature", optional = true }]',
            "assault = [{ damage = 2, optional = true }]",
            "needs a target",
        ),
        (
            'assault = [{ damage = 2, target = "creature", optional = true }]',
            'assault = [{ damage = 2, heal = 1, target = "creature" }]',
            "exactly one verb",
        ),
        (
            'assault = [{ damage = 2, target = "creature", optional = true }]',
            "assault = [{ smite = 2 }]",
            "smite",
        ),
    ],
)
def test_a_bad_card_file_names_file_card_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    """The error says which file, which card and what is wrong."""
    path = _variant_file(tmp_path, old, new)
    with pytest.raises(bellica.InvalidCardData) as caught:
        bellica.load("bellum", cards=str(path))
    text = str(caught.value)
    assert str(path) in text
    assert message in text
    assert re.search(r"card (#\d+|\d{3})", text), text


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    """A missing file or broken TOML is refused with the path."""
    with pytest.raises(bellica.InvalidCardData, match="cannot read"):
        bellica.load("bellum", cards=str(tmp_path / "none.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("[[card]\nnumber = ", encoding="utf-8")
    with pytest.raises(bellica.InvalidCardData, match="not valid TOML"):
        bellica.load("bellum", cards=str(broken))


def _without(tmp_path: Path, numbers: set[int]) -> Path:
    """Our card file minus some cards."""
    blocks = CARDS_FILE.read_text(encoding="utf-8").split("[[card]]")
    kept = [blocks[0]] + [
        b for b in blocks[1:] if int(re.search(r"number = (\d+)", b)[1]) not in numbers
    ]
    path = tmp_path / "cards.toml"
    path.write_text("[[card]]".join(kept), encoding="utf-8")
    return path


def test_a_file_without_a_city_plays_with_the_others(tmp_path: Path) -> None:
    """Without Troy the random draw picks Athens and Sparta; asking for Troy is refused."""
    path = str(_without(tmp_path, {9, 10, 11, 12}))
    game = bellica.load("bellum", cards=path)
    assert game.new_game(seed=5).cities in (["Athens", "Sparta"], ["Sparta", "Athens"])
    with pytest.raises(bellica.InvalidConfig, match="Troy is not in the card set"):
        bellica.load("bellum", cards=path, options={"cities": "troy,athens"})
    with pytest.raises(bellica.InvalidCardData, match="needs the city of Troy"):
        bellica.load("bellum", variant="solo-troy", cards=path)


def test_basic_cards_come_in_pairs(tmp_path: Path) -> None:
    """A Basic design with one copy cannot fill two starter decks."""
    with pytest.raises(bellica.InvalidCardData, match="'Satyr' needs two copies"):
        bellica.load("bellum", cards=str(_without(tmp_path, {17})))


def test_ongoing_abilities_affect_their_owner_only(tmp_path: Path) -> None:
    """Battlefield rule 3: an ongoing ability that reaches the enemy is refused."""
    path = _variant_file(
        tmp_path,
        'ongoing = [{ power = 1, target = "own_creatures" }]',
        'ongoing = [{ power = -1, target = "enemy_creatures" }]',
    )
    with pytest.raises(bellica.InvalidCardData, match="only its owner's creatures"):
        bellica.load("bellum", cards=str(path))


def test_a_flip_into_a_face_that_cannot_live_ends_in_the_discard_pile(tmp_path: Path) -> None:
    """A user's Styx that is a creature flipping back on death, under a -10 ongoing malus:
    Cerberus dies, flips into Styx, which has no power left either, and is buried instead of
    flipping for ever."""
    text = CARDS_FILE.read_text(encoding="utf-8")
    text = text.replace(
        'ongoing = [{ power = 1, target = "own_creatures" }]',
        'ongoing = [{ power = -10, target = "own_creatures" }]',
    )
    styx = text.index('name = "Styx"')
    rally = text.index("rally = ", styx)
    end = text.index("\n", rally)
    text = (
        text[:styx]
        + 'name = "Styx"\nkind = "creature"\nclan = "myth"\npower = 1\n'
        + 'text = "A test face."\ndeath = [{ flip = true }]'
        + text[end:]
    )
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    from bellum_helpers import do, position, uid

    state = position(hands={0: [15]}, play={0: [26]}, cards=str(path))
    do(state, "Play Cerberus")
    assert uid(state, 15) in state.discard[0]
    assert state.face[uid(state, 15)] == 0
