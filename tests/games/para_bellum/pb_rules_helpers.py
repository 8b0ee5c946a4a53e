"""Helpers for the Para Bellum rulings tests: a small card set whose cards say what they are by
their names ("Gold Left" has a closed left edge and an open right one), positions edited from a
seeded game, and actions chosen by kind and card."""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import bellica
from bellica.games.para_bellum.cards import COLOURS

# Army cards of every colour: (name suffix, left edge, right edge, extra fields). "Solo" is a
# one-card Legion; "Left" … "Middle" … "Right" build longer ones.
SHAPES: list[tuple[str, str, str, str]] = [
    ("Solo", "closed", "closed", ""),
    ("Left", "closed", "open", ""),
    ("Right", "open", "closed", ""),
    ("Middle", "open", "open", ""),
    ("Full Middle", "open", "open", "full = true\n"),
    ("Full Left", "closed", "open", "full = true\n"),
    ("Horn Left", "closed", "open", 'cornicine = "right"\n'),
    ("Rider Right", "open", "closed", 'mounted = "top"\n'),
    ("Rider Solo", "closed", "closed", 'mounted = "bottom"\n'),
]
# Cards for three (III) and four (IV) players only.
EXTRA = [("Solo III", 3), ("Solo IV", 4)]


def _army() -> list[str]:
    parts = []
    number = 0
    for colour in COLOURS:
        number += 1
        parts.append(
            f'[[army]]\nnumber = {number}\nname = "{colour.title()} Start"\ncolour = "{colour}"\n'
            'start = true\nleft = "open"\nright = "open"\nprovisional = false\n'
        )
    for colour in COLOURS:
        for suffix, left, right, extra in SHAPES:
            number += 1
            parts.append(
                f'[[army]]\nnumber = {number}\nname = "{colour.title()} {suffix}"\n'
                f'colour = "{colour}"\nleft = "{left}"\nright = "{right}"\n{extra}'
                "provisional = false\n"
            )
        for suffix, players in EXTRA:
            number += 1
            parts.append(
                f'[[army]]\nnumber = {number}\nname = "{colour.title()} {suffix}"\n'
                f'colour = "{colour}"\nplayers = {players}\nleft = "closed"\nright = "closed"\n'
                "provisional = false\n"
            )
    return parts


# Command cards: (number, name, type, copies, body).
COMMAND: list[tuple[int, str, str, int, str]] = [
    (
        101,
        "Pay Parade",
        "order",
        3,
        "[[command.options]]\neffects = [{ vp = 1 }]\n"
        '[[command.options]]\ncost = [{ die = "grey", pips = 1 }]\neffects = [{ coins = 2 }]\n',
    ),
    (
        102,
        "Veteran Drill",
        "order",
        1,
        '[[command.options]]\ncost = [{ die = "grey", pips = 1, banner = "veterani" }]\n'
        "effects = [{ vp = 2 }]\n",
    ),
    (
        103,
        "Levy",
        "order",
        2,
        '[[command.options]]\neffects = [{ recruit = "grey" }]\n',
    ),
    (
        104,
        "Paymaster",
        "permanent",
        2,
        'subtypes = ["character"]\n[command.action]\ncost = [{ die = "grey", pips = 1 }]\n'
        "effects = [{ coins = 1 }]\n",
    ),
    (
        105,
        "Saboteur",
        "permanent",
        1,
        'subtypes = ["character"]\n[command.action]\neffects = [{ disable = "any" }]\n',
    ),
    (
        106,
        "Assassin",
        "permanent",
        1,
        'subtypes = ["character"]\n[command.action]\neffects = [{ eliminate = "character" }]\n',
    ),
    (
        107,
        "Granary",
        "permanent",
        1,
        'subtypes = ["construct"]\n[command.rule]\nhand_limit = 1\n',
    ),
    (
        108,
        "Siege Tower",
        "special",
        1,
        'subtypes = ["construct"]\n[command.action]\neffects = [{ coins = 1 }]\n',
    ),
    (
        109,
        "Ram",
        "special",
        1,
        'subtypes = ["construct"]\n[command.action]\neffects = [{ vp = 1 }]\n',
    ),
    (
        110,
        "Scouts",
        "order",
        2,
        "[[command.options]]\neffects = [{ coins = 1 }]\n",
    ),
]


def _command() -> list[str]:
    parts = []
    for number, name, kind, copies, body in COMMAND:
        parts.append(
            f'[[command]]\nnumber = {number}\nname = "{name}"\ntype = "{kind}"\n'
            f"copies = {copies}\nprovisional = false\n{body}"
        )
    return parts


# Objectives: (name, kind, at least, points, secret); numbered from 201.
OBJECTIVES: list[tuple[str, str, int, int, bool]] = [
    ("Treasury", "coins", 5, 3, False),
    ("Hoard", "coins", 6, 4, True),
    *[(f"Quiet Camp {i}", "coins", 50, 1, True) for i in range(1, 13)],
]
# Battle Bonuses by colour on the one Battle card: each colour gives something different.
BONUS = {
    "gold": "[{ vp = 1 }]",
    "green": "[{ coins = 2 }]",
    "purple": "[{ vp = 3 }]",
    "white": "[{ coins = 4 }]",
    "black": "[{ vp = 5 }]",
}


def card_file_text() -> str:
    parts = _army() + _command()
    for i, (name, kind, at_least, points, secret) in enumerate(OBJECTIVES):
        parts.append(
            f'[[objective]]\nnumber = {201 + i}\nname = "{name}"\nkind = "{kind}"\n'
            f"at_least = {at_least}\npoints = {points}\nsecret = {str(secret).lower()}\n"
            "provisional = false\n"
        )
    parts.append(
        '[[event]]\nnumber = 301\nname = "Pay Day"\nprovisional = false\n'
        "on_reveal = [{ coins = 1 }]\n"
    )
    parts.append(
        '[[event]]\nnumber = 302\nname = "Drill Season"\nprovisional = false\n'
        "[event.modifiers]\nempower_bonus = 1\n"
    )
    parts.append(
        '[[battle]]\nnumber = 401\nname = "Test Field"\nprovisional = false\n'
        + "".join(f"{colour} = {effects}\n" for colour, effects in BONUS.items())
    )
    for number, name in ((501, "Eastern Pact"), (502, "Western Pact")):
        parts.append(
            f'[[alliance]]\nnumber = {number}\nname = "{name}"\ntrack = 2\nprovisional = false\n'
            'bonus = [{ vp = 2 }]\n[alliance.action]\ncost = [{ die = "general", pips = 1 }]\n'
            "effects = [{ coins = 1 }]\n"
        )
    parts.append(
        "[basic]\n"
        'command = [{ die = "general", pips = 1 }]\n'
        'deploy = [{ die = "red", pips = 2 }]\n'
        'muster = [{ die = "general", pips = 1 }]\n'
        'empower = [{ die = "red", pips = 1 }]\n'
        'consult = [{ die = "general", pips = 1 }]\n'
        'motivate = [{ die = "red", pips = 1 }]\n'
        "requisition = []\n"
        "provisional = false\n"
    )
    return "\n".join(parts)


@cache
def cards_path() -> str:
    """The test card file, in the temporary folder under a name its content decides (written
    whole, then renamed, so parallel runs never read half a file)."""
    text = card_file_text()
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    path = Path(tempfile.gettempdir()) / f"bellica-pb-rules-{digest}.toml"
    if not path.exists():
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    return str(path)


@cache
def _loaded(players: int, options: tuple[tuple[str, Any], ...]) -> Any:
    return bellica.load("para-bellum", players=players, options=dict(options), cards=cards_path())


def game(players: int = 2, **options: Any) -> Any:
    """The game on the test cards (loaded once per configuration)."""
    return _loaded(players, tuple(sorted(options.items())))
